import {
  adminSearchBody,
  listResponse,
  personIdParams,
  serverMessage,
  sponsorAdminCreateBody,
  sponsorAdminIdQuery,
  sponsorAdminItem,
  sponsorAdminListQuery,
  sponsorAdminSearchQuery,
  sponsorAdminUpdateBody,
  statusChangeBody,
} from '@vault/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { failures } from '../people-common/route-failures.js';
import * as service from './sponsor-admins.service.js';

const tags = ['sponsor administrators'];

/**
 * The version header of `PUT /api/v1/sponsors/admin/{id}/deactivate` (the specification sends it
 * with version v2). Read from `Accept-Version`, `X-API-Version` or `Api-Version`: absent, v1 and v2
 * are accepted; anything else is refused.
 */
const versionValue = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['v1', 'v2', '1', '2', '1.0', '2.0', '1.x', '2.x'], { error: 'Use version v1 or v2' }))
  .optional();
const versionHeaders = z.looseObject({ 'accept-version': versionValue, 'x-api-version': versionValue, 'api-version': versionValue });

export function requestedVersion(request: FastifyRequest): 1 | 2 {
  const h = request.headers;
  const raw = [h['accept-version'], h['x-api-version'], h['api-version']].filter((v): v is string => typeof v === 'string');
  const versions = new Set(raw.map((v) => (v.trim().replace(/^v/i, '').startsWith('2') ? 2 : 1)));
  if (versions.size > 1) throw badRequest('The version headers disagree.');
  return versions.has(2) ? 2 : 1;
}

/** Administrators (specification section 7, "Sponsor administrators"). */
export const sponsorAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const required = { sponsor: 'required' as const };
  const manage = { ...required, permission: 'hasManageAdminsAccess' as const };

  app.get(
    '/api/v1/sponsors/admin',
    {
      config: { ...required, allPortals: true },
      schema: {
        tags,
        summary: 'List the administrators of a portal',
        description:
          'Administrators of the portal named by `sponsorcode`, newest first, 20 per page by default. Staff may list every portal with `allPortals=true` instead; each item names its portal (`sponsorId`, `sponsorCode`).',
        querystring: sponsorAdminListQuery,
        response: { 200: listResponse(sponsorAdminItem), ...failures },
      },
    },
    async (request) => service.list(request.ctx, request.query, undefined, request.allPortals),
  );

  app.post(
    '/api/v1/sponsors/admin',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create an administrator',
        description:
          'Creates a sponsor administrator in `sponsorId` (pending activation) and e-mails an activation link. Optional flags default to false; hasPrivateFoldersAccess is always true. A sponsor administrator can only grant flags they hold. 409 when the e-mail is already an administrator of this portal.',
        body: sponsorAdminCreateBody,
        response: { 201: sponsorAdminItem, ...failures },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.ctx, request.body)),
  );

  app.post(
    '/api/v1/sponsors/admin/search',
    {
      config: { ...required, allPortals: true },
      schema: {
        tags,
        summary: 'Search the administrators of a portal',
        description:
          'fieldName is one of all, email, firstName, lastName, name, title, id; fieldValue is matched as "contains" (empty: every administrator). Staff may search every portal with `allPortals=true` instead of `sponsorId`.',
        querystring: sponsorAdminSearchQuery,
        body: adminSearchBody,
        response: { 200: listResponse(sponsorAdminItem), ...failures },
      },
    },
    async (request) => service.list(request.ctx, request.query, request.body, request.allPortals),
  );

  app.get(
    '/api/v1/sponsors/admin/:id',
    {
      config: required,
      schema: {
        tags,
        summary: 'One administrator (detail page)',
        description: "`id` is the administrator's user id; 404 when it is not an administrator of `sponsorid`.",
        params: personIdParams,
        querystring: sponsorAdminIdQuery,
        response: { 200: sponsorAdminItem, ...failures },
      },
    },
    async (request) => service.get(request.ctx, request.params.id),
  );

  app.put(
    '/api/v1/sponsors/admin/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: "Change an administrator's flags and details",
        description:
          'Saves the access flags, title, group, names, test account and language of the detail page. The e-mail (the sign-in name) does not change.',
        params: personIdParams,
        querystring: sponsorAdminIdQuery,
        body: sponsorAdminUpdateBody,
        response: { 200: sponsorAdminItem, ...failures },
      },
    },
    async (request) => service.update(request.ctx, request.params.id, request.body),
  );

  app.put(
    '/api/v1/sponsors/admin/:id/activate',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Activate an administrator',
        description: 'Sets statusId 1 (Account Activation Confirmation). The optional body may only carry statusId 1 (or 2 to deactivate).',
        params: personIdParams,
        querystring: sponsorAdminIdQuery,
        body: statusChangeBody.nullish(),
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => {
      const { item: _item, ...message } = await service.act(
        request.ctx,
        request.params.id,
        request.body?.statusId === 2 ? 'deactivate' : 'activate',
      );
      return message;
    },
  );

  app.put(
    '/api/v1/sponsors/admin/:id/deactivate',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Deactivate an administrator (versions v1 and v2)',
        description:
          "Sets statusId 2 and ends the administrator's sessions (Account Deactivation Confirmation). The portal sends it with the version header v2 (`Accept-Version: v2`; `X-API-Version` and `Api-Version` are read too). " +
          'v1 (no header) answers the server message; v2 answers the same message with `dOutput` holding the administrator after the change and the response header `X-API-Version: v2`. Any other version is refused with 400. An administrator cannot deactivate themselves (409).',
        params: personIdParams,
        querystring: sponsorAdminIdQuery,
        headers: versionHeaders,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request, reply) => {
      const version = requestedVersion(request);
      const { item, ...message } = await service.act(request.ctx, request.params.id, 'deactivate');
      if (version === 2) {
        reply.header('x-api-version', 'v2');
        return { ...message, dOutput: item };
      }
      return message;
    },
  );

  app.put(
    '/api/v1/sponsors/admin/:id/resetpassword',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Send an administrator a password reset link',
        description: 'Password Reset Confirmation: e-mails a single-use link (2 hours). The administrator must be active (409 otherwise).',
        params: personIdParams,
        querystring: sponsorAdminIdQuery,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => {
      const { item: _item, ...message } = await service.act(request.ctx, request.params.id, 'resetpassword');
      return message;
    },
  );

  app.post(
    '/api/v1/sponsors/admin/:id/activation-email',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Resend the activation e-mail to an administrator',
        description:
          'Resend Activation Email: a new single-use activation link (72 hours). Only for administrators pending activation (409 otherwise).',
        params: personIdParams,
        querystring: sponsorAdminIdQuery,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => {
      const { item: _item, ...message } = await service.act(request.ctx, request.params.id, 'activation-email');
      return message;
    },
  );

  app.post(
    '/api/v1/sponsors/admin/:id/reset-mfa',
    {
      config: { ...required, permission: 'hasManageMfaAccess' },
      schema: {
        tags,
        summary: "Reset one administrator's MFA",
        description: "Clears the MFA enrolment and ends the administrator's sessions. Needs hasManageMfaAccess (403 otherwise).",
        params: personIdParams,
        querystring: sponsorAdminIdQuery,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => {
      const { item: _item, ...message } = await service.act(request.ctx, request.params.id, 'reset-mfa');
      return message;
    },
  );
};
