import {
  advisorDetailsBody,
  advisorLookup,
  listResponse,
  mfaResetBody,
  peopleSearchBody,
  personIdParams,
  serverMessage,
  sponsoredAdvisorCreateBody,
  sponsoredAdvisorEmailQuery,
  sponsoredAdvisorItem,
  sponsoredAdvisorListQuery,
  sponsoredAdvisorSearchQuery,
  sponsoredAdvisorUpdateBody,
  sponsorIdQuery,
  sponsoridQuery,
  statusChangeBody,
  unassignedQuery,
  userIdParams,
} from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures } from '../people-common/route-failures.js';
import * as service from './sponsored-advisors.service.js';

const tags = ['representatives (sponsored advisors)'];
const required = { sponsor: 'required' as const };

/** Representatives (specification section 7, "Sponsored advisors"). `{id}` and `{userId}` are the advisor's user id. */
export const sponsoredAdvisorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/sponsoredadvisor',
    {
      config: required,
      schema: {
        tags,
        summary: 'List the representatives of a portal',
        description: 'Representatives of the portal named by `sponsorCode`, newest first, 20 per page by default.',
        querystring: sponsoredAdvisorListQuery,
        response: { 200: listResponse(sponsoredAdvisorItem), ...failures },
      },
    },
    async (request) => service.list(request.ctx, request.query),
  );

  app.get(
    '/api/v1/sponsoredadvisor/email',
    {
      config: required,
      schema: {
        tags,
        summary: 'Look an advisor up by e-mail',
        description:
          'Before a representative is added: isExistingUser tells whether an advisor with this e-mail exists (their details are returned to prefill the form, with a warning); isAssigned tells whether they already represent this portal.',
        querystring: sponsoredAdvisorEmailQuery,
        response: { 200: advisorLookup, ...failures },
      },
    },
    async (request) => service.lookup(request.ctx, request.query.email),
  );

  app.post(
    '/api/v1/sponsoredadvisor/details',
    {
      config: required,
      schema: {
        tags,
        summary: 'Look an advisor up by e-mail (details form)',
        description: 'The same look-up as GET /email, sent by the add modal with email and the placeholder names "NA". Changes nothing.',
        querystring: sponsorIdQuery,
        body: advisorDetailsBody,
        response: { 200: advisorLookup, ...failures },
      },
    },
    async (request) => service.lookup(request.ctx, request.body.email),
  );

  app.get(
    '/api/v1/sponsoredadvisor/unassigned',
    {
      config: required,
      schema: {
        tags,
        summary: 'Representatives not assigned to a sub-portal',
        description: 'The representatives of `sponsorid` that belong to no group (sub-portal), 20 per page by default.',
        querystring: unassignedQuery,
        response: { 200: listResponse(sponsoredAdvisorItem), ...failures },
      },
    },
    async (request) => service.list(request.ctx, request.query, undefined, true),
  );

  app.post(
    '/api/v1/sponsoredadvisor/search',
    {
      config: required,
      schema: {
        tags,
        summary: 'Search the representatives of a portal',
        description:
          'fieldName is one of all, email, firstName, lastName, name, id, status; fieldValue is matched as "contains" (empty: every representative).',
        querystring: sponsoredAdvisorSearchQuery,
        body: peopleSearchBody,
        response: { 200: listResponse(sponsoredAdvisorItem), ...failures },
      },
    },
    async (request) => service.list(request.ctx, request.query, request.body),
  );

  app.post(
    '/api/v1/sponsoredadvisor',
    {
      config: required,
      schema: {
        tags,
        summary: 'Add a representative',
        description:
          "A new e-mail creates the advisor (pending activation, activation e-mail sent) and makes them a representative of `sponsorId`. An existing advisor's e-mail links that advisor to this portal with the given group, permissions and flags (their own details stay). 409 when they already represent this portal.",
        querystring: sponsorIdQuery,
        body: sponsoredAdvisorCreateBody,
        response: { 201: sponsoredAdvisorItem, ...failures },
      },
    },
    async (request, reply) => reply.status(201).send((await service.create(request.ctx, request.body)).item),
  );

  app.put(
    '/api/v1/sponsoredadvisor/update',
    {
      config: required,
      schema: {
        tags,
        summary: 'Change a representative',
        description:
          '`id` is the representative record (staid). Saves names, group, language, permissions, test account and flags; the e-mail cannot change.',
        querystring: sponsorIdQuery,
        body: sponsoredAdvisorUpdateBody,
        response: { 200: sponsoredAdvisorItem, ...failures },
      },
    },
    async (request) => service.update(request.ctx, request.body),
  );

  app.get(
    '/api/v1/sponsoredadvisor/:userId',
    {
      config: required,
      schema: {
        tags,
        summary: 'One representative',
        description: "`userId` is the advisor's user id; 404 when they do not represent `sponsorId`.",
        params: userIdParams,
        querystring: sponsorIdQuery,
        response: { 200: sponsoredAdvisorItem, ...failures },
      },
    },
    async (request) => service.getByUser(request.ctx, request.params.userId),
  );

  app.put(
    '/api/v1/sponsoredadvisor/:id/activate',
    {
      config: required,
      schema: {
        tags,
        summary: 'Activate a representative',
        description: 'Sets statusId 1 (Account Activation Confirmation). The optional body may carry statusId 1, or 2 to deactivate.',
        params: personIdParams,
        querystring: sponsoridQuery,
        body: statusChangeBody.nullish(),
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => service.act(request.ctx, request.params.id, request.body?.statusId === 2 ? 'deactivate' : 'activate'),
  );

  app.put(
    '/api/v1/sponsoredadvisor/:id/deactivate',
    {
      config: required,
      schema: {
        tags,
        summary: 'Deactivate a representative',
        description: "Sets statusId 2 and ends the advisor's sessions (Account Deactivation Confirmation).",
        params: personIdParams,
        querystring: sponsoridQuery,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => service.act(request.ctx, request.params.id, 'deactivate'),
  );

  app.put(
    '/api/v1/sponsoredadvisor/:id/resetpassword',
    {
      config: required,
      schema: {
        tags,
        summary: 'Send a representative a password reset link',
        description: 'Password Reset Confirmation: a single-use link valid 2 hours. Only for active accounts (409 otherwise).',
        params: personIdParams,
        querystring: sponsoridQuery,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => service.act(request.ctx, request.params.id, 'resetpassword'),
  );

  app.post(
    '/api/v1/sponsoredadvisor/:id/activation-email',
    {
      config: required,
      schema: {
        tags,
        summary: 'Send a representative the activation link again',
        description: 'Resend Activation Email: a single-use link valid 72 hours. Only while pending activation (409 otherwise).',
        params: personIdParams,
        querystring: sponsoridQuery,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => service.act(request.ctx, request.params.id, 'activation-email'),
  );

  app.post(
    '/api/v1/sponsoredadvisor/:userId/reset-mfa',
    {
      config: { ...required, permission: 'hasManageMfaAccess' },
      schema: {
        tags: [...tags, 'MFA reset'],
        summary: "Reset a representative's MFA",
        description: "Clears the advisor's MFA enrolment and ends their sessions; audited. Needs hasManageMfaAccess (403 otherwise).",
        params: userIdParams,
        querystring: sponsorIdQuery,
        body: mfaResetBody,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => service.act(request.ctx, request.params.userId, 'reset-mfa'),
  );
};
