import {
  apiKeyIssued,
  appIntegration,
  enableIntegrationBody,
  errorBody,
  idParam,
  listResponse,
  serverMessage,
  sponsorIntegration,
  updateIntegrationBody,
} from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './integrations.service.js';

const sponsorQuery = z.object({ sponsorId: z.coerce.number().int().min(0) });
const params = z.object({ id: idParam });
const config = { sponsor: 'required', permission: 'hasIntegrationAccess' } as const;
const tags = ['app integrations'];

/** App Integrations (/app-integrations): the catalogue and, per sponsor, enable, configure, disable, rotate key. */
export const integrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/app-integrations',
    {
      config,
      schema: {
        summary: 'List the app integration catalogue',
        tags,
        querystring: sponsorQuery,
        response: { 200: listResponse(appIntegration) },
      },
    },
    async (request) => {
      const data = await service.list(request.ctx);
      return { data, total: data.length };
    },
  );

  app.post(
    '/api/v1/app-integrations/:id/enable',
    {
      config,
      schema: {
        summary: 'Enable an integration for the sponsor and issue its key',
        tags,
        params,
        querystring: sponsorQuery,
        body: enableIntegrationBody,
        response: { 201: apiKeyIssued, 400: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const result = await service.enable(request.ctx, request.params.id, request.body.config);
      return reply.status(201).send(result);
    },
  );

  app.put(
    '/api/v1/sponsor-integrations/:id',
    {
      config,
      schema: {
        summary: "Edit an enabled integration's configuration",
        tags,
        params,
        querystring: sponsorQuery,
        body: updateIntegrationBody,
        response: { 200: sponsorIntegration, 400: errorBody },
      },
    },
    async (request) => service.updateConfig(request.ctx, request.params.id, request.body.config),
  );

  app.post(
    '/api/v1/sponsor-integrations/:id/disable',
    {
      config,
      schema: {
        summary: 'Disable an integration and stop its key',
        tags,
        params,
        querystring: sponsorQuery,
        response: { 200: serverMessage },
      },
    },
    async (request) => service.disable(request.ctx, request.params.id),
  );

  app.post(
    '/api/v1/sponsor-integrations/:id/rotate-key',
    {
      config,
      schema: {
        summary: "Replace an integration's key",
        tags,
        params,
        querystring: sponsorQuery,
        response: { 200: apiKeyIssued, 409: errorBody },
      },
    },
    async (request) => service.rotateKey(request.ctx, request.params.id),
  );
};
