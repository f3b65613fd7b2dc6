import { ALL_PORTALS_URL_PARAM, FUNNEL_AUDIT_ACTIONS } from '@vault/contract';
import { buildUrl } from '../../lib/api';

/** The audit log's successful entries of one action in these UTC days: the events a counter counts (decision 0050). */
const auditEvents = (action: string, from: string, to: string) => buildUrl('/audit-logs', { from, to, action, outcome: 'success' });

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
  signInsOn: (day: string) => auditEvents(FUNNEL_AUDIT_ACTIONS.signIn, day, day),
  /** Redemptions, and vault holders' first activations after a redemption, as the audit log recorded them. */
  invitationsRedeemed: (from: string, to: string) => auditEvents(FUNNEL_AUDIT_ACTIONS.redeemed, from, to),
  vaultsActivatedAfterInvitation: (from: string, to: string) => auditEvents(FUNNEL_AUDIT_ACTIONS.activated, from, to),
  adminsWithoutSecondFactor: () => buildUrl('/sponsor-admin', { secondFactor: 'off' }),
};

/** The same list across every portal (`all=1`, decision 0052): where the "All portals" figures lead, for staff. */
export const acrossPortals = (href: string) => `${href}${href.includes('?') ? '&' : '?'}${ALL_PORTALS_URL_PARAM}=1`;

/** The Sunday ending the week that starts on `monday` (yyyy-mm-dd, UTC). */
export const weekEnd = (monday: string) => new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
