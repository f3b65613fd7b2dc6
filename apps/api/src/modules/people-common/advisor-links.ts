import { type ServerMessage, STATUS } from '@vault/contract';
import type { Db } from '../../db/client.js';
import { type AccountRef, done, setAccountStatus } from '../../lib/accounts.js';
import { forbidden } from '../../lib/errors.js';
import { writeAudit } from '../../plugins/audit.js';
import type { Actor, AuthUser } from '../../plugins/types.js';
import * as repo from './advisor-links.repo.js';

/**
 * A trusted advisor has one identity (name, e-mail, language, password, MFA, whether the account is
 * activated) shared by every portal she represents, and one link per portal (status there, group,
 * flags, test account). A portal's administrators change only their own link; the identity of a
 * person who also represents another portal is changed by staff alone, so nothing one sponsor
 * does shows in another's portal.
 */

/** The status a portal shows for its representative: the identity's when it is archived or not active, unless the link is off. */
export function linkedStatus(identityStatus: number, linkStatus: number): number {
  if (identityStatus === STATUS.archived) return identityStatus;
  if (linkStatus === STATUS.inactive) return STATUS.inactive;
  return identityStatus;
}

/** Whether `user` may change the identity of advisor `userId` while working in `sponsorId`. */
export async function mayChangeIdentity(db: Db, user: Pick<AuthUser, 'role'>, sponsorId: number, userId: number): Promise<boolean> {
  return user.role === 'staff' || (await repo.otherLinkCount(db, userId, sponsorId)) === 0;
}

export async function checkIdentityChange(db: Db, user: Pick<AuthUser, 'role'>, sponsorId: number, account: AccountRef, what: string) {
  if (!(await mayChangeIdentity(db, user, sponsorId, account.id)))
    throw forbidden(`${account.email} also represents other portals: only the service staff may change their ${what}.`);
}

interface LinkCtx {
  db: Db;
  actor: Actor;
  user: Pick<AuthUser, 'role'>;
  sponsorId: number;
  targetType: string;
}

/**
 * Activation or deactivation in one portal: the link's status changes. An identity that was never
 * activated becomes active too when the caller may change the identity (the person represents this
 * portal only, or staff act), as activation always did.
 */
export async function setLinkedStatus(ctx: LinkCtx, account: AccountRef, linkStatus: number, statusId: 1 | 2): Promise<ServerMessage> {
  const name = `${account.firstName} ${account.lastName}`.trim();
  if (account.statusId === STATUS.archived) return setAccountStatus(ctx.db, { ...ctx }, account, statusId);
  const activateIdentity =
    statusId === STATUS.active &&
    account.statusId !== STATUS.active &&
    (await mayChangeIdentity(ctx.db, ctx.user, ctx.sponsorId, account.id));
  if (linkStatus === statusId && !activateIdentity) {
    return done(`${name} is already ${statusId === STATUS.active ? 'active' : 'inactive'}.`);
  }
  if (linkStatus !== statusId) {
    await repo.setLinkStatus(ctx.db, account.id, ctx.sponsorId, statusId);
    await writeAudit(ctx.db, ctx.actor, {
      action: statusId === STATUS.active ? `${ctx.targetType}.activate` : `${ctx.targetType}.deactivate`,
      sponsorId: ctx.sponsorId,
      targetType: ctx.targetType,
      targetId: account.id,
      logJson: { email: account.email, linkStatusId: { from: linkStatus, to: statusId } },
    });
  }
  if (activateIdentity) await setAccountStatus(ctx.db, { ...ctx }, account, STATUS.active);
  const shown = linkedStatus(activateIdentity ? STATUS.active : account.statusId, statusId);
  return done(`${name} is now ${shown === STATUS.active ? 'active' : shown === STATUS.inactive ? 'inactive' : 'active in this portal'}.`);
}
