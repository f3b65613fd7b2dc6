import {
  errorBody,
  groupAdvisor,
  groupVault,
  listResponse,
  serverMessage,
  sponsorCodeParam,
  subPortal,
  subPortalCreateBody,
  subPortalMembersQuery,
  subPortalMoveBody,
  subPortalParams,
  subPortalUpdateBody,
} from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './sub-portals.service.js';

const tags = ['sub-portals'];
/** Sponsor administrators need hasSubPortalManagePermission; staff always pass. */
const config = { sponsor: 'required', permission: 'hasSubPortalManagePermission' } as const;
const base = '/api/v1/sponsors/:sponsorCode/sponsor-group';

/**
 * Sub-portals: the list is `GET /api/v1/sponsors/{sponsorCode}/sponsor-group` (reference module, with counts);
 * here the details, create, rename, delete, member lists and moves.
 */
export const subPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    base,
    {
      config,
      schema: {
        summary: 'Create a sub-portal',
        tags,
        params: sponsorCodeParam,
        body: subPortalCreateBody,
        response: { 201: subPortal, 409: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.ctx, request.body)),
  );

  app.post(
    `${base}/move`,
    {
      config,
      schema: {
        summary: 'Move advisors or vaults to a sub-portal',
        tags,
        params: sponsorCodeParam,
        body: subPortalMoveBody,
        response: { 200: serverMessage },
      },
    },
    async (request) => service.move(request.ctx, request.body),
  );

  app.get(
    `${base}/:group`,
    { config, schema: { summary: 'Read one sub-portal', tags, params: subPortalParams, response: { 200: subPortal } } },
    async (request) => service.getSubPortal(request.ctx, request.params.group),
  );

  app.put(
    `${base}/:group`,
    {
      config,
      schema: { summary: 'Edit a sub-portal', tags, params: subPortalParams, body: subPortalUpdateBody, response: { 200: subPortal } },
    },
    async (request) => service.update(request.ctx, request.params.group, request.body),
  );

  app.delete(
    `${base}/:group`,
    {
      config,
      schema: { summary: 'Delete an empty sub-portal', tags, params: subPortalParams, response: { 200: serverMessage, 409: errorBody } },
    },
    async (request) => service.remove(request.ctx, request.params.group),
  );

  app.get(
    `${base}/:group/advisors`,
    {
      config,
      schema: {
        summary: 'List the advisors of a sub-portal',
        tags,
        params: subPortalParams,
        querystring: subPortalMembersQuery,
        response: { 200: listResponse(groupAdvisor) },
      },
    },
    async (request) => service.advisors(request.ctx, request.params.group, request.query),
  );

  app.get(
    `${base}/:group/vaults`,
    {
      config,
      schema: {
        summary: 'List the vaults of a sub-portal',
        tags,
        params: subPortalParams,
        querystring: subPortalMembersQuery,
        response: { 200: listResponse(groupVault) },
      },
    },
    async (request) => service.vaults(request.ctx, request.params.group, request.query),
  );
};
