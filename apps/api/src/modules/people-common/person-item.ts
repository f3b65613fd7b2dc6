import { iso } from '../../lib/dates.js';
import { statusName } from '../../lib/status-name.js';

/** Name, e-mail and status of a person's user record, as every people answer carries them. */
export const personFields = (user: { email: string; firstName: string; lastName: string; statusId: number }) => ({
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  statusId: user.statusId,
  status: statusName(user.statusId),
});

/** The access flags `flags` read from a record, for an answer. */
export const flagValues = <F extends string>(flags: readonly F[], record: Record<F, boolean>) =>
  Object.fromEntries(flags.map((f) => [f, record[f]])) as Record<F, boolean>;

/**
 * What an answer about a person's place in a portal (administrator, representative) carries
 * besides its ids and its own fields: portal, group, language, MFA, creation and access flags.
 */
export const portalLinkFields = <F extends string>(
  row: { user: { localize: string; mfaEnabled: boolean; createdAt: Date | string }; groupName: string | null },
  link: { sponsorId: number; groupId: number | null } & Record<F, boolean>,
  flags: readonly F[],
) => ({
  sponsorId: link.sponsorId,
  group: link.groupId,
  groupName: row.groupName,
  localize: row.user.localize,
  mfaEnabled: row.user.mfaEnabled,
  createdAt: iso(row.user.createdAt),
  ...flagValues(flags, link),
});
