import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest, forbidden, notFound } from '../lib/errors.js';
import { collect } from './sponsor-names.js';
import * as repo from './tenant.repo.js';
import type { SponsorRef } from './types.js';

/**
 * Tenant isolation (DESIGN 5): the sponsor a call names, by id or code, in the query, path or body,
 * must exist and be one the signed-in user may work in. Services read the result from request.sponsor.
 * (Query names such as `sponsor_id` already reach the declared `sponsorId`: plugins/input-text.ts.)
 */
export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('sponsor', null);
    app.decorateRequest('allPortals', false);
    app.addHook('preHandler', async (request) => {
      const config = request.routeOptions.config;
      if (request.integration) {
        request.sponsor = await byId(app, request, request.integration.sponsorId);
        return;
      }
      if (!request.user) return;
      const ids: number[] = [];
      const codes: string[] = [];
      collect(request.query, ids, codes);
      collect(request.params, ids, codes);
      collect(request.body, ids, codes);
      const found: SponsorRef[] = [];
      for (const id of new Set(ids)) found.push(await byId(app, request, id));
      for (const code of new Set(codes.map((c) => c.toLowerCase()))) found.push(await byCode(app, code));
      const distinct = new Set(found.map((s) => s.id));
      if (distinct.size > 1) throw badRequest('The call names more than one portal.');
      const sponsor = found[0] ?? null;
      if (sponsor && request.user.role !== 'staff' && request.user.sponsorId !== sponsor.id) {
        throw forbidden('You may not work in this portal.');
      }
      if (config.allPortals && (request.query as { allPortals?: unknown } | undefined)?.allPortals === 'true') {
        if (request.user.role !== 'staff') throw forbidden('Only the service staff may list every portal at once.');
        if (sponsor) throw badRequest('Ask for one portal or for every portal, not both.');
        request.allPortals = true;
        request.sponsor = null;
        return;
      }
      if (!sponsor && config.sponsor === 'required') throw badRequest('Please choose a Portal.');
      request.sponsor = sponsor;
    });
  },
  { name: 'tenant', dependencies: ['auth'] },
);

async function byId(app: FastifyInstance, request: FastifyRequest, id: number): Promise<SponsorRef> {
  // The session's statement already read the sponsor the address names (plugins/auth.ts).
  const read = request.addressedSponsor;
  const row = read?.id === id ? read.found : await repo.sponsorById(app.db, id);
  if (!row) throw notFound('The portal');
  return row;
}

async function byCode(app: FastifyInstance, code: string): Promise<SponsorRef> {
  const row = await repo.sponsorByCode(app.db, code);
  if (!row) throw notFound('The portal');
  return row;
}
