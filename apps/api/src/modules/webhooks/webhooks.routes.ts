import {
  createWebhookBody,
  errorBody,
  idParam,
  listResponse,
  pageQuery,
  serverMessage,
  updateWebhookBody,
  webhookDelivery,
  webhookItem,
  webhookWithSecret,
} from '@vault/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './webhooks.service.js';

const sponsorQuery = z.object({ sponsorId: z.coerce.number().int().min(0) });
const params = z.object({ id: idParam });
// Staff, and administrators with "Manage integrations" (decision 0043).
const config = { sponsor: 'required', permission: 'hasManageIntegrationsAccess' } as const;
const tags = ['webhooks'];

/** Webhooks (App Integrations → Webhooks): a portal's endpoints, their secrets and delivery logs. */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const policy = { privateAllowed: app.config.NODE_ENV !== 'production' };
  const ctx = (request: FastifyRequest): service.WebhookCtx => ({ ...request.ctx, key: app.mfaKey, policy });

  app.get(
    '/api/v1/webhooks',
    {
      config,
      schema: { summary: "List the portal's webhooks", tags, querystring: sponsorQuery, response: { 200: listResponse(webhookItem) } },
    },
    async (request) => service.list(ctx(request)),
  );

  app.post(
    '/api/v1/webhooks',
    {
      config,
      schema: {
        summary: 'Subscribe an endpoint; answers its signing secret this once',
        tags,
        querystring: sponsorQuery,
        body: createWebhookBody,
        response: { 201: webhookWithSecret, 400: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(ctx(request), request.body)),
  );

  app.get(
    '/api/v1/webhooks/:id',
    { config, schema: { summary: 'One webhook', tags, params, querystring: sponsorQuery, response: { 200: webhookItem, 404: errorBody } } },
    async (request) => service.get(ctx(request), request.params.id),
  );

  app.put(
    '/api/v1/webhooks/:id',
    {
      config,
      schema: {
        summary: "Change a webhook's endpoint, events, description, or turn it on or off",
        tags,
        params,
        querystring: sponsorQuery,
        body: updateWebhookBody,
        response: { 200: webhookItem, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => service.update(ctx(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/webhooks/:id',
    {
      config,
      schema: {
        summary: 'Delete a webhook and its delivery log',
        tags,
        params,
        querystring: sponsorQuery,
        response: { 200: serverMessage, 404: errorBody },
      },
    },
    async (request) => service.remove(ctx(request), request.params.id),
  );

  app.post(
    '/api/v1/webhooks/:id/rotate-secret',
    {
      config,
      schema: {
        summary: 'Replace the signing secret; answers the new one this once',
        tags,
        params,
        querystring: sponsorQuery,
        response: { 200: webhookWithSecret, 404: errorBody },
      },
    },
    async (request) => service.rotateSecret(ctx(request), request.params.id),
  );

  app.get(
    '/api/v1/webhooks/:id/deliveries',
    {
      config,
      schema: {
        summary: "A webhook's delivery log, newest first",
        tags,
        params,
        querystring: sponsorQuery.extend(pageQuery.shape),
        response: { 200: listResponse(webhookDelivery), 404: errorBody },
      },
    },
    async (request) => service.deliveries(ctx(request), request.params.id, request.query.offset, request.query.limit),
  );

  app.post(
    '/api/v1/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config,
      schema: {
        summary: 'Deliver an event again (same webhook-id), now',
        tags,
        params: z.object({ id: idParam, deliveryId: idParam }),
        querystring: sponsorQuery,
        response: { 202: webhookDelivery, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => reply.status(202).send(await service.redeliver(ctx(request), request.params.id, request.params.deliveryId)),
  );
};
