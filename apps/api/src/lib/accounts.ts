import { FUNNEL_AUDIT_ACTIONS, type ServerMessage, STATUS } from '@vault/contract';
import type { Db } from '../db/client.js';
import { queueMessage, recipientLocale } from '../mail/messages.js';
import { writeAudit } from '../plugins/audit.js';
import type { Actor } from '../plugins/types.js';
import { clearSecondFactor, emailOwner, lockActivated, redemptionBeforeActivation, revokeSessions, setStatus } from './accounts.repo.js';
import { conflict, forbidden } from './errors.js';
import { sendPasswordLink } from './password-links.js';

/**
 * Account actions shared by vault holders, representatives, trusted collaborators and
 * administrators. Each runs in the caller's transaction, audits itself and answers the server
 * message shown under "Server Confirmation".
 */
export interface AccountRef {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  statusId: number;
}

/** Who acts, and where and under which target type the audit entries go. */
interface Ctx {
  actor: Actor;
  /** The sponsor the action is done in (audit target sponsor). */
  sponsorId: number | null;
  /** Audit target type, e.g. 'vault_holder', 'sponsored_advisor'. */
  targetType: string;
}

export const done = (message: string, output?: unknown): ServerMessage => ({ message, errorMsg: null, statusType: 'success', output });

const fullName = (a: AccountRef) => `${a.firstName} ${a.lastName}`.trim();

export { emailOwner, revokeSessions };

/**
 * One e-mail is one person across the service (decision 0033): an address that belongs to someone
 * else's account is refused, never made into a second account.
 */
export const EMAIL_OF_ANOTHER_ACCOUNT = 'This e-mail address belongs to another account; one address is one person. Use another address.';

export const emailOfAnotherAccount = () => conflict(EMAIL_OF_ANOTHER_ACCOUNT, [{ field: 'email', message: 'Belongs to another account' }]);

/** The action's audit entry (`<targetType>.<action>`) on one account. */
const audit = (db: Db, ctx: Ctx, action: string, account: AccountRef, logJson: Record<string, unknown> = { email: account.email }) =>
  writeAudit(db, ctx.actor, {
    // A whole code ("scim.user_deactivated") is kept; a verb is put under the target type.
    action: action.includes('.') ? action : `${ctx.targetType}.${action}`,
    sponsorId: ctx.sponsorId,
    targetType: ctx.targetType,
    targetId: account.id,
    logJson,
  });

/**
 * Runs `write`, a change that may activate the account and writes its own audit entry, in the
 * caller's transaction. When it is the account's first activation and the account is a vault holder
 * who redeemed an invitation of their portal before it, the entry `invitation.vault_activated`
 * follows the change's own: the last step of the Overview's invitation funnel, which counts these
 * entries (decision 0050). The row is locked first, so of two racing activations one is the first.
 */
export async function activating<T>(db: Db, actor: Actor, userId: number, write: () => Promise<T>): Promise<T> {
  const before = await lockActivated(db, userId);
  const result = await write();
  const redemption = before ? null : await redemptionBeforeActivation(db, userId);
  if (redemption)
    await writeAudit(db, actor, {
      action: FUNNEL_AUDIT_ACTIONS.activated,
      sponsorId: redemption.sponsorId,
      targetType: 'vault_holder',
      targetId: userId,
      logJson: {
        email: redemption.email,
        invitationId: redemption.invitationId,
        inviteCode: redemption.inviteCode,
        redeemedAt: redemption.redeemedAt.toISOString(),
      },
    });
  return result;
}

/**
 * Activation sends statusId 1 (specification section 4); deactivation 2. Archived accounts stay archived.
 * `auditAs` names the entry when the change comes through another channel than the portal (SCIM).
 */
export async function setAccountStatus(db: Db, ctx: Ctx, account: AccountRef, statusId: 1 | 2, auditAs?: string): Promise<ServerMessage> {
  if (account.statusId === STATUS.archived)
    throw conflict(`${fullName(account)}'s vault is archived; it cannot be activated or deactivated.`);
  if (account.statusId === statusId) {
    return done(`${fullName(account)} is already ${statusId === STATUS.active ? 'active' : 'inactive'}.`);
  }
  const change = async () => {
    await setStatus(db, account.id, statusId, statusId === STATUS.active);
    if (statusId === STATUS.inactive) await revokeSessions(db, [account.id]);
    await audit(db, ctx, auditAs ?? (statusId === STATUS.active ? 'activate' : 'deactivate'), account, {
      email: account.email,
      statusId: { from: account.statusId, to: statusId },
    });
  };
  await (statusId === STATUS.active ? activating(db, ctx.actor, account.id, change) : change());
  return done(`${fullName(account)} is now ${statusId === STATUS.active ? 'active' : 'inactive'}.`);
}

/** The two e-mailed links: each only for an account in the state it serves, else 409. */
const LINKS = {
  reset: {
    status: STATUS.active,
    refused: (name: string) => `${name} is not active; send an activation e-mail instead.`,
    action: 'password_reset',
    sent: (email: string) => `A password reset link was sent to ${email}.`,
  },
  activation: {
    status: STATUS.pending,
    refused: (name: string) => `${name} has already activated the account.`,
    action: 'activation_email',
    sent: (email: string) => `An activation e-mail was sent to ${email}.`,
  },
} as const;

async function sendAccountLink(db: Db, ctx: Ctx & { publicUrl: string }, account: AccountRef, purpose: keyof typeof LINKS) {
  const link = LINKS[purpose];
  if (account.statusId !== link.status) throw conflict(link.refused(fullName(account)));
  await sendPasswordLink(db, {
    publicUrl: ctx.publicUrl,
    userId: account.id,
    email: account.email,
    firstName: account.firstName,
    sponsorId: ctx.sponsorId,
    purpose,
    kind: purpose === 'activation' ? 'resend_activation' : 'password_reset',
  });
  await audit(db, ctx, link.action, account);
  return done(link.sent(account.email));
}

export const sendPasswordReset = (db: Db, ctx: Ctx & { publicUrl: string }, account: AccountRef): Promise<ServerMessage> =>
  sendAccountLink(db, ctx, account, 'reset');

export const resendActivation = (db: Db, ctx: Ctx & { publicUrl: string }, account: AccountRef): Promise<ServerMessage> =>
  sendAccountLink(db, ctx, account, 'activation');

/**
 * Clears the second factor of each account (authenticator, passkeys, recovery codes) and ends their
 * sessions, so they enrol again at next sign-in. Nobody resets their own: that takes a recovery code.
 */
export async function resetMfa(db: Db, ctx: Ctx & { publicUrl: string }, accounts: AccountRef[]): Promise<ServerMessage> {
  const ids = accounts.map((a) => a.id);
  if (ctx.actor.userId !== null && ids.includes(ctx.actor.userId)) {
    throw forbidden('You cannot reset your own second factor. Use a recovery code, then set it up again on your account page.');
  }
  if (ids.length > 0) {
    await clearSecondFactor(db, ids);
    await revokeSessions(db, ids);
  }
  const signIn = `${ctx.publicUrl.replace(/\/$/, '')}/login`;
  for (const a of accounts) {
    await queueMessage(db, {
      publicUrl: ctx.publicUrl,
      sponsorId: ctx.sponsorId,
      kind: 'mfa_reset_notice',
      to: { to: a.email, localize: await recipientLocale(db, a.id) },
      values: { firstName: a.firstName, link: signIn },
    });
    await audit(db, ctx, 'reset_mfa', a);
  }
  return done(accounts.length === 1 ? `MFA was reset for ${accounts[0]!.email}.` : `MFA was reset for ${accounts.length} people.`, {
    count: accounts.length,
  });
}
