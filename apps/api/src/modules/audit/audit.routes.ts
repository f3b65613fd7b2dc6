import { auditExportQuery, auditListResponse, auditQuery, errorBody } from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './audit.service.js';

const tags = ['audit'];

/** Audit Logs (/audit-logs): read-only. No route changes or deletes an entry; the database refuses it too. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/audit',
    {
      config: { sponsor: 'optional' },
      schema: {
        summary: 'List audit entries',
        tags,
        querystring: auditQuery,
        response: { 200: auditListResponse, 400: errorBody, 403: errorBody },
      },
    },
    async (request) => service.list(request.ctx, request.query),
  );

  app.get(
    '/api/v1/audit/export',
    {
      config: { sponsor: 'optional', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        summary: 'Export audit entries as CSV',
        tags,
        querystring: auditExportQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV, one line per entry'), 400: errorBody },
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await service.exportCsv(request.ctx, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream as never);
    },
  );
};
