import { errorBody, grantAuthorizationBody, idParam, listResponse, pageQuery, serverMessage, sponsorAuthorization } from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './authorizations.service.js';

const sponsorQuery = z.object({ sponsorId: z.coerce.number().int().min(0) });
const config = { sponsor: 'required', permission: 'hasIntegrationAccess' } as const;
const tags = ['sponsor authorizations'];

/** Sponsor Authorizations (/sponsor-authorization): grant an enabled integration scopes, list with last use, revoke. */
export const authorizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/sponsor-authorizations',
    {
      config,
      schema: {
        summary: 'List sponsor authorizations',
        tags,
        querystring: sponsorQuery.extend(pageQuery.shape),
        response: { 200: listResponse(sponsorAuthorization) },
      },
    },
    async (request) => service.list(request.ctx, request.query),
  );

  app.post(
    '/api/v1/sponsor-authorizations',
    {
      config,
      schema: {
        summary: 'Grant an integration access with scopes',
        tags,
        querystring: sponsorQuery,
        body: grantAuthorizationBody,
        response: { 201: sponsorAuthorization, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await service.grant(request.ctx, request.body)),
  );

  app.post(
    '/api/v1/sponsor-authorizations/:id/revoke',
    {
      config,
      schema: {
        summary: 'Revoke a sponsor authorization',
        tags,
        params: z.object({ id: idParam }),
        querystring: sponsorQuery,
        response: { 200: serverMessage, 404: errorBody },
      },
    },
    async (request) => service.revoke(request.ctx, request.params.id),
  );
};
