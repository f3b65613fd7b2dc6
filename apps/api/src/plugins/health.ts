import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const live = z.object({ status: z.literal('ok') });
const ready = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['ok', 'unreachable']), latencyMs: z.number().optional() });

/**
 * Liveness and readiness for load balancers and container health checks. Liveness never touches
 * the database, so an outage there does not get every instance restarted; readiness answers 503
 * until the database answers, so a balancer sends no traffic to an instance that cannot serve it.
 */
export default fp(
  async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const schema = { tags: ['health'], security: [] };
    app.get(
      '/api/health',
      { config: { auth: 'public' }, schema: { ...schema, summary: 'Check that this instance is alive', response: { 200: live } } },
      async () => ({
        status: 'ok' as const,
      }),
    );
    app.get(
      '/api/health/ready',
      {
        config: { auth: 'public' },
        schema: { ...schema, summary: 'Check that this instance and its database answer', response: { 200: ready, 503: ready } },
      },
      async (_request, reply) => {
        const started = performance.now();
        try {
          await app.database.query('select 1');
          return { status: 'ok' as const, database: 'ok' as const, latencyMs: Math.round(performance.now() - started) };
        } catch {
          return reply.status(503).send({ status: 'error', database: 'unreachable' });
        }
      },
    );
  },
  { name: 'health' },
);
