import { listResponse, sponsorCodeParam, sponsorGroup, sponsorSummary, statusItem, template } from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as repo from './reference.repo.js';

/** The small lists every form needs: the user's sponsors, statuses, a sponsor's groups and templates. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/sponsors',
    { schema: { summary: 'List sponsors (portals)', tags: ['sponsors'], response: { 200: listResponse(sponsorSummary) } } },
    async (request) => {
      const user = request.user!;
      const data = await repo.listSponsors(app.db, user.role === 'staff' ? null : (user.sponsorId ?? -1));
      return { data, total: data.length };
    },
  );

  app.get(
    '/api/v1/status/list',
    { schema: { summary: 'List the status ids and names', tags: ['reference'], response: { 200: listResponse(statusItem) } } },
    async () => {
      const data = await repo.listStatuses(app.db);
      return { data, total: data.length };
    },
  );

  app.get(
    '/api/v1/sponsors/:sponsorCode/sponsor-group',
    {
      config: { sponsor: 'required' },
      schema: {
        summary: "List a sponsor's sub-portals",
        tags: ['sponsors'],
        params: sponsorCodeParam,
        response: { 200: listResponse(sponsorGroup) },
      },
    },
    async (request) => {
      const data = await repo.listGroups(app.db, request.sponsor!.id);
      return { data, total: data.length };
    },
  );

  app.get(
    '/api/v1/sponsors/template/:sponsorCode',
    {
      config: { sponsor: 'required' },
      schema: {
        summary: "List a sponsor's folder templates",
        tags: ['sponsors'],
        params: sponsorCodeParam,
        response: { 200: listResponse(template) },
      },
    },
    async (request) => {
      const data = await repo.listTemplates(app.db, request.sponsor!.id);
      return { data, total: data.length };
    },
  );
};
