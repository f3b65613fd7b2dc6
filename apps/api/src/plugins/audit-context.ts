import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The audit concern as a named plugin: it orders after auth so request.actor is known.
 * The writing itself is `writeAudit` (plugins/audit.ts), called inside each change's transaction.
 */
export default fp(async (_app: FastifyInstance) => {}, { name: 'audit', dependencies: ['auth'] });
