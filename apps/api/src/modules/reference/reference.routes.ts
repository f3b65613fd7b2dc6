import { listResponse, sponsorCodeParam, sponsorGroup, sponsorSummary, statusItem, template } from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './reference.service.js';

const ofSponsor = { config: { sponsor: 'required' as const }, params: sponsorCodeParam };

/** The small lists every form needs: the user's sponsors, statuses, a sponsor's groups and templates. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/sponsors',
    { schema: { summary: 'List sponsors (portals)', tags: ['sponsors'], response: { 200: listResponse(sponsorSummary) } } },
    async (request) => service.sponsors(request.ctx),
  );

  app.get(
    '/api/v1/status/list',
    { schema: { summary: 'List the status ids and names', tags: ['reference'], response: { 200: listResponse(statusItem) } } },
    async (request) => service.statuses(request.ctx),
  );

  app.get(
    '/api/v1/sponsors/:sponsorCode/sponsor-group',
    {
      config: ofSponsor.config,
      schema: {
        summary: "List a sponsor's sub-portals",
        tags: ['sponsors'],
        params: ofSponsor.params,
        response: { 200: listResponse(sponsorGroup) },
      },
    },
    async (request) => service.groups(request.ctx),
  );

  app.get(
    '/api/v1/sponsors/template/:sponsorCode',
    {
      config: ofSponsor.config,
      schema: {
        summary: "List a sponsor's folder templates",
        tags: ['sponsors'],
        params: ofSponsor.params,
        response: { 200: listResponse(template) },
      },
    },
    async (request) => service.templates(request.ctx),
  );
};
