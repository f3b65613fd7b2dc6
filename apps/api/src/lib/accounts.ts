import { type ServerMessage, STATUS } from '@vault/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { mfaRecoveryCodes, sessions, users } from '../db/schema/index.js';
import { deletePasskeysOf } from '../modules/mfa/passkeys.repo.js';
import { writeAudit } from '../plugins/audit.js';
import type { Actor } from '../plugins/types.js';
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

interface Ctx {
  actor: Actor;
  /** The sponsor the action is done in (audit target sponsor). */
  sponsorId: number | null;
  /** Audit target type, e.g. 'vault_holder', 'sponsored_advisor'. */
  targetType: string;
}

export const done = (message: string, output?: unknown): ServerMessage => ({ message, errorMsg: null, statusType: 'success', output });

const fullName = (a: AccountRef) => `${a.firstName} ${a.lastName}`.trim();

export async function revokeSessions(db: Db, userIds: number[]) {
  if (userIds.length === 0) return;
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(inArray(sessions.userId, userIds), isNull(sessions.revokedAt)));
}

/** Activation sends statusId 1 (specification section 4); deactivation 2. Archived accounts stay archived. */
export async function setAccountStatus(db: Db, ctx: Ctx, account: AccountRef, statusId: 1 | 2): Promise<ServerMessage> {
  if (account.statusId === STATUS.archived)
    throw conflict(`${fullName(account)}'s vault is archived; it cannot be activated or deactivated.`);
  if (account.statusId === statusId) {
    return done(`${fullName(account)} is already ${statusId === STATUS.active ? 'active' : 'inactive'}.`);
  }
  await db
    .update(users)
    .set({ statusId, updatedAt: new Date(), ...(statusId === STATUS.active ? { activatedAt: new Date() } : {}) })
    .where(eq(users.id, account.id));
  if (statusId === STATUS.inactive) await revokeSessions(db, [account.id]);
  await writeAudit(db, ctx.actor, {
    action: statusId === STATUS.active ? `${ctx.targetType}.activate` : `${ctx.targetType}.deactivate`,
    sponsorId: ctx.sponsorId,
    targetType: ctx.targetType,
    targetId: account.id,
    logJson: { email: account.email, statusId: { from: account.statusId, to: statusId } },
  });
  return done(`${fullName(account)} is now ${statusId === STATUS.active ? 'active' : 'inactive'}.`);
}

export async function sendPasswordReset(db: Db, ctx: Ctx & { publicUrl: string }, account: AccountRef): Promise<ServerMessage> {
  if (account.statusId !== STATUS.active) throw conflict(`${fullName(account)} is not active; send an activation e-mail instead.`);
  await sendPasswordLink(db, {
    publicUrl: ctx.publicUrl,
    userId: account.id,
    email: account.email,
    firstName: account.firstName,
    sponsorId: ctx.sponsorId,
    purpose: 'reset',
  });
  await writeAudit(db, ctx.actor, {
    action: `${ctx.targetType}.password_reset`,
    sponsorId: ctx.sponsorId,
    targetType: ctx.targetType,
    targetId: account.id,
    logJson: { email: account.email },
  });
  return done(`A password reset link was sent to ${account.email}.`);
}

export async function resendActivation(db: Db, ctx: Ctx & { publicUrl: string }, account: AccountRef): Promise<ServerMessage> {
  if (account.statusId !== STATUS.pending) throw conflict(`${fullName(account)} has already activated the account.`);
  await sendPasswordLink(db, {
    publicUrl: ctx.publicUrl,
    userId: account.id,
    email: account.email,
    firstName: account.firstName,
    sponsorId: ctx.sponsorId,
    purpose: 'activation',
  });
  await writeAudit(db, ctx.actor, {
    action: `${ctx.targetType}.activation_email`,
    sponsorId: ctx.sponsorId,
    targetType: ctx.targetType,
    targetId: account.id,
    logJson: { email: account.email },
  });
  return done(`An activation e-mail was sent to ${account.email}.`);
}

/**
 * Clears the second factor of each account (authenticator, passkeys, recovery codes) and ends their
 * sessions, so they enrol again at next sign-in. Nobody resets their own: that takes a recovery code.
 */
export async function resetMfa(db: Db, ctx: Ctx, accounts: AccountRef[]): Promise<ServerMessage> {
  const ids = accounts.map((a) => a.id);
  if (ctx.actor.userId !== null && ids.includes(ctx.actor.userId)) {
    throw forbidden('You cannot reset your own second factor. Use a recovery code, then set it up again on your account page.');
  }
  if (ids.length > 0) {
    await db
      .update(users)
      .set({ mfaEnabled: false, mfaSecret: null, mfaEnrolledAt: null, mfaLastStep: null, updatedAt: new Date() })
      .where(inArray(users.id, ids));
    await db.delete(mfaRecoveryCodes).where(inArray(mfaRecoveryCodes.userId, ids));
    await deletePasskeysOf(db, ids);
    await revokeSessions(db, ids);
  }
  for (const a of accounts) {
    await writeAudit(db, ctx.actor, {
      action: `${ctx.targetType}.reset_mfa`,
      sponsorId: ctx.sponsorId,
      targetType: ctx.targetType,
      targetId: a.id,
      logJson: { email: a.email },
    });
  }
  return done(accounts.length === 1 ? `MFA was reset for ${accounts[0]!.email}.` : `MFA was reset for ${accounts.length} people.`, {
    count: accounts.length,
  });
}
