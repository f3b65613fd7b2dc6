import { AUDIT_RETENTION_DEFAULT_MONTHS } from '@vault/contract';

/** Until staff set one, the minimum is the default: nothing is kept shorter than seven years unless staff decide. */
export const DEFAULT_MINIMUM_MONTHS = AUDIT_RETENTION_DEFAULT_MONTHS;

/** The period the purge applies: the portal's choice, never below the service-wide minimum. */
export const effectiveMonths = (chosen: number | null | undefined, minimum: number) =>
  Math.max(chosen ?? AUDIT_RETENTION_DEFAULT_MONTHS, minimum);

/** The start (UTC) of the month `months` months before `now`'s month. */
export const monthStart = (now: Date, monthsBack = 0) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));

/**
 * A month is expired for a period of `months` once it ended at least that many months ago, so an
 * entry is kept for at least the period. The first month still kept starts here.
 */
export const keepsFrom = (now: Date, months: number) => {
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() - months);
  // The month holding the moment `months` ago has not ended by it: it is kept.
  return monthStart(limit);
};
