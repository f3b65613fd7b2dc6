import { z } from 'zod';
import { ADMIN_FLAGS } from './auth.js';
import {
  allPortalsParam,
  emailSchema,
  fieldSearchBody,
  idParam,
  optionalNameSchema,
  pageQuery,
  personNameSchema,
  sortQuery,
  sponsorIdValue,
} from './common.js';
import { SIGN_IN_METHODS } from './sso.js';

/**
 * People of a sponsor (specification sections 3 and 7): sponsor administrators, representatives
 * (sponsored advisors) and trusted collaborators (global advisors).
 */

/** The placeholder sent as first and last name when an advisor is looked up by e-mail (section 5). */
export const LOOKUP_PLACEHOLDER_NAME = 'NA';

/** Languages a person's portal and e-mails can be localized to. */
export const PEOPLE_LOCALES = [
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'Français' },
  { value: 'de', label: 'Deutsch' },
  { value: 'es', label: 'Español' },
  { value: 'it', label: 'Italiano' },
  { value: 'nl', label: 'Nederlands' },
] as const;
export const peopleLocaleSchema = z
  .string()
  .trim()
  .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Choose a language, e.g. en or fr-CA');

/** A sub-portal (sponsor group) id, or null for none. */
export const peopleGroupSchema = z.number().int().positive().nullable();

const flagsShape = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, z.boolean().optional()])) as Record<K, z.ZodOptional<z.ZodBoolean>>;
const flagsOut = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, z.boolean()])) as Record<K, z.ZodBoolean>;

/** Name, e-mail and status of a person, as every people answer carries them. */
const personFields = {
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  statusId: z.number().int(),
  status: z.string(),
};

/** A sponsor id in a query string (`sponsorId`, `sponsorid`). */

/** Human labels of every flag, for forms and detail pages. */
export const PEOPLE_FLAG_LABELS: Record<string, string> = {
  vaultActivationPermission: 'Vault activation',
  hasCorporateVaultAccess: 'Corporate vault access',
  hasPrivateFoldersAccess: 'Private folders access',
  hasTemplateAccess: 'Template access',
  hasDocumentReviewAccess: 'Document review access',
  hasDocumentRetentionAccess: 'Document retention access',
  hasDocumentExpiringAccess: 'Document expiring access',
  hasManageMfaAccess: 'Manage MFA access',
  hasCustodianManageAccess: 'Custodian manage access',
  hasIntegrationAccess: 'Integration access',
  hasEnterpriseDashboardAccess: 'Enterprise dashboard access',
  hasAdvisorDashboardAccess: 'Advisor dashboard access',
  hasVaultGroupCreationPermission: 'Vault group creation permission',
  hasSubPortalManagePermission: 'Sub-portal manage permission',
  showInContacts: 'Show in contacts',
  hasUnfiledTabAccess: 'Unfiled tab access',
  hasReminderTabAccess: 'Reminder tab access',
  hasArchiveVaultAccess: 'Archive vault access',
  hasRecentDocumentAccess: 'Recent document access',
  hasManageAdminsAccess: 'Manage administrators',
  hasManageSignInAccess: 'Manage sign-in settings',
  hasManageMessagesAccess: 'Manage messages',
  hasManageIntegrationsAccess: 'Manage integrations',
};

// ---------------------------------------------------------------- sponsor administrators

export const sponsorAdminItem = z.object({
  /** The user id (path `{id}`). */
  id: z.number().int(),
  /** The administrator record id ("said"). */
  said: z.number().int(),
  sponsorId: z.number().int(),
  /** The portal's code, for the Portal column of a list of every portal (decision 0052). */
  sponsorCode: z.string(),
  ...personFields,
  title: z.string().nullable(),
  group: z.number().int().nullable(),
  groupName: z.string().nullable(),
  testAccount: z.boolean(),
  localize: z.string(),
  mfaEnabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  ...flagsOut(ADMIN_FLAGS),
  /** Staff marked the account: its password keeps working when the portal signs in with SSO only. */
  ssoBreakGlass: z.boolean(),
  /** How the administrator signs in: the portal's SSO settings and the break-glass mark together. */
  signInMethod: z.enum(SIGN_IN_METHODS),
});
export type SponsorAdminItem = z.infer<typeof sponsorAdminItem>;

/** What both the create dialog and the detail page of an administrator may set. */
const sponsorAdminEditableFields = {
  group: peopleGroupSchema.optional(),
  title: optionalNameSchema('Title').optional(),
  testAccount: z.boolean().optional(),
  localize: peopleLocaleSchema.optional(),
  ...flagsShape(ADMIN_FLAGS),
};

export const sponsorAdminCreateBody = z.strictObject({
  email: emailSchema,
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  sponsorId: z.number().int().positive('Please choose a Portal.'),
  ...sponsorAdminEditableFields,
});
export type SponsorAdminCreateBody = z.infer<typeof sponsorAdminCreateBody>;

/** Detail page save: flags and the editable fields; the e-mail is the sign-in name and stays. */
export const sponsorAdminUpdateBody = z.strictObject({
  firstName: personNameSchema('First name').optional(),
  lastName: personNameSchema('Last name').optional(),
  ...sponsorAdminEditableFields,
  /** Staff only: keep this administrator's password working under "SSO only" (break-glass). */
  ssoBreakGlass: z.boolean().optional(),
});
export type SponsorAdminUpdateBody = z.infer<typeof sponsorAdminUpdateBody>;

/** The administrators list's filter: with (`on`) or without (`off`) a second factor. */
export const secondFactorFilter = z.enum(['on', 'off']).optional();
/** Sortable columns of the people lists (`sortBy`); without one, newest first. */
export const PEOPLE_SORT_FIELDS = ['firstName', 'lastName', 'email', 'status', 'createdAt', 'lastLoginAt'] as const;
export type PeopleSortField = (typeof PEOPLE_SORT_FIELDS)[number];
const peopleSort = sortQuery(PEOPLE_SORT_FIELDS).shape;
/** The administrators list's filter on how each signs in. */
export const signInMethodFilter = z.enum(SIGN_IN_METHODS).optional();
export const sponsorAdminListQuery = pageQuery.extend({
  sponsorcode: z.string().trim().min(1).max(50).optional(),
  ...allPortalsParam,
  secondFactor: secondFactorFilter,
  signIn: signInMethodFilter,
  ...peopleSort,
});
export const sponsorAdminSearchQuery = pageQuery.extend({
  sponsorId: sponsorIdValue.optional(),
  ...allPortalsParam,
  secondFactor: secondFactorFilter,
  signIn: signInMethodFilter,
  ...peopleSort,
});
export const sponsorAdminIdQuery = z.object({ sponsorid: sponsorIdValue });

export const ADMIN_SEARCH_FIELDS = ['all', 'email', 'firstName', 'lastName', 'name', 'title', 'id'] as const;

/** `Accept-Version` / `X-API-Version` of the deactivate call: v1 (default) or v2. */

// ---------------------------------------------------------------- representatives (sponsored advisors)

export const ADVISOR_FLAGS = [
  'vaultActivationPermission',
  'hasPrivateFoldersAccess',
  'hasEnterpriseDashboardAccess',
  'hasAdvisorDashboardAccess',
  'hasDocumentReviewAccess',
  'hasDocumentExpiringAccess',
  'hasDocumentRetentionAccess',
  'hasArchiveVaultAccess',
  'hasUnfiledTabAccess',
  'hasReminderTabAccess',
  'hasManageMfaAccess',
  'hasRecentDocumentAccess',
  'showInContacts',
] as const;
export type AdvisorFlag = (typeof ADVISOR_FLAGS)[number];

export const permissionNameSchema = z
  .string()
  .trim()
  .min(1, 'A permission cannot be empty')
  .max(100, 'A permission must be at most 100 characters');
export const permissionsSchema = z.array(permissionNameSchema).max(100, 'At most 100 permissions');

export const sponsoredAdvisorItem = z.object({
  /** The sponsored advisor id ("staid"). */
  id: z.number().int(),
  /** The advisor's user id (path `{userId}` / `{id}`). */
  userId: z.number().int(),
  sponsorId: z.number().int(),
  ...personFields,
  group: z.number().int().nullable(),
  groupName: z.string().nullable(),
  localize: z.string(),
  permissions: z.array(z.string()),
  testAccount: z.boolean(),
  ownerEmail: z.string().nullable(),
  mfaEnabled: z.boolean(),
  createdAt: z.string(),
  ...flagsOut(ADVISOR_FLAGS),
});
export type SponsoredAdvisorItem = z.infer<typeof sponsoredAdvisorItem>;

const sponsoredAdvisorFields = {
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  group: peopleGroupSchema.optional(),
  localize: peopleLocaleSchema.optional(),
  permissions: permissionsSchema.optional(),
  testAccount: z.boolean().optional(),
  ...flagsShape(ADVISOR_FLAGS),
};

/** POST /api/v1/sponsoredadvisor?sponsorId: a new advisor, or an existing one linked to this sponsor. */
export const sponsoredAdvisorCreateBody = z.strictObject({ email: emailSchema, ...sponsoredAdvisorFields });
export type SponsoredAdvisorCreateBody = z.infer<typeof sponsoredAdvisorCreateBody>;

/** PUT /api/v1/sponsoredadvisor/update?sponsorId: `id` is the staid; the e-mail cannot change. */
export const sponsoredAdvisorUpdateBody = z.strictObject({
  id: z.number().int().positive(),
  userId: z.number().int().positive().optional(),
  email: emailSchema.optional(),
  ...sponsoredAdvisorFields,
});
export type SponsoredAdvisorUpdateBody = z.infer<typeof sponsoredAdvisorUpdateBody>;

/** POST /api/v1/sponsoredadvisor/details?sponsorId: the look-up before creation (names are "NA"). */
export const advisorDetailsBody = z.strictObject({
  email: emailSchema,
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
});

export const advisorLookup = z.object({
  isExistingUser: z.boolean(),
  /** Already a representative of this sponsor: saving again is refused. */
  isAssigned: z.boolean(),
  warning: z.string().nullable(),
  advisor: z
    .object({
      userId: z.number().int(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      statusId: z.number().int(),
      testAccount: z.boolean(),
      localize: z.string(),
      ownerEmail: z.string().nullable(),
    })
    .nullable(),
  /** When assigned: the representative record of this sponsor. */
  sponsoredAdvisor: sponsoredAdvisorItem.nullable(),
});
export type AdvisorLookup = z.infer<typeof advisorLookup>;

/**
 * Sortable columns of the representative and trusted collaborator lists: their status is the
 * person's and the portal link's together, so it is not a sort.
 */
export const LINKED_PEOPLE_SORT_FIELDS = ['firstName', 'lastName', 'email', 'createdAt', 'lastLoginAt'] as const;
const linkedPeopleSort = sortQuery(LINKED_PEOPLE_SORT_FIELDS).shape;
export const sponsoredAdvisorListQuery = pageQuery.extend({ sponsorCode: z.string().trim().min(1).max(50), ...linkedPeopleSort });
export const sponsoredAdvisorSearchQuery = pageQuery.extend({ sponsorid: sponsorIdValue, ...linkedPeopleSort });
export const sponsoredAdvisorEmailQuery = z.object({ sponsorId: sponsorIdValue, email: emailSchema });
export const sponsorIdQuery = z.object({ sponsorId: sponsorIdValue });
export const sponsoridQuery = z.object({ sponsorid: sponsorIdValue });
export const unassignedQuery = pageQuery.extend({ sponsorid: sponsorIdValue, ...linkedPeopleSort });

/** Activation body of a representative (specification: activation sends statusId 1). */
export const statusChangeBody = z.strictObject({ statusId: z.union([z.literal(1), z.literal(2)]).optional() });

export const PEOPLE_SEARCH_FIELDS = ['all', 'email', 'firstName', 'lastName', 'name', 'id', 'status'] as const;
export const peopleSearchBody = fieldSearchBody(PEOPLE_SEARCH_FIELDS);
export type PeopleSearchBody = z.infer<typeof peopleSearchBody>;

export const adminSearchBody = fieldSearchBody(ADMIN_SEARCH_FIELDS);

// ---------------------------------------------------------------- trusted collaborators (advisors)

export const advisorItem = z.object({
  /** The advisor's user id. */
  id: z.number().int(),
  ...personFields,
  ownerEmail: z.string().nullable(),
  testAccount: z.boolean(),
  localize: z.string(),
  mfaEnabled: z.boolean(),
  /** How many sponsors this advisor represents (only the caller's own when a sponsor administrator). */
  sponsorCount: z.number().int(),
  createdAt: z.string(),
});
export type AdvisorItem = z.infer<typeof advisorItem>;

export const advisorDetail = advisorItem.extend({
  lastLoginAt: z.string().nullable(),
  sponsors: z.array(
    z.object({ staid: z.number().int(), sponsorId: z.number().int(), sponsorCode: z.string(), groupName: z.string().nullable() }),
  ),
});
export type AdvisorDetail = z.infer<typeof advisorDetail>;

export const advisorListQuery = pageQuery.extend({ sponsorid: z.coerce.number().int().min(0).optional(), ...linkedPeopleSort });
export const advisorOptionalSponsorQuery = z.object({ sponsorid: z.coerce.number().int().min(0).optional() });
export const advisorMfaQuery = z.object({ sponsorId: sponsorIdValue });

/** The advisor an activate / reset password call is about; only `id` counts. */
const advisorRefFields = {
  id: z.number().int().positive(),
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
  email: emailSchema.optional(),
};

/** PUT /api/v1/advisors/activate: statusId 1 activates, 2 deactivates. */
export const advisorActivateBody = z.strictObject({ ...advisorRefFields, statusId: z.union([z.literal(1), z.literal(2)]) });
export const advisorResetPasswordBody = z.strictObject(advisorRefFields);

/** Body of the MFA reset calls (the specification sends one; nothing in it is required). */
export const mfaResetBody = z.strictObject({ reason: z.string().trim().max(1024).optional() }).nullish();

export const userIdParams = z.object({ userId: idParam });
export const personIdParams = z.object({ id: idParam });
