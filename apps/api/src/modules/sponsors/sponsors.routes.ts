import {
  emptyBody,
  errorBody,
  listResponse,
  serverMessage,
  sponsorCategoriesQuery,
  sponsorCategoriesResponse,
  sponsorCodeParam,
  sponsorCreateBody,
  sponsorDetail,
  sponsorIdParam,
  sponsorListQuery,
  sponsorMfaResetPreview,
  sponsorRow,
  sponsorUpdateBody,
} from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './sponsors.service.js';

const tags = ['sponsors'];

/** Portals: the paged list, create (staff), read and edit, categories and the sponsor MFA reset. */
export const sponsorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/sponsors/list',
    {
      schema: {
        summary: 'List the sponsors the user may work in',
        tags,
        querystring: sponsorListQuery,
        response: { 200: listResponse(sponsorRow) },
      },
    },
    async (request) => service.listSponsors(request.ctx, request.query),
  );

  app.post(
    '/api/v1/sponsors',
    {
      config: { staffOnly: true },
      schema: { summary: 'Create a sponsor (staff only)', tags, body: sponsorCreateBody, response: { 201: sponsorDetail, 409: errorBody } },
    },
    async (request, reply) => reply.status(201).send(await service.createSponsor(request.ctx, request.body)),
  );

  app.get(
    '/api/v1/sponsors/:sponsorId',
    {
      config: { sponsor: 'required' },
      schema: { summary: 'Read one sponsor', tags, params: sponsorIdParam, response: { 200: sponsorDetail } },
    },
    async (request) => service.getSponsor(request.ctx, request.sponsor!.id),
  );

  app.put(
    '/api/v1/sponsors/:sponsorId',
    {
      config: { sponsor: 'required' },
      schema: { summary: 'Edit a sponsor', tags, params: sponsorIdParam, body: sponsorUpdateBody, response: { 200: sponsorDetail } },
    },
    async (request) => service.updateSponsor(request.ctx, request.body),
  );

  app.get(
    '/api/v1/fvcore/sponsors/permission/list',
    {
      config: { sponsor: 'required' },
      schema: {
        summary: 'List the access flags an administrator can hold',
        tags,
        querystring: sponsorCategoriesQuery,
        response: { 200: sponsorCategoriesResponse },
      },
    },
    async (request) => service.listCategories(request.ctx, request.query.group),
  );

  app.get(
    '/api/v1/sponsors/:sponsorCode/reset-mfa',
    {
      config: { sponsor: 'required', permission: 'hasManageMfaAccess' },
      schema: {
        tags,
        summary: 'How many administrators the sponsor MFA reset touches',
        params: sponsorCodeParam,
        response: { 200: sponsorMfaResetPreview },
      },
    },
    async (request) => service.mfaResetPreview(request.ctx),
  );

  app.post(
    '/api/v1/sponsors/:sponsorCode/reset-mfa',
    {
      config: { sponsor: 'required', permission: 'hasManageMfaAccess' },
      schema: {
        summary: "Reset the MFA of a sponsor's people",
        tags,
        params: sponsorCodeParam,
        body: emptyBody.optional(),
        response: { 200: serverMessage },
      },
    },
    async (request) => service.resetSponsorMfa(request.ctx),
  );
};
