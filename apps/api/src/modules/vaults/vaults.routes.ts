import {
  archiveBody,
  bulkBody,
  bulkResult,
  documentCount,
  errorBody,
  exportQuery,
  mfaResetBody,
  ownerQuery,
  portalUser,
  serverMessage,
  sponsoridQuery,
  userIdQuery,
  userTestAccountQuery,
  userUpdateBody,
  vaultActivateBody,
  vaultCreateBody,
  vaultCreated,
  vaultCreateQuery,
  vaultDetails,
  vaultHolderList,
  vaultIdParams,
  vaultListQuery,
  vaultResetPasswordBody,
  vaultSearchBody,
  vaultSearchQuery,
} from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import * as actions from './vaults.actions.service.js';
import * as listing from './vaults.list.service.js';
import * as service from './vaults.service.js';

const tags = ['vaults'];
const failures = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const required = { sponsor: 'required' as const };

/** The optional body some clients send with action calls (the user they act on). */
const optionalUserBody = z
  .strictObject({
    id: z.number().int().positive().optional(),
    firstName: z.string().max(100).optional(),
    lastName: z.string().max(100).optional(),
    email: z.string().max(254).optional(),
  })
  .nullish();

/** Vaults and vault holders (specification section 7, "Vaults and vault holders", and the vault MFA reset). */
export const vaultRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/vaultholders',
    {
      config: { sponsor: 'optional', allPortals: true, readOnly: true },
      schema: {
        tags,
        summary: 'List vault holders',
        description:
          'One page of the vault holders of `sponsorId`, in holder id order (20 by default, at most 100). Without `sponsorId` (or with 0) a sponsor administrator gets their own portal and staff get every portal; staff may say so with `allPortals=true`. `id` is the holder (user) id, `vaultId` the id of their vault. Optional filters: `createdFrom`/`createdTo` (YYYY-MM-DD, UTC days, both included), `packageId` (exactly that package), `activated` (yes: has an activation time; no: has none).',
        querystring: vaultListQuery,
        response: { 200: vaultHolderList, ...failures },
      },
    },
    async (request) => {
      const user = request.user!;
      const sponsorId = request.allPortals ? null : (request.sponsor?.id ?? (user.role === 'staff' ? null : (user.sponsorId ?? -1)));
      return listing.list(app.db, sponsorId, request.query);
    },
  );

  app.post(
    '/api/v1/vaultholders/search',
    {
      config: { ...required, allPortals: true },
      schema: {
        tags,
        summary: 'Search vault holders',
        description:
          'fieldName is one of id, firstName, lastName, email, package, license, status. Names, e-mail and package match "contains" (case-insensitive; % and _ are literal), id matches exactly, license and status match the start of the value (e.g. "act" → Active). An empty fieldValue lists every holder. A "contains" search on e-mail or names counts its matches exactly up to 200; beyond that `total` is the database\'s estimate and `totalIsEstimate` is true. The query takes the list\'s filters too: `createdFrom`, `createdTo`, `packageId`, `activated`. Staff may search every portal with `allPortals=true` instead of `sponsorId`.',
        querystring: vaultSearchQuery,
        body: vaultSearchBody,
        response: { 200: vaultHolderList, ...failures },
      },
    },
    async (request) => listing.list(app.db, request.sponsor?.id ?? null, request.query, request.body),
  );

  app.post(
    '/api/v1/vaultholders/bulk',
    {
      config: required,
      schema: {
        tags,
        summary: 'Activate, deactivate or resend activation to many holders',
        description: `Acts on the chosen holder ids, or on every holder matching \`search\` (at most 5,000). One transaction; each holder gets its outcome: success, skipped (already in that state) or error (e.g. archived). Every change is audited.`,
        querystring: vaultCreateQuery,
        body: bulkBody,
        response: { 200: bulkResult, ...failures },
      },
    },
    async (request) => actions.bulk(request.ctx, request.body),
  );

  app.get(
    '/api/v1/vaultholders/export',
    {
      config: required,
      schema: {
        tags,
        summary: 'Export the current view to CSV',
        description:
          "CSV of every holder matching the optional search (fieldName, fieldValue) and the list's filters (createdFrom, createdTo, packageId, activated), with the chosen `columns` (comma-separated: id, firstName, lastName, email, package, license, status, lastLoginAt). Cells starting with = + - @ tab or CR are prefixed with a single quote. At most 100,000 rows.",
        querystring: exportQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV text'), ...failures },
      },
    },
    async (request, reply) => {
      const { csv, fileName } = await listing.exportCsv(request.ctx, request.query);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv);
    },
  );

  app.post(
    '/api/v1/users',
    {
      config: required,
      schema: {
        tags,
        summary: 'Create a vault',
        description:
          "Creates the vault holder (pending activation) and the vault. The package must be assigned to the portal; group, template and trusted advisors (sponsoredAdvisorUserId: user ids of the portal's representatives, or null) must be the portal's. When advisors are chosen, middleName, organizationName, tag, entityType and group must not be sent. tag defaults to individual. 409 when the e-mail is already a vault holder of this portal. With sendActivationEmail the activation e-mail (a single-use link) is queued in the same transaction.",
        querystring: vaultCreateQuery,
        body: vaultCreateBody,
        response: { 201: vaultCreated, ...failures },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.ctx, request.body as never)),
  );

  app.put(
    '/api/v1/users/activate',
    {
      config: required,
      schema: {
        tags,
        summary: 'Activate or deactivate a vault holder',
        description: "statusId 1 activates, 2 deactivates (and ends the holder's sessions). An archived vault cannot change status (409).",
        querystring: sponsoridQuery,
        body: vaultActivateBody,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => actions.setStatus(request.ctx, request.body),
  );

  app.put(
    '/api/v1/users/resetpassword',
    {
      config: required,
      schema: {
        tags,
        summary: 'Send a password reset link to a vault holder',
        description: 'E-mails a single-use link that expires in 2 hours. Only an active holder (409 otherwise).',
        querystring: sponsoridQuery,
        body: vaultResetPasswordBody,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => actions.resetPassword(request.ctx, request.body.id),
  );

  app.put(
    '/api/v1/users/:id/resendactivationemail',
    {
      config: required,
      schema: {
        tags,
        summary: 'Resend the activation e-mail',
        description: 'E-mails a new single-use activation link (72 hours). Only a holder pending activation (409 otherwise).',
        params: vaultIdParams,
        querystring: sponsoridQuery,
        body: optionalUserBody,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => {
      if (request.body?.id !== undefined && request.body.id !== request.params.id)
        throw badRequest('The id in the body does not match the path.');
      return actions.resendActivationEmail(request.ctx, request.params.id);
    },
  );

  app.get(
    '/api/v1/users/:id',
    {
      config: required,
      schema: {
        tags,
        summary: 'A user of the portal (test-account check)',
        description: 'A vault holder of the portal, or a trusted advisor linked to it as a representative. 404 otherwise.',
        params: vaultIdParams,
        querystring: userIdQuery,
        response: { 200: portalUser, ...failures },
      },
    },
    async (request) => actions.getUser(request.ctx, request.params.id),
  );

  app.put(
    '/api/v1/users/:id',
    {
      config: required,
      schema: {
        tags,
        summary: 'Save the test-account flag of a user',
        description:
          "The user as body (optional). Sets the test-account flag from `testaccount` (or, without it, from the body's testAccount); nothing else changes. Works for a vault holder of the portal and for a trusted advisor linked to it. Audited when the flag changes.",
        params: vaultIdParams,
        querystring: userTestAccountQuery,
        body: userUpdateBody,
        response: { 200: portalUser, ...failures },
      },
    },
    async (request) => actions.updateUser(request.ctx, request.params.id, request.query.testaccount, request.body ?? undefined),
  );

  app.post(
    '/api/v1/vaults/reset-mfa',
    {
      config: { ...required, permission: 'hasManageMfaAccess' },
      schema: {
        tags,
        summary: 'Reset the MFA of a vault holder',
        description:
          "`ownerId` is the vault id. Clears the holder's MFA enrolment and ends their sessions; they enrol again at next sign-in. Needs hasManageMfaAccess.",
        querystring: ownerQuery,
        body: mfaResetBody.nullable(),
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => actions.resetMfaOfVault(request.ctx, request.query.ownerId),
  );

  app.delete(
    '/api/v1/vaults',
    {
      config: { ...required, permission: 'hasArchiveVaultAccess' },
      schema: {
        tags,
        summary: 'Delete a vault holder',
        description:
          '`ownerId` is the vault id. Deletes the holder, the vault and its advisor links. A vault that still holds documents is refused with 409 unless it was archived first (archiving keeps the data and is the normal way to retire a vault). Needs hasArchiveVaultAccess. Audited.',
        querystring: ownerQuery,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => actions.remove(request.ctx, request.query.ownerId),
  );

  app.post(
    '/api/v1/vaults/:id',
    {
      config: { ...required, permission: 'hasArchiveVaultAccess' },
      schema: {
        tags,
        summary: 'Archive a vault',
        description:
          "Sets the holder to status 4 (Archived), records the reason (deleteReason: 20 to 1024 characters after trimming), who and when, and ends the holder's sessions. The documents are kept. 409 when already archived. Needs hasArchiveVaultAccess.",
        params: vaultIdParams,
        querystring: sponsoridQuery,
        body: archiveBody,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => actions.archive(request.ctx, request.params.id, request.body.deleteReason),
  );

  app.get(
    '/api/v1/vaults/:id/count',
    {
      config: required,
      schema: {
        tags,
        summary: 'Document count of a vault',
        description: 'Shown before archiving: "Warning. You are about to archive a vault containing {n} documents."',
        params: vaultIdParams,
        querystring: sponsoridQuery,
        response: { 200: documentCount, ...failures },
      },
    },
    async (request) => actions.documentCount(request.ctx, request.params.id),
  );

  app.get(
    '/api/v1/vaults/:id/details',
    {
      config: required,
      schema: {
        tags,
        summary: 'Vault details',
        description:
          "Profile, package and license, status, group, template, advisors, document count, storage used, dates, MFA state and the holder's audit history (latest 100).",
        params: vaultIdParams,
        querystring: sponsoridQuery,
        response: { 200: vaultDetails, ...failures },
      },
    },
    async (request) => service.details(request.ctx, request.params.id),
  );
};
