import { buildUrl } from '../../lib/api';

/**
 * Where each figure leads: the list filtered to exactly the rows it counts (decision 0046). Days are
 * UTC days, as the lists' date filters read them.
 */
export const overviewLinks = {
  holdersWithStatus: (statusId: number) => buildUrl('/', { field: 'status', q: statusId }),
  holdersWithPackage: (packageId: number) => buildUrl('/', { packageId }),
  /** Holders created in these UTC days (a week's bar: Monday to Sunday; the funnel: the range). */
  holdersCreated: (from: string, to: string) => buildUrl('/', { from, to }),
  /** Of those, the activated ones: an activation time, as the counters read it (not the status "Active"). */
  holdersCreatedActivated: (from: string, to: string) => buildUrl('/', { from, to, activated: 'yes' }),
  invitationsCreated: (from: string, to: string) => buildUrl('/invitation', { from, to }),
  pendingInvitations: () => buildUrl('/invitation', { field: 'status', q: 'pending' }),
  expiringInvitations: (before: string) => buildUrl('/invitation', { field: 'status', q: 'pending', expiresBefore: before }),
  failedUploadsOn: (day: string) => buildUrl('/upload-failed-files', { from: day, to: day, status: 'all' }),
  signInsOn: (day: string) => buildUrl('/audit-logs', { from: day, to: day, action: 'auth.login', outcome: 'success' }),
  adminsWithoutSecondFactor: () => buildUrl('/sponsor-admin', { secondFactor: 'off' }),
};

/** The Sunday ending the week that starts on `monday` (yyyy-mm-dd, UTC). */
export const weekEnd = (monday: string) => new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
