import { z } from 'zod';
import {
  allPortalsParam,
  emailSchema,
  fieldSearchBody,
  idParam,
  pageQuery,
  personNameSchema,
  sortQuery,
  sponsorIdValue,
} from './common.js';
import { dateQueryParam } from './operations.js';

/** Specification sections 5 and 9: strict invitations carry this fixed code and are never the default. */
export const STRICT_INVITE_CODE = 'testInvitation';
export const INVITATION_TYPES = ['strict', 'open'] as const;
export type InvitationType = (typeof INVITATION_TYPES)[number];
/** Specification section 3: the invitation type last chosen is kept in the browser under this key. */
export const INVITATION_TYPE_STORAGE_KEY = 'invitation_type';
export const INVITATION_STATUSES = ['pending', 'used', 'expired'] as const;
export const INVITE_CODE_MAX = 50;
export const INVITATION_MAX_USES = 1_000_000;

export const invitationType = z.enum(INVITATION_TYPES);

/** One invitation as the list and detail calls answer it. */
export const invitation = z.object({
  id: z.number().int(),
  type: invitationType,
  inviteCode: z.string(),
  max: z.number().int(),
  uses: z.number().int(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  packageId: z.number().int().nullable(),
  packageName: z.string().nullable(),
  sponsorId: z.number().int(),
  sponsorCode: z.string(),
  expireTime: z.string().nullable(),
  createdDate: z.string(),
  defaultInviteCode: z.boolean(),
  localize: z.string(),
  testAccount: z.boolean(),
  sponsoredTrustedAdvisorId: z.array(z.number().int()),
  isTrustedAdvisor: z.boolean(),
  lastSentAt: z.string().nullable(),
  status: z.enum(INVITATION_STATUSES),
});
export type Invitation = z.infer<typeof invitation>;

const inviteCodeSchema = z
  .string()
  .trim()
  .min(3, 'Invite code must have at least 3 characters')
  .max(INVITE_CODE_MAX, `Invite code must be at most ${INVITE_CODE_MAX} characters`)
  .regex(/^[A-Za-z0-9._-]+$/, 'Invite code may contain letters, digits, dot, dash and underscore only');

const futureDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .datetime({ offset: true, error: `${label} must be a date and time` })
    .refine((v) => new Date(v).getTime() > Date.now(), `${label} must be in the future`);

const maxSchema = z
  .number({ error: 'Max must be a whole number' })
  .int('Max must be a whole number')
  .min(1, 'Max must be at least 1')
  .max(INVITATION_MAX_USES, `Max must be at most ${INVITATION_MAX_USES.toLocaleString('en-US')}`);

const packageIdSchema = z.number({ error: 'Package is required' }).int().positive('Package is required');

const common = {
  packageId: packageIdSchema,
  localize: z.string().trim().min(2, 'Language is required').max(10).default('en'),
  testAccount: z.boolean().default(false),
  sponsoredTrustedAdvisorId: z.array(z.number().int().positive()).max(50).default([]),
  isTrustedAdvisor: z.boolean().default(false),
};

/** What a strict invitation needs (one person). The code and default flag are fixed. */
export const strictInvitationInput = z.object({
  email: emailSchema,
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  expireTime: futureDate('Expiry').nullish(),
  ...common,
});

/** What an open invitation needs (a shared code). */
export const openInvitationInput = z.object({
  inviteCode: inviteCodeSchema,
  max: maxSchema,
  expireTime: futureDate('Expiry'),
  defaultInviteCode: z.boolean().default(false),
  email: z.union([emailSchema, z.literal('')]).nullish(),
  ...common,
});

/**
 * The body of create and edit: the invitation fields plus localize (specification section 7). The
 * server checks them against the rules of the invitation's type (strict or open) and answers a
 * message per field.
 */
const invitationFields = {
  inviteCode: z.string().max(200).optional(),
  max: z.number().optional(),
  email: z.string().max(300).nullish(),
  firstName: z.string().max(300).nullish(),
  lastName: z.string().max(300).nullish(),
  packageId: z.number().nullish(),
  expireTime: z.string().max(100).nullish(),
  defaultInviteCode: z.boolean().optional(),
  localize: z.string().max(10).optional(),
  testAccount: z.boolean().optional(),
  sponsoredTrustedAdvisorId: z.array(z.number()).max(50).nullish(),
  isTrustedAdvisor: z.boolean().optional(),
  /** Echoed by the portal; checked by the tenant rule, never trusted for the owner. */
  sponsorId: z.number().int().optional(),
  sponsorCode: z.string().max(50).optional(),
};
export const invitationBody = z.strictObject(invitationFields);
export type InvitationBody = z.infer<typeof invitationBody>;

/** PUT /api/v1/invitations: the edited invitation, named by id, in its sponsor. */
export const invitationEditBody = z.strictObject({
  id: z.number().int().positive(),
  ...invitationFields,
  sponsorId: z.number().int().positive(),
  /** The type cannot change; when sent it must match. */
  type: invitationType.optional(),
  // Read-only fields the portal may send back unchanged with the row it edits.
  uses: z.number().optional(),
  createdDate: z.string().optional(),
  packageName: z.string().nullish(),
  status: z.string().optional(),
  lastSentAt: z.string().nullish(),
});
export type InvitationEditBody = z.infer<typeof invitationEditBody>;

/** Sortable columns of the invitation list (`sortBy`); without one, newest first. */
export const INVITATION_SORT_FIELDS = ['email', 'name', 'status', 'createdDate', 'lastSentAt'] as const;
export type InvitationSortField = (typeof INVITATION_SORT_FIELDS)[number];
const invitationSort = sortQuery(INVITATION_SORT_FIELDS).shape;
/**
 * Invitations created from fromDate to toDate, both days included (UTC); either bound may be left out.
 * expiresBefore: only those with an expiry at or before that time (the Overview's "expiring in the next 7 days").
 */
const createdRange = {
  fromDate: dateQueryParam.optional(),
  toDate: dateQueryParam.optional(),
  expiresBefore: z.string().datetime({ offset: true }).optional(),
};
export const invitationListQuery = pageQuery.extend({
  sponsorid: z.coerce.number().int().min(0).optional(),
  ...allPortalsParam,
  ...invitationSort,
  ...createdRange,
});
export const invitationSearchQuery = pageQuery.extend({
  sponsorId: z.coerce.number().int().min(0).optional(),
  ...allPortalsParam,
  ...invitationSort,
  ...createdRange,
});
export const invitationCreateQuery = z.object({ sponsorid: sponsorIdValue, itype: invitationType });
export const invitationResendQuery = z.object({ sponsorid: sponsorIdValue, itype: invitationType.optional() });
export const invitationSponsorQuery = z.object({ sponsorid: sponsorIdValue });
export const invitationOptionalSponsorQuery = z.object({ sponsorid: z.coerce.number().int().positive().optional() });
export const invitationImportQuery = z.object({ sponsorid: sponsorIdValue, itype: invitationType.optional() });
export const invitationIdParams = z.object({ id: idParam });

/** Search fields of POST /api/v1/invitations/search (body: fieldName, fieldValue). */
export const INVITATION_SEARCH_FIELDS = ['all', 'inviteCode', 'email', 'name', 'type', 'status', 'package'] as const;
export const INVITATION_SEARCH_LABELS: Record<(typeof INVITATION_SEARCH_FIELDS)[number], string> = {
  all: 'Any field',
  inviteCode: 'Code',
  email: 'E-mail',
  name: 'Name',
  type: 'Type',
  status: 'Status',
  package: 'Package',
};
export const invitationSearchBody = fieldSearchBody(INVITATION_SEARCH_FIELDS);
export type InvitationSearchBody = z.infer<typeof invitationSearchBody>;

/** PUT /api/v1/invitations/{id}/default?sponsorid: make it (or stop it being) the default invite code. */
export const invitationDefaultBody = z.strictObject({ defaultInviteCode: z.boolean().default(true) });

/** Specification section 3, "Invitation CSV import result". */
export const importedInvitationLine = z.object({
  line: z.number().int(),
  reason: z.string(),
  id: z.number().int().optional(),
  type: z.string().optional(),
  inviteCode: z.string().optional(),
  email: z.string().nullable().optional(),
});
export const invitationImportResult = z.object({
  MigratedInvitation: z.array(importedInvitationLine),
  NotMigratedInvitation: z.array(importedInvitationLine),
  migrationStatus: z.enum(['success', 'partial', 'failed']),
  message: z.string(),
});
export type InvitationImportResult = z.infer<typeof invitationImportResult>;
/** Columns the import reads (header names are matched without case, spaces or underscores). */
export const INVITATION_CSV_COLUMNS = [
  'type',
  'email',
  'firstName',
  'lastName',
  'inviteCode',
  'max',
  'expireTime',
  'packageId',
  'localize',
  'testAccount',
] as const;

/** POST /api/v1/invitations/redeem, called by the vault sign-up service with an integration key. */
export const REDEEM_SCOPE = 'redeem_invitations';
export const redeemBody = z.strictObject({
  code: z.string().trim().min(1, 'Code is required').max(200),
  email: emailSchema,
});
export const redeemResponse = z.object({
  invitationId: z.number().int(),
  type: invitationType,
  inviteCode: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  localize: z.string(),
  testAccount: z.boolean(),
  isTrustedAdvisor: z.boolean(),
  sponsoredTrustedAdvisorId: z.array(z.number().int()),
  usesLeft: z.number().int(),
  sponsor: z.object({ id: z.number().int(), sponsorCode: z.string(), name: z.string() }),
  package: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type RedeemResponse = z.infer<typeof redeemResponse>;
