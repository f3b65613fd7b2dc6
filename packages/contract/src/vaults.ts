import { z } from 'zod';
import {
  allPortalsParam,
  EMAIL_PATTERN,
  emailSchema,
  idParam,
  type ListResponse,
  listResponse,
  optionalNameSchema,
  optionalPersonNameSchema,
  pageQuery,
  personNameSchema,
  reasonSchema,
  sortQuery,
  sponsorIdValue,
} from './common.js';
import { BULK_ACTIONS, BULK_MAX, DEFAULT_VAULT_TAG, VAULT_SEARCH_FIELDS, VAULT_SORT_FIELDS, VAULT_TAGS } from './vault-constants.js';

/**
 * Vaults and vault holders (specification sections 2, 3, 4, 7 "Vaults and vault holders").
 * A holder's `id` is the holder's user id; `vaultId` is the id of the one vault the holder owns.
 * Calls that name a vault (`/api/v1/vaults/{id}`, `ownerId`) take the vault id.
 */

export * from './vault-constants.js';

export const vaultSearchBody = z.strictObject({
  fieldName: z.enum(VAULT_SEARCH_FIELDS, { error: `Search by one of ${VAULT_SEARCH_FIELDS.join(', ')}` }),
  fieldValue: z.string().trim().max(200, 'Search text is too long'),
});
export type VaultSearchBody = z.infer<typeof vaultSearchBody>;

/** Specification section 3: a vault holder as the list shows it. */
export const vaultHolderItem = z.object({
  id: z.number().int(),
  vaultId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  packageId: z.number().int().nullable(),
  package: z.string().nullable(),
  license: z.string(),
  statusId: z.number().int(),
  status: z.string(),
  sponsor: z.object({ id: z.number().int(), sponsorCode: z.string() }),
  documentCount: z.number().int(),
  testAccount: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type VaultHolderItem = z.infer<typeof vaultHolderItem>;
/**
 * A page of vault holders. A "contains" search (e-mail or names) counts exactly up to a few hundred
 * matches; beyond them `total` is the database's estimate and `totalIsEstimate` is true.
 */
export const vaultHolderList = listResponse(vaultHolderItem).extend({ totalIsEstimate: z.boolean().optional() });
export type VaultHolderList = ListResponse<VaultHolderItem> & { totalIsEstimate?: boolean };

const vaultSort = sortQuery(VAULT_SORT_FIELDS).shape;

/** A calendar day (YYYY-MM-DD, UTC) that exists: 2024-02-30 is refused, not rolled into March. */
const holderDay = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}: use a date like 2024-01-31`)
    .refine((s) => {
      const t = Date.parse(`${s}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
    }, `${label} is not a real date`);

/**
 * The vault list's filters beside the search (the Overview's figures link to them, decision 0048):
 * holders created createdFrom..createdTo (UTC days, both included; either may be left out), whose
 * vault has exactly package `packageId`, and activated (an activation time) or not.
 */
export const holderListFilters = {
  createdFrom: holderDay('Created from').optional(),
  createdTo: holderDay('Created to').optional(),
  packageId: z.coerce.number().int().positive().max(2147483647).optional(),
  activated: z.enum(['yes', 'no'], { error: 'activated is yes or no' }).optional(),
};
export interface HolderListFilters {
  createdFrom?: string;
  createdTo?: string;
  packageId?: number;
  activated?: 'yes' | 'no';
}

/** `GET /api/v1/vaultholders?limit&offset[&sponsorId][&sortBy&sortDir][&createdFrom&createdTo&packageId&activated]`. */
export const vaultListQuery = pageQuery.extend({
  sponsorId: z.coerce.number().int().min(0).optional(),
  ...allPortalsParam,
  ...vaultSort,
  ...holderListFilters,
});
/** `POST /api/v1/vaultholders/search?sponsorId&offset&limit[&sortBy&sortDir][&createdFrom&createdTo&packageId&activated]`. */
export const vaultSearchQuery = pageQuery.extend({
  sponsorId: sponsorIdValue.optional(),
  ...allPortalsParam,
  ...vaultSort,
  ...holderListFilters,
});

// ---------------------------------------------------------------- creation

/** Specification section 3, "Vault creation payload". */
export const vaultCreateBody = z
  .strictObject({
    email: emailSchema,
    firstName: personNameSchema('First name'),
    middleName: optionalPersonNameSchema('Middle name').optional(),
    lastName: personNameSchema('Last name'),
    organizationName: optionalNameSchema('Organization name', 200).optional(),
    tag: z.enum(VAULT_TAGS, { error: `Tag must be one of ${VAULT_TAGS.join(', ')}` }).optional(),
    entityType: optionalNameSchema('Entity type').optional(),
    packageId: z.number({ error: 'Please choose a package' }).int().positive('Please choose a package'),
    group: z.number().int().positive().nullable().optional(),
    /** null when no advisor is chosen, otherwise a list of the advisors' user ids (integers). */
    sponsoredAdvisorUserId: z.array(z.number().int().positive()).min(1).max(50).nullable(),
    sendActivationEmail: z.boolean().default(false),
    templateId: z.number().int().positive().nullable().optional(),
    testAccount: z.boolean().default(false),
    localize: z
      .string()
      .trim()
      .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Choose a language, e.g. en or fr-CA')
      .default('en'),
  })
  .superRefine((b, ctx) => {
    if (b.sponsoredAdvisorUserId && b.sponsoredAdvisorUserId.length > 0) {
      for (const k of ['middleName', 'organizationName', 'tag', 'entityType', 'group'] as const) {
        if (b[k] !== undefined) {
          ctx.addIssue({ code: 'custom', path: [k], message: `${k} is not sent when trusted advisors are chosen` });
        }
      }
    }
  });
export type VaultCreateBody = z.input<typeof vaultCreateBody>;

/**
 * Builds the creation payload exactly as the specification says: tag defaults to individual,
 * sendActivationEmail and testAccount to false, advisor ids become integers (null when none), and
 * middle name, organisation, tag, entity type and group are left out when advisors are chosen.
 */
export function buildVaultPayload(form: {
  email: string;
  firstName: string;
  middleName?: string;
  lastName: string;
  organizationName?: string;
  tag?: string;
  entityType?: string;
  packageId: number | string;
  group?: number | string | null;
  sponsoredAdvisorUserId?: (number | string)[] | null;
  sendActivationEmail?: boolean;
  templateId?: number | string | null;
  testAccount?: boolean;
  localize?: string;
}): VaultCreateBody {
  const advisors = (form.sponsoredAdvisorUserId ?? []).map((v) => Number.parseInt(String(v), 10)).filter((n) => Number.isInteger(n));
  const num = (v: number | string | null | undefined) =>
    v === null || v === undefined || v === '' ? null : Number.parseInt(String(v), 10);
  const payload: VaultCreateBody = {
    email: form.email.trim(),
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    packageId: Number(form.packageId),
    sponsoredAdvisorUserId: advisors.length > 0 ? advisors : null,
    sendActivationEmail: form.sendActivationEmail ?? false,
    templateId: num(form.templateId),
    testAccount: form.testAccount ?? false,
    localize: form.localize || 'en',
  };
  if (advisors.length === 0) {
    if (form.middleName?.trim()) payload.middleName = form.middleName.trim();
    if (form.organizationName?.trim()) payload.organizationName = form.organizationName.trim();
    payload.tag = (form.tag || DEFAULT_VAULT_TAG) as (typeof VAULT_TAGS)[number];
    if (form.entityType?.trim()) payload.entityType = form.entityType.trim();
    payload.group = num(form.group);
  }
  return payload;
}

export const vaultCreateQuery = z.object({ sponsorId: sponsorIdValue });
export const vaultCreated = z.object({
  id: z.number().int(),
  vaultId: z.number().int(),
  email: z.string(),
  statusId: z.number().int(),
  message: z.string(),
});
export type VaultCreated = z.infer<typeof vaultCreated>;

// ---------------------------------------------------------------- users/{id} (test account)

export const userIdQuery = z.object({ sponsorid: sponsorIdValue });
export const userTestAccountQuery = z.object({
  sponsorid: sponsorIdValue,
  testaccount: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

/** `GET /api/v1/users/{id}?sponsorid`: a vault holder of the sponsor or an advisor linked to it. */
export const portalUser = z.object({
  id: z.number().int(),
  role: z.enum(['vault_holder', 'advisor']),
  email: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  statusId: z.number().int(),
  status: z.string(),
  testAccount: z.boolean(),
  localize: z.string(),
  sponsorId: z.number().int(),
});
export type PortalUser = z.infer<typeof portalUser>;

/**
 * `PUT /api/v1/users/{id}?sponsorid&testaccount=`: the user as body. Only the test-account flag is
 * changed (from the query, else from the body); the other fields must match the stored user's id.
 */
export const userUpdateBody = z
  .strictObject({
    id: z.number().int().positive().optional(),
    role: z.string().optional(),
    email: z.string().max(254).optional(),
    firstName: z.string().max(100).optional(),
    middleName: z.string().max(100).nullable().optional(),
    lastName: z.string().max(100).optional(),
    statusId: z.number().int().optional(),
    status: z.string().max(50).optional(),
    testAccount: z.boolean().optional(),
    localize: z.string().max(10).optional(),
    sponsorId: z.number().int().optional(),
  })
  .nullish();

// ---------------------------------------------------------------- account actions

/** `PUT /api/v1/users/activate?sponsorid`: statusId 1 activates, 2 deactivates. */
export const vaultActivateBody = z.strictObject({
  id: z.number().int().positive(),
  statusId: z.union([z.literal(1), z.literal(2)], { error: 'statusId must be 1 (activate) or 2 (deactivate)' }),
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
  email: z.string().max(254).optional(),
});
export const vaultResetPasswordBody = z.strictObject({
  id: z.number().int().positive(),
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
  email: z.string().max(254).optional(),
});
export const ownerQuery = z.object({ ownerId: z.coerce.number().int().positive(), sponsorId: sponsorIdValue });
export const vaultIdParams = z.object({ id: idParam });

/** `POST /api/v1/vaults/{id}?sponsorid`: archive with a reason (specification section 5). */
export const archiveBody = z.strictObject({ deleteReason: reasonSchema });
export const documentCount = z.object({ count: z.number().int() });

// ---------------------------------------------------------------- bulk actions and export

export const bulkBody = z
  .strictObject({
    action: z.enum(BULK_ACTIONS),
    /** Holder (user) ids chosen on the page… */
    ids: z.array(z.number().int().positive()).max(BULK_MAX).optional(),
    /** …or every holder matching this search (empty value = every holder of the portal). */
    search: vaultSearchBody.optional(),
    /** With `search`: the list's other filters, so that "every matching holder" is the list's rows. */
    filters: z.strictObject({ ...holderListFilters, packageId: z.number().int().positive().max(2147483647).optional() }).optional(),
  })
  .refine((b) => (b.ids?.length ?? 0) > 0 || b.search !== undefined, { message: 'Choose holders or a search', path: ['ids'] });
export type BulkBody = z.input<typeof bulkBody>;
export const bulkResult = z.object({
  action: z.enum(BULK_ACTIONS),
  total: z.number().int(),
  succeeded: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  results: z.array(
    z.object({
      id: z.number().int(),
      email: z.string().nullable(),
      outcome: z.enum(['success', 'skipped', 'error']),
      message: z.string(),
    }),
  ),
});
export type BulkResult = z.infer<typeof bulkResult>;

export const exportQuery = z.object({
  sponsorId: sponsorIdValue,
  fieldName: z.enum(VAULT_SEARCH_FIELDS).optional(),
  fieldValue: z.string().trim().max(200).optional(),
  ...holderListFilters,
  /** Comma-separated columns; default: the list's default columns. */
  columns: z.string().max(200).optional(),
});

// ---------------------------------------------------------------- details

export const vaultDetails = z.object({
  vaultId: z.number().int(),
  id: z.number().int(),
  sponsor: z.object({ id: z.number().int(), sponsorCode: z.string() }),
  email: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  organizationName: z.string().nullable(),
  localize: z.string(),
  testAccount: z.boolean(),
  statusId: z.number().int(),
  status: z.string(),
  package: z.object({ id: z.number().int(), name: z.string(), storageQuotaBytes: z.number() }).nullable(),
  license: z.string(),
  tag: z.string(),
  entityType: z.string().nullable(),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  template: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  advisors: z.array(z.object({ userId: z.number().int(), email: z.string(), firstName: z.string(), lastName: z.string() })),
  documentCount: z.number().int(),
  storageUsedBytes: z.number(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  mfaEnabled: z.boolean(),
  archivedAt: z.string().nullable(),
  archiveReason: z.string().nullable(),
  archivedBy: z.string().nullable(),
  history: z.array(
    z.object({
      id: z.number(),
      occurredAt: z.string(),
      action: z.string(),
      actorEmail: z.string().nullable(),
      outcome: z.string(),
      logJson: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type VaultDetails = z.infer<typeof vaultDetails>;

// ---------------------------------------------------------------- CSV import

export const importQuery = z.object({ sponsorId: sponsorIdValue });

export const importPreviewRow = z.object({
  line: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  package: z.string(),
  valid: z.boolean(),
  errors: z.array(z.string()),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;
export const importPreview = z.object({
  jobId: z.string().uuid(),
  fileName: z.string(),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  invalidRows: z.number().int(),
  /** Every row when the file has at most IMPORT_PREVIEW_ROWS rows; otherwise invalid rows first, then valid ones, up to that many. */
  rows: z.array(importPreviewRow),
  truncated: z.boolean(),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importConfirmBody = z.strictObject({
  jobId: z.string().uuid('Upload the file again: the preview id is not valid'),
  sendActivationEmail: z.boolean().default(false),
});
/** Specification section 3, "Vault holder import result". */
export const importResult = z.object({
  migrationStatus: z.enum(['Success', 'NothingToImport', 'AlreadyImported']),
  importMessage: z.string(),
  importedUsers: z.number().int(),
});
export type ImportResult = z.infer<typeof importResult>;
export const importJobParams = z.object({ jobId: z.string().uuid() });

/** Browser-side check of an e-mail against the specification's pattern. */
export const isValidVaultEmail = (v: string) => EMAIL_PATTERN.test(v.trim());
