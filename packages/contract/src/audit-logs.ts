import { z } from 'zod';
import { AUDIT_DEFAULT_DAYS, MAX_PAGE_SIZE, PAGE_SIZE } from './common.js';
import { isTimeZone } from './display-dates.js';
import { dateQueryParam } from './operations.js';

/** Counting more than this many entries exactly is not worth the time; beyond it the total is an estimate. */
export const AUDIT_EXACT_COUNT_CAP = 2_000;
export const AUDIT_EXPORT_MAX_ROWS = 200_000;
export const AUDIT_MAX_RANGE_DAYS = 366;

export const auditQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  sponsorid: z.coerce.number().int().min(0).optional(),
  fromDate: dateQueryParam.optional(),
  toDate: dateQueryParam.optional(),
  /** An action or an action prefix ("vault_holder." matches every vault holder action). */
  action: z.string().trim().max(100).optional(),
  /** Part of the actor's e-mail address. */
  actor: z.string().trim().max(254).optional(),
  outcome: z.enum(['success', 'failure']).optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;
export const auditExportQuery = auditQuery.omit({ offset: true, limit: true }).extend({
  /** The reader's time zone ("Europe/Berlin"): the file's times are written in it, as the screen shows them; UTC without. */
  timeZone: z.string().trim().max(64).refine(isTimeZone, 'Unknown time zone').optional(),
  /**
   * csv (default): for people. ndjson: one chain's stretch covering the date range, one entry per line
   * with its hash, then a signed checkpoint line; an auditor verifies it offline (docs/audit-verification.md).
   */
  format: z.enum(['csv', 'ndjson']).default('csv'),
});
export type AuditExportQuery = z.infer<typeof auditExportQuery>;

export const auditEntry = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  actorUserId: z.number().int().nullable(),
  actorEmail: z.string().nullable(),
  actorSponsorId: z.number().int().nullable(),
  sponsorId: z.number().int().nullable(),
  sponsorCode: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  outcome: z.enum(['success', 'failure']),
  clientIp: z.string().nullable(),
  /** Specification section 3: "logJson, a JSON string that is parsed into info". */
  logJson: z.string(),
  /**
   * The further keys the target's screen needs, when it still exists: a person's vault, an
   * administrator's or representative's link in the entry's portal, a sub-portal's code.
   */
  targetRef: z
    .object({
      vaultId: z.number().int().optional(),
      said: z.number().int().optional(),
      staid: z.number().int().optional(),
      groupCode: z.string().optional(),
    })
    .optional(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListResponse = z.object({
  data: z.array(auditEntry),
  total: z.number().int(),
  /** True when total is an estimate (more than AUDIT_EXACT_COUNT_CAP entries match). */
  totalIsEstimate: z.boolean(),
  activePage: z.number().int(),
  perPage: z.number().int(),
  /** The range applied, as dates (UTC), both inclusive. */
  startDate: z.string(),
  endDate: z.string(),
});
export type AuditListResponse = z.infer<typeof auditListResponse>;

/** A chain to verify: a portal (sponsorid), or without it the entries with no portal (staff) or the administrator's own portal. */
export const auditVerifyQuery = z.object({
  sponsorid: z.coerce.number().int().min(0).optional(),
});
export type AuditVerifyQuery = z.infer<typeof auditVerifyQuery>;

export const auditVerifyResponse = z.object({
  /** The chain: a portal's id, or null for the entries with no portal. */
  sponsorId: z.number().int().nullable(),
  /** Every entry's content and link hold, no seq is missing and every checkpoint signs its entry. */
  whole: z.boolean(),
  entries: z.number().int(),
  lastSeq: z.number().int(),
  lastHash: z.string(),
  /** The first entry whose content does not match its hash, whose link to the entry before is broken, or that a checkpoint contradicts. */
  firstBroken: z.object({ id: z.number().int(), seq: z.number().int(), reason: z.enum(['content', 'link', 'checkpoint']) }).optional(),
  /** Missing stretches of seq (entries removed), the first 100. */
  gaps: z.array(z.object({ fromSeq: z.number().int(), toSeq: z.number().int() })),
  gapCount: z.number().int(),
  checkpoints: z.number().int(),
  latestCheckpoint: z.object({ seq: z.number().int(), signedAt: z.string() }).nullable(),
  /** Entries up to this seq were dropped by the retention purge; the walk started from its signed hash. */
  cut: z.object({ seq: z.number().int(), signedAt: z.string() }).nullable(),
});
export type AuditVerifyResponse = z.infer<typeof auditVerifyResponse>;

export const auditPublicKeyResponse = z.object({
  algorithm: z.literal('Ed25519'),
  keyId: z.string(),
  /** SPKI PEM. */
  pem: z.string(),
  /** The raw 32-byte public key in base64. */
  raw: z.string(),
});
export type AuditPublicKeyResponse = z.infer<typeof auditPublicKeyResponse>;

/** The default range of the specification: from 29 days before today up to today (dates, UTC). */
export function defaultAuditRange(today = new Date()): { fromDate: string; toDate: string } {
  const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const from = new Date(to.getTime() - AUDIT_DEFAULT_DAYS * 86_400_000);
  return { fromDate: from.toISOString().slice(0, 10), toDate: to.toISOString().slice(0, 10) };
}
