import { z } from 'zod';
import {
  EMAIL_PATTERN,
  MAX_PAGE_SIZE,
  nameSchema,
  offsetParam,
  optionalPersonNameSchema,
  PAGE_SIZE,
  sortQuery,
  sponsorIdValue,
} from './common.js';

/*
 * Portals (sponsors) and sub-portals (sponsor groups).
 */

export const SPONSOR_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{1,19}$/;
export const SPONSOR_CODE_MESSAGE = 'Sponsor code: 2 to 20 letters, digits, - or _, starting with a letter or digit';
export const sponsorCodeSchema = z.string().trim().regex(SPONSOR_CODE_PATTERN, SPONSOR_CODE_MESSAGE);

/** A sponsor is Active (1) or Inactive (2). */
export const sponsorStatusSchema = z.union([z.literal(1), z.literal(2)], { error: 'Status must be Active (1) or Inactive (2)' });

const emptyToNull = (v: string | undefined | null) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

const optionalEmail = z
  .string()
  .trim()
  .max(254, 'E-mail is too long')
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), 'Enter a valid e-mail address')
  .nullable()
  .optional()
  .transform(emptyToNull);

const optionalPhone = z
  .string()
  .trim()
  .max(40, 'Phone must be at most 40 characters')
  .regex(/^[0-9+().\- ]*$/, 'Phone may hold digits, spaces and + ( ) . - only')
  .nullable()
  .optional()
  .transform(emptyToNull);

const optionalContactName = optionalPersonNameSchema('Contact name', 120).nullable().optional().transform(emptyToNull);

export const categoryNameSchema = nameSchema('Category', 60);
const categoriesSchema = z
  .array(categoryNameSchema)
  .max(50, 'At most 50 categories')
  .refine((c) => new Set(c.map((x) => x.toLowerCase())).size === c.length, 'Each category may be listed once');

const sponsorFields = {
  name: nameSchema('Name', 120),
  contactName: optionalContactName,
  contactEmail: optionalEmail,
  contactPhone: optionalPhone,
  statusId: sponsorStatusSchema.default(1),
  hasCategory: z.boolean().default(false),
  categories: categoriesSchema.default([]),
  /** "Administrators must use a second factor": set by staff only. */
  requireAdminMfa: z.boolean().default(false),
};

/**
 * Create a sponsor (staff only). The new code leaves validation as `code`: the tenant check reads
 * `sponsorCode` from bodies as "the portal this call works in", which a new portal is not yet.
 */
export const sponsorCreateBody = z
  .strictObject({ sponsorCode: sponsorCodeSchema, ...sponsorFields })
  .transform(({ sponsorCode, ...rest }) => ({ code: sponsorCode, ...rest }));
export type SponsorCreateBody = z.input<typeof sponsorCreateBody>;

/** Edit a sponsor; the code is its identity and does not change. Omitted status, flag or categories stay as they are. */
export const sponsorUpdateBody = z.strictObject({
  ...sponsorFields,
  statusId: sponsorStatusSchema.optional(),
  hasCategory: z.boolean().optional(),
  categories: categoriesSchema.optional(),
  requireAdminMfa: z.boolean().optional(),
});
export type SponsorUpdateBody = z.input<typeof sponsorUpdateBody>;

export const sponsorIdParam = z.object({ sponsorId: sponsorIdValue });

/** The Portals list's sortable columns (`sortBy`); without one it stays in code order. */
export const SPONSOR_SORT_FIELDS = ['sponsorCode', 'name', 'contactName', 'status'] as const;
export type SponsorSortField = (typeof SPONSOR_SORT_FIELDS)[number];

export const sponsorListQuery = z.object({
  offset: offsetParam,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  search: z.string().trim().max(100).optional(),
  ...sortQuery(SPONSOR_SORT_FIELDS).shape,
});

/** A row of the Portals list. */
export const sponsorRow = z.object({
  id: z.number().int(),
  sponsorCode: z.string(),
  name: z.string(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  statusId: z.number().int(),
  hasCategory: z.boolean(),
  administratorCount: z.number().int(),
  vaultCount: z.number().int(),
  packageCount: z.number().int(),
});
export type SponsorRow = z.infer<typeof sponsorRow>;

export const sponsorCategory = z.object({ id: z.number().int(), name: z.string() });
export type SponsorCategory = z.infer<typeof sponsorCategory>;

export const sponsorDetail = z.object({
  id: z.number().int(),
  sponsorCode: z.string(),
  name: z.string(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  statusId: z.number().int(),
  hasCategory: z.boolean(),
  categories: z.array(z.string()),
  requireAdminMfa: z.boolean(),
  administratorCount: z.number().int(),
  vaultCount: z.number().int(),
  packageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SponsorDetail = z.infer<typeof sponsorDetail>;

/** `GET /api/v1/fvcore/sponsors/permission/list?sponsorId&group&sponsorOnly=true`. */
export const sponsorCategoriesQuery = z.object({
  sponsorId: z.coerce.number().int().min(0),
  group: z.string().trim().max(50).optional(),
  sponsorOnly: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export const sponsorCategoriesResponse = z.object({
  data: z.array(sponsorCategory),
  total: z.number().int(),
  hasCategory: z.boolean(),
});
export type SponsorCategoriesResponse = z.infer<typeof sponsorCategoriesResponse>;

/** The sponsor MFA reset's preview: how many administrators it touches. */
export const sponsorMfaResetPreview = z.object({ sponsorCode: z.string(), count: z.number().int(), message: z.string() });
export type SponsorMfaResetPreview = z.infer<typeof sponsorMfaResetPreview>;
export const emptyBody = z.strictObject({});

// ---------- Sub-portals (sponsor groups) ----------

export const GROUP_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,29}$/;
export const GROUP_CODE_MESSAGE = 'Code: 1 to 30 letters, digits, - or _, starting with a letter or digit';
export const groupCodeSchema = z.string().trim().regex(GROUP_CODE_PATTERN, GROUP_CODE_MESSAGE);

export const subPortal = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  advisorCount: z.number().int(),
  vaultCount: z.number().int(),
});
export type SubPortal = z.infer<typeof subPortal>;

export const subPortalCreateBody = z.strictObject({
  name: nameSchema('Name', 80),
  code: groupCodeSchema,
  parentId: z.number().int().positive().nullable().default(null),
});
export type SubPortalCreateBody = z.input<typeof subPortalCreateBody>;

export const subPortalUpdateBody = z.strictObject({
  name: nameSchema('Name', 80),
  parentId: z.number().int().positive().nullable().optional(),
});
export type SubPortalUpdateBody = z.input<typeof subPortalUpdateBody>;

export const subPortalParams = z.object({
  sponsorCode: z.string().trim().min(1).max(50),
  group: z.string().trim().min(1).max(30),
});

export const subPortalMembersQuery = z.object({
  offset: offsetParam,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  search: z.string().trim().max(100).optional(),
  /** true (default): members of the group; false: the sponsor's others, to move in. */
  member: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

/** A row of a sub-portal's member pickers: the person and the group they are in now. */
const groupMember = {
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  statusId: z.number().int(),
  groupCode: z.string().nullable(),
  groupName: z.string().nullable(),
};

export const groupAdvisor = z.object({ id: z.number().int(), userId: z.number().int(), ...groupMember });
export type GroupAdvisor = z.infer<typeof groupAdvisor>;

export const groupVault = z.object({ id: z.number().int(), holderUserId: z.number().int(), ...groupMember });
export type GroupVault = z.infer<typeof groupVault>;

/** Moves representatives (sponsored advisor ids) and vaults (vault ids) into a group, or out of any (null). */
export const subPortalMoveBody = z
  .strictObject({
    toGroup: groupCodeSchema.nullable(),
    advisorIds: z.array(z.number().int().positive()).max(500, 'At most 500 at once').default([]),
    vaultIds: z.array(z.number().int().positive()).max(500, 'At most 500 at once').default([]),
  })
  .refine((b) => b.advisorIds.length + b.vaultIds.length > 0, {
    message: 'Choose at least one advisor or vault to move',
    path: ['advisorIds'],
  });
export type SubPortalMoveBody = z.input<typeof subPortalMoveBody>;
