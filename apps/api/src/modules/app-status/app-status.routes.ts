import { errorBody, serviceStatus } from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './app-status.service.js';

/** App Status (/service-status): specification section 7, answering data, message and status. */
export const appStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/admin/:sponsorId',
    {
      config: { sponsor: 'required' },
      schema: {
        summary: 'App status checks for a sponsor',
        tags: ['app status'],
        params: z.object({ sponsorId: z.coerce.number().int().min(0) }),
        response: { 200: serviceStatus, 400: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => service.status(app.database, app.config, request.sponsor!),
  );
};
