import {
  auditExportQuery,
  auditListResponse,
  auditPublicKeyResponse,
  auditQuery,
  auditVerifyQuery,
  auditVerifyResponse,
  errorBody,
} from '@vault/contract';
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
        summary: 'Export audit entries as CSV, or one chain as NDJSON an auditor verifies offline',
        tags,
        querystring: auditExportQuery,
        produces: ['text/csv', 'application/x-ndjson'],
        response: {
          200: z.string().describe('CSV, one line per entry; or NDJSON, one entry per line and a signed checkpoint last'),
          400: errorBody,
        },
      },
    },
    async (request, reply) => {
      const ndjson = request.query.format === 'ndjson';
      const { fileName, stream } = ndjson
        ? await service.exportNdjson(request.ctx, request.query, app.auditSigner)
        : await service.exportCsv(request.ctx, request.query);
      return reply
        .type(ndjson ? 'application/x-ndjson; charset=utf-8' : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream as never);
    },
  );

  app.get(
    '/api/v1/audit/verify',
    {
      config: { sponsor: 'optional', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        summary: 'Verify an audit chain: whole, or the first broken entry and the gaps',
        tags,
        querystring: auditVerifyQuery,
        response: { 200: auditVerifyResponse, 400: errorBody, 403: errorBody },
      },
    },
    async (request) => service.verify(request.ctx, app.auditSigner),
  );

  app.get(
    '/api/v1/audit/public-key',
    {
      // A public key is public: an auditor fetches it without an account.
      config: { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        summary: 'The Ed25519 public key that verifies audit checkpoints',
        tags,
        response: { 200: auditPublicKeyResponse, 429: errorBody },
      },
    },
    async () => service.publicKey(app.auditSigner),
  );
};
