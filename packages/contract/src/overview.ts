import { z } from 'zod';
import { dateQueryParam } from './operations.js';

/**
 * The Overview (issue 35, decision 0046): one portal's figures, or with no portal (staff) all
 * portals summed. fromDate/toDate (UTC days, both included; default the last 29 days and today)
 * bound the funnels and the sign-ins; the other figures have their own fixed windows.
 */
export const OVERVIEW_WEEKS = 52;
export const OVERVIEW_FAILED_UPLOAD_DAYS = 30;
export const OVERVIEW_EXPIRING_DAYS = 7;
export const OVERVIEW_TOP = 10;

/**
 * The audit entries the invitation funnel counts, by the entry's portal and UTC day, outcome success
 * (decision 0050): Redeemed and Vault activated link to the audit log filtered to them, as sign-ins
 * per day link to `auth.login`.
 */
export const FUNNEL_AUDIT_ACTIONS = {
  signIn: 'auth.login',
  redeemed: 'invitation.redeem',
  /** A vault holder's first activation after redeeming an invitation of the portal. */
  activated: 'invitation.vault_activated',
} as const;

export const overviewQuery = z.strictObject({
  sponsorId: z.coerce.number().int().min(0).optional(),
  fromDate: dateQueryParam.optional(),
  toDate: dateQueryParam.optional(),
});
export type OverviewQuery = z.infer<typeof overviewQuery>;

const count = z.number().int().min(0);
const dayCount = z.object({ day: z.string(), count });
const topPortal = z.object({ sponsorId: z.number().int(), sponsorCode: z.string(), name: z.string(), count });

export const overviewResponse = z.object({
  /** null: all portals. */
  sponsorId: z.number().int().nullable(),
  fromDate: z.string(),
  toDate: z.string(),
  holdersByStatus: z.array(z.object({ statusId: z.number().int(), status: z.string(), count })),
  /** The last 52 weeks, oldest first; weekStart is a Monday (UTC). */
  newVaultsPerWeek: z.array(z.object({ weekStart: z.string(), count })),
  /** Invitations created, redemptions, and holders activated after redeeming, in the range. */
  invitationFunnel: z.object({ sent: count, redeemed: count, activated: count }),
  /** Vault holders created in the range, how many of them are activated, and the median whole days it took. */
  vaultFunnel: z.object({ created: count, activated: count, medianDaysToActivate: z.number().nullable() }),
  /** Invitations with a use left and not expired; those of them expiring before `expiringBefore`. */
  invitations: z.object({ pending: count, expiringSoon: count, expiringBefore: z.string() }),
  /** The last 30 days, oldest first. */
  failedUploadsPerDay: z.array(dayCount),
  holdersPerPackage: z.array(z.object({ packageId: z.number().int().nullable(), package: z.string(), count })),
  /** Left out (null) for an administrator without "Manage MFA" (decision 0046). */
  adminsWithoutSecondFactor: count.nullable(),
  /** Every day of the range, oldest first. */
  signInsPerDay: z.array(dayCount),
  /** All portals only: the most new vault holders in the range, and the most pending activation. */
  topGrowth: z.array(topPortal).optional(),
  topPendingActivation: z.array(topPortal).optional(),
});
export type OverviewResponse = z.infer<typeof overviewResponse>;
