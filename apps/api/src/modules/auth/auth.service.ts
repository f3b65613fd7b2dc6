import { LOGIN_FAILED_MESSAGE, type LoginResponse, SESSION_MAX_HOURS, type SecondFactorChallenge, STATUS } from '@vault/contract';
import type { Db } from '../../db/client.js';
import type { sponsorAdmins, users } from '../../db/schema/index.js';
import { activating } from '../../lib/accounts.js';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { sendPasswordLink } from '../../lib/password-links.js';
import { queueMessage } from '../../mail/messages.js';
import { writeAudit } from '../../plugins/audit.js';
import type { Actor, AuthUser } from '../../plugins/types.js';
import { enrollmentRequiredAtSignIn, secondFactorChallenge } from '../mfa/sign-in.js';
import { localSignInClosed, useSsoInstead } from '../sso/sso-policy.js';
import * as repo from './auth.repo.js';
import { attemptSucceeded, countSuccess, reserveAttempt } from './sign-in-throttle.js';

let dummyHash: Promise<string> | undefined;

/** The same 401 for a wrong password, an unknown user and a throttled sign-in. */
const loginFailed = () => new AppError(401, LOGIN_FAILED_MESSAGE, undefined, LOGIN_FAILED_MESSAGE);

export async function login(
  db: Db,
  input: { username: string; password: string; ip: string; userAgent?: string },
): Promise<(LoginResponse & { tokenHash: string }) | SecondFactorChallenge> {
  const username = input.username.trim().toLowerCase();
  const attempt = await reserveAttempt(db, username, input.ip);
  const throttled = !attempt.allowed;
  const found = await repo.findPortalUser(db, username);
  dummyHash ??= hashPassword(randomToken());
  const ok = await verifyPassword(found?.user.passwordHash ?? (await dummyHash), input.password);
  const actor: Actor = { userId: found?.user.id ?? null, email: username, sponsorId: found?.user.sponsorId ?? null, ip: input.ip };

  if (throttled || !ok || !found || found.user.statusId !== STATUS.active) {
    await db.transaction(async (tx) => {
      // A held-back try does not count: whatever its password, it was refused unheard.
      const failures = throttled ? null : attempt.failures;
      const reason = throttled ? 'throttled' : !found ? 'unknown_user' : !ok ? 'wrong_password' : 'not_active';
      await writeAudit(tx, actor, {
        action: 'auth.login_failed',
        outcome: 'failure',
        sponsorId: found?.user.sponsorId ?? null,
        targetType: 'user',
        targetId: found?.user.id ?? null,
        logJson: { username, reason, ...(failures === null ? {} : { failures }) },
      });
    });
    throw loginFailed();
  }

  // A right password is no failure, whether a second factor follows or not.
  await attemptSucceeded(db, attempt);
  // Told only after the password was checked: to anyone without it, an SSO-only account answers as any other.
  if (await localSignInClosed(db, found.user)) {
    await writeAudit(db, actor, {
      action: 'auth.login_failed',
      outcome: 'failure',
      sponsorId: found.user.sponsorId,
      targetType: 'user',
      targetId: found.user.id,
      logJson: { username, reason: 'sso_only' },
    });
    throw useSsoInstead();
  }
  const challenge = await secondFactorChallenge(db, found.user);
  if (challenge) return challenge;
  return openSession(db, found, input);
}

/** Opens the session once every factor has passed (the password here, or the second-factor step). */
export async function openSession(
  db: Db,
  found: { user: typeof users.$inferSelect; admin: typeof sponsorAdmins.$inferSelect | null },
  input: { ip: string; userAgent?: string },
  how: { secondFactor?: 'totp' | 'recovery' | 'passkey' | 'identity_provider'; via?: 'oidc' | 'saml' } = {},
): Promise<LoginResponse & { tokenHash: string }> {
  const username = found.user.email.toLowerCase();
  const actor: Actor = { userId: found.user.id, email: username, sponsorId: found.user.sponsorId, ip: input.ip };
  const token = randomToken();
  const tokenHash = sha256(token);
  const expiresAt = new Date(Date.now() + SESSION_MAX_HOURS * 3600_000);
  await db.transaction(async (tx) => {
    await countSuccess(tx, username, input.ip);
    // A second factor the identity provider asserted meets the portal's policy (decision 0038).
    const mfaEnrollmentRequired = how.secondFactor === 'identity_provider' ? false : await enrollmentRequiredAtSignIn(tx, found.user);
    await repo.insertSession(tx, {
      mfaEnrollmentRequired,
      tokenHash,
      userId: found.user.id,
      expiresAt,
      clientIp: input.ip,
      userAgent: input.userAgent?.slice(0, 300),
    });
    await repo.touchLogin(tx, found.user.id);
    await writeAudit(tx, actor, {
      action: 'auth.login',
      sponsorId: found.user.sponsorId,
      targetType: 'user',
      targetId: found.user.id,
      ...(how.secondFactor || how.via ? { logJson: { secondFactor: how.secondFactor, via: how.via } } : {}),
    });
  });
  const permissions: Record<string, boolean> = {};
  if (found.admin) for (const [k, v] of Object.entries(found.admin)) if (typeof v === 'boolean') permissions[k] = v;
  return {
    tokenHash,
    accessToken: token,
    expiresAt: expiresAt.toISOString(),
    user: {
      id: found.user.id,
      email: found.user.email,
      firstName: found.user.firstName,
      lastName: found.user.lastName,
      role: found.user.role as 'staff' | 'sponsor_admin',
      sponsorId: found.user.sponsorId,
      permissions,
    },
  };
}

export async function logout(db: Db, user: AuthUser, actor: Actor) {
  await db.transaction(async (tx) => {
    await repo.revokeSession(tx, user.sessionId);
    await writeAudit(tx, actor, { action: 'auth.logout', sponsorId: user.sponsorId, targetType: 'user', targetId: user.id });
  });
}

/** Roles whose accounts the portal's own changes audit under the role's name as target type. */
const ROLE_TARGETS = new Set(['vault_holder', 'sponsor_admin']);

/** Sets a password from an e-mailed link; an activation link also activates the account. */
export async function setPasswordFromLink(db: Db, input: { token: string; password: string }, ip: string) {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const link = await repo.claimPasswordToken(tx, sha256(input.token));
    if (!link) throw badRequest('This link is not valid any more. Links work once and expire; ask for a new one.');
    const user = await repo.findUserById(tx, link.userId);
    if (!user || user.statusId === STATUS.archived) throw badRequest('This link is not valid any more.');
    if (await localSignInClosed(tx, user)) throw useSsoInstead();
    const activate = link.purpose === 'activation' || user.statusId === STATUS.pending;
    const actor = { userId: user.id, email: user.email, sponsorId: user.sponsorId, ip };
    const change = async () => {
      await repo.setPassword(tx, user.id, passwordHash, activate);
      await repo.revokeUserSessions(tx, user.id);
      await writeAudit(tx, actor, {
        action: activate ? 'auth.activate' : 'auth.password_reset',
        sponsorId: user.sponsorId,
        // What the person is in the portal: the entry opens their screen, and an activation is
        // that kind's webhook event (vault.activated, administrator.activated).
        targetType: ROLE_TARGETS.has(user.role) ? user.role : 'user',
        targetId: user.id,
        logJson: { email: user.email },
      });
    };
    await (activate ? activating(tx, actor, user.id, change) : change());
  });
}

/** Always answers the same, whether or not the address is known. */
export async function requestPasswordReset(db: Db, email: string, publicUrl: string, ip: string) {
  const found = await repo.findPortalUser(db, email);
  if (!found || found.user.statusId !== STATUS.active) return;
  if (await localSignInClosed(db, found.user)) return ssoOnlyReset(db, found.user, publicUrl, ip);
  await db.transaction(async (tx) => {
    await sendPasswordLink(tx, {
      publicUrl,
      userId: found.user.id,
      email: found.user.email,
      firstName: found.user.firstName,
      sponsorId: found.user.sponsorId,
      purpose: 'reset',
    });
    await writeAudit(
      tx,
      { userId: found.user.id, email: found.user.email, sponsorId: found.user.sponsorId, ip },
      {
        action: 'auth.password_reset_requested',
        sponsorId: found.user.sponsorId,
        targetType: 'user',
        targetId: found.user.id,
      },
    );
  });
}

/**
 * A reset asked for an account whose portal signs in with SSO only: the answer stays the one every
 * address gets (no oracle); the mailbox's owner is told by e-mail to use SSO, and no link is made.
 */
async function ssoOnlyReset(db: Db, user: typeof users.$inferSelect, publicUrl: string, ip: string) {
  await db.transaction(async (tx) => {
    await queueMessage(tx, {
      publicUrl,
      sponsorId: user.sponsorId,
      kind: 'sso_only_notice',
      to: { to: user.email, localize: user.localize },
      values: { firstName: user.firstName, link: `${publicUrl.replace(/\/$/, '')}/login` },
    });
    await writeAudit(
      tx,
      { userId: user.id, email: user.email, sponsorId: user.sponsorId, ip },
      {
        action: 'auth.password_reset_refused',
        sponsorId: user.sponsorId,
        targetType: 'user',
        targetId: user.id,
        logJson: { reason: 'sso_only' },
      },
    );
  });
}
