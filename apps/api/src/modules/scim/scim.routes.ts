import type { FastifyError, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswer } from '../../plugins/errors.js';
import { depthCheckedJsonParser } from '../../plugins/json-body.js';
import { resourceTypes, schemas, serviceProviderConfig } from './scim.discovery.js';
import {
  SCIM_ERROR,
  SCIM_MEDIA_TYPE,
  type ScimErrorBody,
  type ScimErrorType,
  scimDocument,
  scimDocumentList,
  scimErrorBody,
  scimIdParams,
  scimListQuery,
  scimListResponse,
  scimPatchInput,
  scimUser,
  scimUserInput,
} from './scim.schemas.js';
import * as service from './scim.service.js';

/**
 * Every SCIM call takes the portal's integration key with the `scim` scope, as a bearer token. The
 * limit per address leaves an identity provider's full sync room (20 calls a second) and bounds a
 * stolen key's flood.
 */
const config = { auth: 'scim', scope: 'scim', rateLimit: { max: 1200, timeWindow: '1 minute' } } as const;
const tags = ['SCIM 2.0'];
const errors = { 400: scimErrorBody, 401: scimErrorBody, 403: scimErrorBody, 404: scimErrorBody, 429: scimErrorBody };

/** The SCIM answer of an error, from the one error model (plugins/errors.ts) and RFC 7644 3.12's types. */
function scimErrorOf(err: FastifyError, status: number, message: string, details?: { field: string }[]): ScimErrorBody {
  let scimType: ScimErrorType | undefined;
  if (err instanceof service.ScimError) scimType = err.scimType;
  else if (status === 409 && details?.some((d) => d.field === 'email')) scimType = 'uniqueness';
  else if (hasZodFastifySchemaValidationErrors(err)) scimType = 'invalidValue';
  else if (status === 400 && /not valid JSON|nests deeper/.test(message)) scimType = 'invalidSyntax';
  return { schemas: [SCIM_ERROR], status: String(status), detail: message, ...(scimType ? { scimType } : {}) };
}

/** SCIM 2.0 (RFC 7643, RFC 7644) for identity providers: the portal's administrators as `User` resources. */
const scimRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 7644 3.1: clients send application/scim+json; it is JSON, parsed with the same guard.
  app.addContentTypeParser(SCIM_MEDIA_TYPE, { parseAs: 'string' }, depthCheckedJsonParser(app as unknown as FastifyInstance));
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const answer = errorAnswer(err, request, app.database.availability);
    if (answer.retryAfter) reply.header('retry-after', answer.retryAfter);
    return reply.status(answer.status).send(scimErrorOf(err, answer.status, answer.body.message, answer.body.details));
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    if (reply.statusCode !== 204) reply.header('content-type', `${SCIM_MEDIA_TYPE}; charset=utf-8`);
    return payload;
  });
  // Any other address under /scim/v2 answers a SCIM 404, not the portal's page.
  app.all(
    '/*',
    {
      config: { auth: 'public' },
      schema: { hide: true },
      onRequest: async (request) => {
        throw new service.ScimError(404, `No SCIM resource at ${request.method} ${request.url.split('?')[0]}.`);
      },
    },
    async () => undefined,
  );

  app.get(
    '/ServiceProviderConfig',
    { config, schema: { summary: 'What this SCIM service supports', tags, response: { 200: scimDocument, ...errors } } },
    async (request) => serviceProviderConfig(request.ctx.publicUrl),
  );

  app.get(
    '/ResourceTypes',
    { config, schema: { summary: 'The SCIM resource types (User)', tags, response: { 200: scimDocumentList, ...errors } } },
    async (request) => resourceTypes(request.ctx.publicUrl),
  );

  app.get(
    '/Schemas',
    { config, schema: { summary: 'The SCIM schema of User, as supported here', tags, response: { 200: scimDocumentList, ...errors } } },
    async (request) => schemas(request.ctx.publicUrl),
  );

  app.get(
    '/Users',
    {
      config,
      schema: {
        summary: "List the portal's administrators (filter userName eq, paging)",
        tags,
        querystring: scimListQuery,
        response: { 200: scimListResponse, ...errors },
      },
    },
    async (request) => service.listUsers(request.ctx, request.query),
  );

  app.post(
    '/Users',
    {
      config,
      schema: {
        summary: 'Provision an administrator',
        tags,
        body: scimUserInput,
        response: { 201: scimUser, ...errors, 409: scimErrorBody },
      },
    },
    async (request, reply) => {
      const user = await service.createUser(request.ctx, request.body);
      return reply.status(201).header('location', user.meta.location).send(user);
    },
  );

  app.get(
    '/Users/:id',
    { config, schema: { summary: 'An administrator', tags, params: scimIdParams, response: { 200: scimUser, ...errors } } },
    async (request) => service.getUser(request.ctx, request.params.id),
  );

  app.put(
    '/Users/:id',
    {
      config,
      schema: {
        summary: "Replace an administrator's name, externalId and active",
        tags,
        params: scimIdParams,
        body: scimUserInput,
        response: { 200: scimUser, ...errors, 409: scimErrorBody },
      },
    },
    async (request) => service.replaceUser(request.ctx, request.params.id, request.body),
  );

  app.patch(
    '/Users/:id',
    {
      config,
      schema: {
        summary: 'Change an administrator (PatchOp: active, name.givenName, name.familyName, externalId)',
        tags,
        params: scimIdParams,
        body: scimPatchInput,
        response: { 200: scimUser, ...errors, 409: scimErrorBody },
      },
    },
    async (request) => service.patchUser(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/Users/:id',
    {
      config,
      schema: {
        summary: 'Deprovision an administrator: deactivated and kept',
        tags,
        params: scimIdParams,
        response: { 204: z.null().describe('Deactivated'), ...errors, 409: scimErrorBody },
      },
    },
    async (request, reply) => {
      await service.deleteUser(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** Mounted at /scim/v2, where identity providers expect a SCIM base URL, beside /api. */
export const scimModule = async (app: FastifyInstance) => {
  await app.register(scimRoutes, { prefix: '/scim/v2' });
};
