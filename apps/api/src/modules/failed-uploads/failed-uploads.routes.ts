import {
  errorBody,
  failedUpload,
  failedUploadIdsBody,
  failedUploadsQuery,
  listResponse,
  reportFailedUploadBody,
  serverMessage,
} from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './failed-uploads.service.js';

const sponsorQuery = z.object({ sponsorId: z.coerce.number().int().min(0) });
const tags = ['failed files'];

/** Failed Files (/upload-failed-files): reported by the vault service, seen, retried or dismissed by admins. */
export const failedUploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/upload-failed-files',
    {
      config: { auth: 'integration', scope: 'report_failed_uploads', rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        summary: 'Report a failed upload (integration key)',
        tags,
        security: [{ apiKey: [] }],
        body: reportFailedUploadBody,
        response: {
          201: z.object({ id: z.number().int(), message: z.string() }),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const result = await service.report(
        app.db,
        request.actor,
        request.sponsor!.id,
        request.integration!.sponsorIntegrationId,
        request.body,
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/v1/upload-failed-files',
    {
      config: { sponsor: 'required', allPortals: true },
      schema: {
        summary: 'List failed uploads',
        description:
          'The failed uploads of `sponsorId`, newest first; staff may list every portal with `allPortals=true` instead. Each names its portal (`sponsorId`, `sponsorCode`).',
        tags,
        querystring: failedUploadsQuery,
        response: { 200: listResponse(failedUpload), 400: errorBody, 403: errorBody },
      },
    },
    async (request) => service.list(request.ctx, request.query, request.allPortals),
  );

  // Retry and dismiss differ only in path, wording and the service step.
  const statusRoutes = [
    { url: '/api/v1/upload-failed-files/retry', summary: 'Ask for failed uploads to be retried', run: service.retry },
    { url: '/api/v1/upload-failed-files/dismiss', summary: 'Dismiss failed uploads', run: service.dismiss },
  ];
  for (const route of statusRoutes) {
    app.post(
      route.url,
      {
        config: { sponsor: 'required' },
        schema: {
          summary: route.summary,
          tags,
          querystring: sponsorQuery,
          body: failedUploadIdsBody,
          response: { 200: serverMessage, 404: errorBody },
        },
      },
      async (request) => route.run(request.ctx, request.body.ids),
    );
  }
};
