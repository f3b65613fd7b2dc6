import { errorBody, overviewQuery, overviewResponse } from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './overview.service.js';

/** The Overview screen's figures (issue 35, decision 0046). */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/overview',
    {
      config: { sponsor: 'optional', permission: 'hasEnterpriseDashboardAccess' },
      schema: {
        summary: "A portal's figures, or all portals' (staff)",
        description:
          'Vault holders by status and per package, new vaults per week (52 weeks), the invitation and vault activation funnels with the median days to activate, pending and soon-expiring invitations, failed uploads per day (30 days), administrators without a second factor and sign-ins per day. fromDate/toDate (UTC days, at most 366) bound the funnels and the sign-ins. Without sponsorId: staff only, all portals summed, with the ten portals that grew most and that have most holders pending activation. Read from counters the database keeps with every change. Needs hasEnterpriseDashboardAccess.',
        tags: ['overview'],
        querystring: overviewQuery,
        response: { 200: overviewResponse, 400: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => service.overview(request.ctx, request.query),
  );
};
