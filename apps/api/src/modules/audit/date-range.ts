import { AUDIT_MAX_RANGE_DAYS, defaultAuditRange } from '@vault/contract';
import { badRequest } from '../../lib/errors.js';

const DAY = 86_400_000;
const isDateOnly = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * A date range from query dates (UTC). A bare date in toDate means the whole day, so the range is
 * [from, to + 1 day). Missing dates take the specification's default (29 days before today up to today)
 * when `defaults` is set.
 */
export function dateRange(fromDate: string | undefined, toDate: string | undefined, defaults: boolean) {
  const d = defaults ? defaultAuditRange() : { fromDate: undefined, toDate: undefined };
  const fromText = fromDate ?? d.fromDate;
  const toText = toDate ?? d.toDate;
  const from = fromText ? new Date(isDateOnly(fromText) ? `${fromText}T00:00:00Z` : fromText) : undefined;
  const to = toText ? new Date(isDateOnly(toText) ? new Date(`${toText}T00:00:00Z`).getTime() + DAY : Date.parse(toText) + 1) : undefined;
  if (from && to && from >= to)
    throw badRequest('The start date must not be after the end date.', [{ field: 'fromDate', message: 'After the end date' }]);
  if (from && to && to.getTime() - from.getTime() > (AUDIT_MAX_RANGE_DAYS + 1) * DAY) {
    throw badRequest(`Choose a range of at most ${AUDIT_MAX_RANGE_DAYS} days.`, [{ field: 'toDate', message: 'Range too long' }]);
  }
  return {
    from,
    to,
    startDate: from ? from.toISOString().slice(0, 10) : null,
    endDate: to ? new Date(to.getTime() - 1).toISOString().slice(0, 10) : null,
  };
}
