import { buildUrl } from '../../lib/api';

/**
 * Where each figure leads: the list filtered to exactly the rows it counts (decision 0046). Days are
 * UTC days, as the lists' date filters read them.
 */
export const overviewLinks = {
  holdersWithStatus: (statusId: number) => buildUrl('/', { field: 'status', q: statusId }),
  holdersWithPackage: (packageId: number) => buildUrl('/', { field: 'package', q: packageId }),
  pendingInvitations: () => buildUrl('/invitation', { field: 'status', q: 'pending' }),
  expiringInvitations: (before: string) => buildUrl('/invitation', { field: 'status', q: 'pending', expiresBefore: before }),
  failedUploadsOn: (day: string) => buildUrl('/upload-failed-files', { from: day, to: day, status: 'all' }),
  signInsOn: (day: string) => buildUrl('/audit-logs', { from: day, to: day, action: 'auth.login', outcome: 'success' }),
  adminsWithoutSecondFactor: () => buildUrl('/sponsor-admin', { secondFactor: 'off' }),
};
