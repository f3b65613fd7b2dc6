import {
  advisorActivateBody,
  advisorDetail,
  advisorItem,
  advisorListQuery,
  advisorMfaQuery,
  advisorOptionalSponsorQuery,
  advisorResetPasswordBody,
  listResponse,
  mfaResetBody,
  peopleSearchBody,
  personIdParams,
  serverMessage,
  userIdParams,
} from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures } from '../people-common/route-failures.js';
import * as service from './advisors.service.js';

const tags = ['trusted collaborators (advisors)'];
const scopeNote =
  'Staff see every advisor; a sponsor administrator sees and acts only on advisors who represent their sponsor (404 otherwise).';

/** Trusted collaborators: the global advisor list (specification section 7, "Trusted collaborators"). */
export const advisorRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const url of ['/api/v1/advisors/', '/api/v1/advisors']) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: 'List the trusted collaborators',
          description: `The global advisor list, newest first, 20 per page by default. ${scopeNote}`,
          querystring: advisorListQuery,
          response: { 200: listResponse(advisorItem), ...failures },
        },
      },
      async (request) => service.list(request.ctx, request.query),
    );
  }

  app.post(
    '/api/v1/advisors/search',
    {
      schema: {
        tags,
        summary: 'Search the trusted collaborators',
        description: `fieldName is one of all, email, firstName, lastName, name, id, status; fieldValue is matched as "contains". ${scopeNote}`,
        querystring: advisorListQuery,
        body: peopleSearchBody,
        response: { 200: listResponse(advisorItem), ...failures },
      },
    },
    async (request) => service.list(request.ctx, request.query, request.body),
  );

  app.put(
    '/api/v1/advisors/activate',
    {
      schema: {
        tags,
        summary: 'Activate or deactivate a trusted collaborator',
        description: `Body id (user id), firstName, lastName, email and statusId: 1 activates (Account Activation Confirmation), 2 deactivates and ends their sessions. ${scopeNote}`,
        querystring: advisorOptionalSponsorQuery,
        body: advisorActivateBody,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => service.act(request.ctx, request.body.id, request.body.statusId === 2 ? 'deactivate' : 'activate'),
  );

  app.put(
    '/api/v1/advisors/resetpassword',
    {
      schema: {
        tags,
        summary: 'Send a trusted collaborator a password reset link',
        description: `Password Reset Confirmation; body id, firstName, lastName, email. Only for active accounts (409 otherwise). ${scopeNote}`,
        querystring: advisorOptionalSponsorQuery,
        body: advisorResetPasswordBody,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => service.act(request.ctx, request.body.id, 'resetpassword'),
  );

  app.get(
    '/api/v1/advisors/:id',
    {
      schema: {
        tags,
        summary: 'One trusted collaborator (detail page)',
        description: `The advisor and the portals they represent. ${scopeNote}`,
        params: personIdParams,
        querystring: advisorOptionalSponsorQuery,
        response: { 200: advisorDetail, ...failures },
      },
    },
    async (request) => service.get(request.ctx, request.params.id),
  );

  app.put(
    '/api/v1/advisors/:id/deactivate',
    {
      schema: {
        tags,
        summary: 'Deactivate a trusted collaborator',
        description: `Sets statusId 2 and ends their sessions (Account Deactivation Confirmation). ${scopeNote}`,
        params: personIdParams,
        querystring: advisorOptionalSponsorQuery,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => service.act(request.ctx, request.params.id, 'deactivate'),
  );

  app.post(
    '/api/v1/advisors/:id/activation-email',
    {
      schema: {
        tags,
        summary: 'Send a trusted collaborator the activation link again',
        description: `Resend Activation Email; only while pending activation (409 otherwise). ${scopeNote}`,
        params: personIdParams,
        querystring: advisorOptionalSponsorQuery,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => service.act(request.ctx, request.params.id, 'activation-email'),
  );

  app.post(
    '/api/v1/advisors/:userId/reset-mfa',
    {
      config: { sponsor: 'required', permission: 'hasManageMfaAccess' },
      schema: {
        tags: [...tags, 'MFA reset'],
        summary: "Reset a trusted collaborator's MFA",
        description: `Clears the advisor's MFA enrolment and ends their sessions; audited in sponsorId. Needs hasManageMfaAccess (403 otherwise). ${scopeNote}`,
        params: userIdParams,
        querystring: advisorMfaQuery,
        body: mfaResetBody,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => service.act(request.ctx, request.params.userId, 'reset-mfa'),
  );
};
