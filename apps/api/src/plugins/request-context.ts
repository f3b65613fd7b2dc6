import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RequestContext } from './types.js';

/**
 * request.ctx, the one context every service takes: built once, after auth (user, actor) and tenant
 * (sponsor) have run their checks, so a route hands it on without assembling it.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('ctx', null as never);
    app.addHook('preHandler', async (request) => {
      request.ctx = {
        db: app.db,
        actor: request.actor,
        user: request.user as RequestContext['user'],
        sponsor: request.sponsor as RequestContext['sponsor'],
        publicUrl: app.config.publicUrl,
      };
    });
  },
  { name: 'request-context', dependencies: ['auth', 'tenant'] },
);
