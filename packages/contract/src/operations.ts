import { z } from 'zod';
import { allPortalsParam, MAX_PAGE_SIZE, offsetParam, PAGE_SIZE } from './common.js';

/* ------------------------------------------------------------------ App integrations */

/** The scopes a sponsor authorization may grant (DESIGN 5). */
export const INTEGRATION_SCOPES = [
  'read_vaults',
  'write_documents',
  'read_audit',
  'report_failed_uploads',
  'redeem_invitations',
  'scim',
] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];
export const SCOPE_LABELS: Record<IntegrationScope, string> = {
  read_vaults: 'Read vaults',
  write_documents: 'Write documents',
  read_audit: 'Read audit log',
  report_failed_uploads: 'Report failed uploads',
  redeem_invitations: 'Redeem invitations',
  scim: "Provision the portal's administrators (SCIM)",
};

export interface ConfigField {
  key: string;
  label: string;
  kind: 'url' | 'text' | 'select' | 'list';
  required: boolean;
  options?: string[];
  description?: string;
}

/**
 * What each kind of integration needs configured, by catalogue category. Unknown categories take
 * free key/value settings. Secrets never go into the configuration: the API key is the credential.
 */
export const INTEGRATION_CONFIG_FIELDS: Record<string, ConfigField[]> = {
  crm: [
    { key: 'instance', label: 'CRM instance (host name)', kind: 'text', required: true },
    { key: 'syncDirection', label: 'Sync direction', kind: 'select', required: true, options: ['both', 'inbound', 'outbound'] },
  ],
  esignature: [{ key: 'account', label: 'Account', kind: 'text', required: true }],
  custodian: [{ key: 'account', label: 'Custodian account', kind: 'text', required: true }],
  scanner: [{ key: 'account', label: 'Scanner account or workstation', kind: 'text', required: true }],
  webhook: [
    { key: 'url', label: 'Webhook URL (https)', kind: 'url', required: true },
    { key: 'events', label: 'Events', kind: 'list', required: false, options: ['vault.created', 'document.uploaded', 'upload.failed'] },
  ],
};

const CONFIG_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const SECRET_KEY = /pass(word)?|token|secret|api[-_]?key|private/i;

/** Normalises a catalogue category ("E-signature", "e_signature") to a key of INTEGRATION_CONFIG_FIELDS. */
export const configKind = (category: string, code = ''): string | null => {
  const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
  for (const candidate of [squash(category), squash(code)]) {
    for (const kind of Object.keys(INTEGRATION_CONFIG_FIELDS)) {
      if (candidate === kind || candidate.includes(kind)) return kind;
    }
    if (candidate.includes('sign')) return 'esignature';
    if (candidate.includes('scan')) return 'scanner';
  }
  return null;
};

export const integrationConfig = z
  .record(
    z.string(),
    z.union([z.string().max(500, 'Values must be at most 500 characters'), z.number(), z.boolean(), z.array(z.string().max(100)).max(20)]),
  )
  .refine((c) => Object.keys(c).length <= 20, 'At most 20 settings')
  .refine((c) => Object.keys(c).every((k) => CONFIG_KEY.test(k)), 'Setting names use letters, digits and _ only')
  .refine((c) => Object.keys(c).every((k) => !SECRET_KEY.test(k)), 'Do not put passwords, tokens or keys into the configuration');
export type IntegrationConfig = z.infer<typeof integrationConfig>;

const isHttpsUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || (u.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(u.hostname));
  } catch {
    return false;
  }
};

/** Checks a configuration against its kind's fields; answers [{field, message}] (empty when valid). */
export function validateIntegrationConfig(kind: string | null, config: IntegrationConfig): { field: string; message: string }[] {
  const fields = kind ? INTEGRATION_CONFIG_FIELDS[kind] : undefined;
  if (!fields) return [];
  const problems: { field: string; message: string }[] = [];
  for (const f of fields) {
    const raw = config[f.key];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
      if (f.required) problems.push({ field: `config.${f.key}`, message: `${f.label} is required` });
      continue;
    }
    if (f.kind === 'list') {
      const bad = Array.isArray(value) ? value.filter((v) => !f.options?.includes(v)) : [String(value)];
      if (bad.length) problems.push({ field: `config.${f.key}`, message: `${f.label} must be among ${f.options?.join(', ')}` });
    } else if (typeof value !== 'string') {
      problems.push({ field: `config.${f.key}`, message: `${f.label} must be text` });
    } else if (f.kind === 'url' && !isHttpsUrl(value)) {
      problems.push({ field: `config.${f.key}`, message: `${f.label} must be an https URL` });
    } else if (f.kind === 'select' && !f.options?.includes(value)) {
      problems.push({ field: `config.${f.key}`, message: `${f.label} must be one of ${f.options?.join(', ')}` });
    }
  }
  const known = new Set(fields.map((f) => f.key));
  for (const k of Object.keys(config)) if (!known.has(k)) problems.push({ field: `config.${k}`, message: `Unknown setting ${k}` });
  return problems;
}

export const sponsorIntegration = z.object({
  id: z.number().int(),
  integrationId: z.number().int(),
  enabled: z.boolean(),
  config: z.record(z.string(), z.unknown()),
  apiKeyPrefix: z.string(),
  keyRotatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  activeAuthorizations: z.number().int(),
});
export type SponsorIntegration = z.infer<typeof sponsorIntegration>;

export const appIntegration = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  /** The key of INTEGRATION_CONFIG_FIELDS this app is configured with; null: free settings. */
  configKind: z.string().nullable(),
  sponsorIntegration: sponsorIntegration.nullable(),
});
export type AppIntegration = z.infer<typeof appIntegration>;

export const enableIntegrationBody = z.strictObject({ config: integrationConfig.default({}) });
export const updateIntegrationBody = z.strictObject({ config: integrationConfig });

/** The answer that carries a new API key: the only time it is ever shown. */
export const apiKeyIssued = z.object({
  message: z.string(),
  errorMsg: z.string().nullable(),
  statusType: z.enum(['success', 'error', 'warning', 'info']),
  apiKey: z.string(),
  integration: sponsorIntegration,
});
export type ApiKeyIssued = z.infer<typeof apiKeyIssued>;

/* ------------------------------------------------------------------ Sponsor authorizations */

export const sponsorAuthorization = z.object({
  id: z.number().int(),
  sponsorIntegrationId: z.number().int(),
  integrationName: z.string(),
  integrationCode: z.string(),
  integrationEnabled: z.boolean(),
  scopes: z.array(z.string()),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  state: z.enum(['active', 'expired', 'revoked', 'disabled']),
});
export type SponsorAuthorization = z.infer<typeof sponsorAuthorization>;

export const grantAuthorizationBody = z.strictObject({
  sponsorIntegrationId: z.number().int().positive(),
  scopes: z
    .array(z.enum(INTEGRATION_SCOPES, { message: `Scopes are ${INTEGRATION_SCOPES.join(', ')}` }))
    .min(1, 'Choose at least one scope')
    .max(INTEGRATION_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, 'A scope is listed twice'),
  expiresAt: z.string().datetime({ offset: true, message: 'Expiry must be a date and time' }).nullable().optional(),
});
export type GrantAuthorizationBody = z.infer<typeof grantAuthorizationBody>;

/** A date (YYYY-MM-DD, UTC) or an ISO date-time in a query. */
export const dateQueryParam = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'Use a date like 2024-01-31')
  .refine((s) => !Number.isNaN(Date.parse(s.length === 10 ? `${s}T00:00:00Z` : s)), 'Not a real date');

/* ------------------------------------------------------------------ Failed files */

export const FAILED_UPLOAD_REASONS = ['too_large', 'virus', 'type', 'storage_error'] as const;
export const FAILED_UPLOAD_REASON_LABELS: Record<(typeof FAILED_UPLOAD_REASONS)[number], string> = {
  too_large: 'Too large',
  virus: 'Virus found',
  type: 'File type not allowed',
  storage_error: 'Storage error',
};
export const FAILED_UPLOAD_STATUSES = ['failed', 'retry_requested', 'dismissed'] as const;
export const FAILED_UPLOAD_STATUS_LABELS: Record<(typeof FAILED_UPLOAD_STATUSES)[number], string> = {
  failed: 'Failed',
  retry_requested: 'Retry requested',
  dismissed: 'Dismissed',
};

export const reportFailedUploadBody = z.strictObject({
  fileName: z.string().trim().min(1, 'File name is required').max(255, 'File name must be at most 255 characters'),
  sizeBytes: z.number().int().min(0).max(1e13),
  contentType: z
    .string()
    .trim()
    .max(255)
    .regex(/^[\w.+-]+\/[\w.+-]+$/, 'Content type must look like type/subtype')
    .optional(),
  reason: z.enum(FAILED_UPLOAD_REASONS, { message: `Reason is one of ${FAILED_UPLOAD_REASONS.join(', ')}` }),
  detail: z.string().trim().max(1000).optional(),
  vaultId: z.number().int().positive().optional(),
  holderUserId: z.number().int().positive().optional(),
  occurredAt: z.string().datetime({ offset: true }).optional(),
});
export type ReportFailedUploadBody = z.infer<typeof reportFailedUploadBody>;

export const failedUploadsQuery = z.object({
  sponsorId: z.coerce.number().int().min(0).optional(),
  ...allPortalsParam,
  offset: offsetParam,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  fromDate: dateQueryParam.optional(),
  toDate: dateQueryParam.optional(),
  reason: z.enum(FAILED_UPLOAD_REASONS).optional(),
  /** open = failed or retry requested (the default). */
  status: z.enum(['open', 'all', ...FAILED_UPLOAD_STATUSES]).default('open'),
});

export const failedUpload = z.object({
  id: z.number().int(),
  /** The portal the file was reported in: a list of every portal shows it (decision 0052). */
  sponsorId: z.number().int(),
  sponsorCode: z.string(),
  fileName: z.string(),
  sizeBytes: z.number(),
  contentType: z.string().nullable(),
  reason: z.enum(FAILED_UPLOAD_REASONS),
  detail: z.string().nullable(),
  status: z.enum(FAILED_UPLOAD_STATUSES),
  occurredAt: z.string(),
  resolvedAt: z.string().nullable(),
  vaultId: z.number().int().nullable(),
  holder: z.object({ userId: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  reportedBy: z.string().nullable(),
});
export type FailedUpload = z.infer<typeof failedUpload>;

export const failedUploadIdsBody = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1, 'Choose at least one file').max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} files at once`),
});

/* ------------------------------------------------------------------ App status */

export const CHECK_STATES = ['ok', 'warning', 'error', 'info'] as const;
export type CheckState = (typeof CHECK_STATES)[number];

export const statusCheck = z.object({
  key: z.string(),
  label: z.string(),
  state: z.enum(CHECK_STATES),
  latencyMs: z.number(),
  detail: z.string(),
  value: z.union([z.number(), z.string(), z.null()]).optional(),
});
export type StatusCheck = z.infer<typeof statusCheck>;

export const serviceStatus = z.object({
  status: z.number().int(),
  message: z.string(),
  data: z.object({
    checkedAt: z.string(),
    overall: z.enum(CHECK_STATES),
    version: z.string(),
    uptimeSeconds: z.number(),
    checks: z.array(statusCheck),
    sponsor: z.object({
      id: z.number().int(),
      sponsorCode: z.string(),
      vaultsByStatus: z.array(z.object({ statusId: z.number().int(), name: z.string(), count: z.number().int() })),
      vaultsTotal: z.number().int(),
      pendingInvitations: z.number().int(),
    }),
  }),
});
export type ServiceStatus = z.infer<typeof serviceStatus>;
export const APP_STATUS_REFRESH_MS = 30_000;
