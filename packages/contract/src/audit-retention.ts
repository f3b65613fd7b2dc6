import { z } from 'zod';

/*
 * Audit retention (issue 33 part 4, decision 0045): each portal keeps its audit entries for a number
 * of months, never fewer than the service-wide minimum staff set, and staff may put it on legal hold.
 */

/** Seven years, what financial firms commonly keep. */
export const AUDIT_RETENTION_DEFAULT_MONTHS = 84;
/** A hundred years: a bound for typing errors, not a policy. */
export const AUDIT_RETENTION_MAX_MONTHS = 1200;

const months = (what: string) =>
  z
    .number({ error: `${what} is a whole number of months` })
    .int(`${what} is a whole number of months`)
    .min(1, `${what} is at least 1 month`)
    .max(AUDIT_RETENTION_MAX_MONTHS, `${what} is at most ${AUDIT_RETENTION_MAX_MONTHS} months`);

export const auditRetentionBody = z.strictObject({
  months: months('Retention period'),
});
export type AuditRetentionBody = z.infer<typeof auditRetentionBody>;

export const auditLegalHoldBody = z.strictObject({
  legalHold: z.boolean(),
  /** Why (a matter, a regulator's request); kept in the audit entry too. Required to set a hold. */
  reason: z.string().trim().max(500, 'Reason is at most 500 characters').optional(),
});
export type AuditLegalHoldBody = z.infer<typeof auditLegalHoldBody>;

export const auditRetention = z.object({
  sponsorId: z.number().int(),
  /** The period the portal chose (the default until it chooses). */
  months: z.number().int(),
  /** The service-wide minimum; the period kept is never shorter. */
  minimumMonths: z.number().int(),
  /** What the purge applies: the larger of the two. */
  effectiveMonths: z.number().int(),
  legalHold: z.boolean(),
  holdReason: z.string().nullable(),
  holdChangedAt: z.string().nullable(),
  /** Entries older than this (the start of a month, UTC) are dropped when no hold stops it. */
  keepsFrom: z.string(),
  /** The caller may change the period (staff, or an administrator with "Manage administrators"). */
  canChangePeriod: z.boolean(),
  /** The caller may set or lift the legal hold (staff only). */
  canChangeHold: z.boolean(),
});
export type AuditRetention = z.infer<typeof auditRetention>;

export const auditRetentionPolicyBody = z.strictObject({
  minimumMonths: months('Minimum retention'),
});
export type AuditRetentionPolicyBody = z.infer<typeof auditRetentionPolicyBody>;

export const auditRetentionPolicy = z.object({
  minimumMonths: z.number().int(),
  defaultMonths: z.number().int(),
});
export type AuditRetentionPolicy = z.infer<typeof auditRetentionPolicy>;
