import {
  errorBody,
  invitation,
  invitationBody,
  invitationCreateQuery,
  invitationDefaultBody,
  invitationEditBody,
  invitationIdParams,
  invitationImportQuery,
  invitationImportResult,
  invitationListQuery,
  invitationOptionalSponsorQuery,
  invitationResendQuery,
  invitationSearchBody,
  invitationSearchQuery,
  invitationSponsorQuery,
  listResponse,
  REDEEM_SCOPE,
  redeemBody,
  redeemResponse,
  serverMessage,
} from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readCsvUpload } from '../../lib/csv.js';
import * as delivery from './invitations.delivery.service.js';
import * as importer from './invitations.import.service.js';
import * as service from './invitations.service.js';

const tags = ['invitations'];
const errors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Specification section 7, "Invitations", plus the default-code update and the redemption. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/invitations',
    {
      config: { sponsor: 'optional', allPortals: true },
      schema: {
        summary: 'List invitations',
        tags,
        querystring: invitationListQuery,
        response: { 200: listResponse(invitation), ...errors },
      },
    },
    async (request) => service.list(request.ctx, request.query, undefined, request.allPortals),
  );

  app.post(
    '/api/v1/invitations/search',
    {
      config: { sponsor: 'optional', allPortals: true },
      schema: {
        summary: 'Search invitations by field',
        tags,
        querystring: invitationSearchQuery,
        body: invitationSearchBody,
        response: { 200: listResponse(invitation), ...errors },
      },
    },
    async (request) => service.list(request.ctx, request.query, request.body, request.allPortals),
  );

  app.get(
    '/api/v1/invitations/:id',
    {
      schema: {
        summary: 'Read one invitation',
        tags,
        params: invitationIdParams,
        querystring: invitationOptionalSponsorQuery,
        response: { 200: invitation, ...errors },
      },
    },
    async (request) => service.get(request.ctx, request.params.id),
  );

  app.post(
    '/api/v1/invitations',
    {
      config: { sponsor: 'required' },
      schema: {
        summary: 'Create an invitation',
        tags,
        querystring: invitationCreateQuery,
        body: invitationBody,
        response: { 201: invitation, ...errors },
      },
    },
    async (request, reply) => {
      const created = await service.create(request.ctx, request.query.itype, request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/v1/invitations',
    {
      config: { sponsor: 'required' },
      schema: { summary: 'Edit an invitation', tags, body: invitationEditBody, response: { 200: invitation, ...errors } },
    },
    async (request) => service.edit(request.ctx, request.body),
  );

  app.put(
    '/api/v1/invitations/:id',
    {
      config: { sponsor: 'required' },
      schema: {
        tags,
        summary: 'Resend the invitation e-mail',
        params: invitationIdParams,
        querystring: invitationResendQuery,
        response: { 200: serverMessage, ...errors },
      },
    },
    async (request) => delivery.resend(request.ctx, request.params.id, request.query.itype),
  );

  app.put(
    '/api/v1/invitations/:id/default',
    {
      config: { sponsor: 'required' },
      schema: {
        tags,
        summary: 'Make the invitation the default invite code (the previous default is cleared)',
        params: invitationIdParams,
        querystring: invitationSponsorQuery,
        body: invitationDefaultBody.nullish(),
        response: { 200: invitation.extend({ clearedIds: z.array(z.number().int()) }), ...errors },
      },
    },
    async (request) => service.setDefault(request.ctx, request.params.id, request.body?.defaultInviteCode ?? true),
  );

  app.post(
    '/api/v1/invitations/import',
    {
      config: { sponsor: 'required' },
      schema: {
        tags,
        summary: 'Import invitations from a CSV file (multipart, field "file")',
        consumes: ['multipart/form-data'],
        querystring: invitationImportQuery,
        response: { 200: invitationImportResult, ...errors, 413: errorBody },
      },
    },
    async (request) => {
      const upload = await readCsvUpload(request, { normaliseHeaders: true });
      return importer.importCsv(request.ctx, upload.rows, request.query.itype);
    },
  );

  app.post(
    '/api/v1/invitations/redeem',
    {
      config: { auth: 'integration', scope: REDEEM_SCOPE, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Redeem an invitation (vault sign-up service, X-Api-Key)',
        body: redeemBody,
        response: { 200: redeemResponse, ...errors, 401: errorBody },
      },
    },
    async (request) => delivery.redeem(app.db, request.actor, request.integration!.sponsorId, request.body.code, request.body.email),
  );
};
