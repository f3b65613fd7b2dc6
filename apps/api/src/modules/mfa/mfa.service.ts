import {
  type LoginResponse,
  MFA_CODE_FAILED_MESSAGE,
  MFA_GRACE_SIGN_INS,
  type MfaStatus,
  type RecoveryCodes,
  STATUS,
  type TotpEnrollment,
} from '@vault/contract';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.js';
import type { users } from '../../db/schema/index.js';
import { sha256 } from '../../lib/crypto.js';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { openSecret, sealSecret } from '../../lib/secret-box.js';
import { writeAudit } from '../../plugins/audit.js';
import type { Actor, AuthUser, RequestContext } from '../../plugins/types.js';
import { openSession } from '../auth/auth.service.js';
import { attemptSucceeded, reserveAttempt } from '../auth/sign-in-throttle.js';
import { auditFactor } from './factor-audit.js';
import { requireFreshProof, sessionConfirmedUntil } from './identity-confirmation.js';
import * as repo from './mfa.repo.js';
import * as passkeys from './passkeys.repo.js';
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { matchingStep, newTotpSecret, otpauthUrl } from './totp.js';

type User = typeof users.$inferSelect;
type Method = 'totp' | 'recovery';

/** The request context plus the server's MFA key (plugins/mfa-policy.ts). */
export type Ctx = Pick<RequestContext, 'db' | 'user' | 'actor'> & { key: Buffer };

const CHALLENGE_ENDED = 'This sign-in step has expired. Sign in again.';
const codeFailed = () => new AppError(401, MFA_CODE_FAILED_MESSAGE);
const wrongCode = () => badRequest(MFA_CODE_FAILED_MESSAGE, [{ field: 'code', message: MFA_CODE_FAILED_MESSAGE }]);
// The user id binds a sealed secret to its row.
const secretContext = (userId: number) => `totp:user:${userId}`;

export async function currentUser(db: Db, id: number): Promise<User> {
  const u = await repo.findUser(db, id);
  if (!u) throw unauthorized();
  return u;
}

async function policyApplies(db: Db, user: Pick<User, 'role' | 'sponsorId'>) {
  return user.role === 'sponsor_admin' && user.sponsorId !== null && (await repo.sponsorRequiresMfa(db, user.sponsorId));
}

export async function status(db: Db, user: AuthUser): Promise<MfaStatus> {
  const u = await currentUser(db, user.id);
  const policy = await policyApplies(db, u);
  return {
    enrolled: u.mfaEnabled,
    authenticatorApp: u.mfaEnrolledAt !== null,
    passkeys: await passkeys.countPasskeys(db, u.id),
    enrolledAt: u.mfaEnrolledAt?.toISOString() ?? null,
    required: u.mfaEnabled || policy,
    enrollmentRequired: user.mfaEnrollmentRequired,
    graceRemaining: policy && !u.mfaEnabled ? Math.max(0, MFA_GRACE_SIGN_INS - u.mfaGraceSignIns) : null,
    recoveryCodesRemaining: u.mfaEnabled ? await repo.remainingRecoveryCodes(db, u.id) : 0,
    identityConfirmedUntil: (await sessionConfirmedUntil(db, user.sessionId))?.toISOString() ?? null,
  };
}

/** A new authenticator secret, kept sealed until a first code confirms it; shown this once. */
export async function startTotp(ctx: Ctx): Promise<TotpEnrollment> {
  await requireFreshProof(ctx.db, ctx.user.sessionId);
  const u = await currentUser(ctx.db, ctx.user.id);
  if (u.mfaEnrolledAt) throw conflict('An authenticator app is already set up. Remove it first to set up a new one.');
  const secret = newTotpSecret();
  await ctx.db.transaction(async (tx) => {
    await repo.setPendingSecret(tx, u.id, sealSecret(ctx.key, secret, secretContext(u.id)));
    await writeAudit(tx, ctx.actor, { action: 'mfa.enrollment_started', sponsorId: u.sponsorId, targetType: 'user', targetId: u.id });
  });
  const url = otpauthUrl(secret, u.email);
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauthUrl: url, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

export async function issueRecoveryCodes(tx: Db, key: Buffer, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(
    tx,
    userId,
    codes.map((c) => hashRecoveryCode(key, c)),
  );
  return codes;
}

/** The first right code turns the factor on and answers the recovery codes, shown this once. */
export async function confirmTotp(ctx: Ctx, code: string): Promise<RecoveryCodes> {
  const u = await currentUser(ctx.db, ctx.user.id);
  if (u.mfaEnrolledAt) throw conflict('An authenticator app is already set up.');
  if (!u.mfaSecret) throw badRequest('Start the set-up again: no authenticator is waiting for a first code.');
  const step = matchingStep(openSecret(ctx.key, u.mfaSecret, secretContext(u.id)), code.trim());
  if (step === null) throw wrongCode();
  return ctx.db.transaction(async (tx) => {
    await repo.enableMfa(tx, u.id, step);
    const recoveryCodes = await issueRecoveryCodes(tx, ctx.key, u.id);
    await repo.freeUserSessions(tx, u.id);
    await auditFactor(tx, ctx.actor, u, 'mfa.enrolled', { method: 'totp' });
    return { recoveryCodes };
  });
}

/**
 * Checks a code of an enrolled person inside the caller's transaction: an authenticator code
 * whose time step is later than the last one used, or an unused recovery code (then audited).
 */
async function useCode(tx: Db, key: Buffer, u: User, code: string, actor: Actor): Promise<Method | null> {
  const typed = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(typed)) {
    // A secret still waiting for its first code (beside a passkey) answers nothing.
    if (!u.mfaSecret || !u.mfaEnrolledAt) return null;
    const step = matchingStep(openSecret(key, u.mfaSecret, secretContext(u.id)), typed);
    return step !== null && (await repo.claimTotpStep(tx, u.id, step)) ? 'totp' : null;
  }
  if (!looksLikeRecoveryCode(typed) || !(await repo.claimRecoveryCode(tx, u.id, hashRecoveryCode(key, typed)))) return null;
  await auditFactor(tx, actor, u, 'mfa.recovery_code_used', { remaining: await repo.remainingRecoveryCodes(tx, u.id) });
  return 'recovery';
}

/**
 * A code check that counts a wrong answer in the sign-in throttle, on the same keys as a wrong
 * password (account and address), and refuses while held back. The sign-in clears it only once a
 * session opens, so a right password never wipes the count of wrong codes.
 */
export async function checkCode(db: Db, key: Buffer, u: User, code: string, actor: Actor, then: (tx: Db, method: Method) => Promise<void>) {
  const username = u.email.toLowerCase();
  const address = actor.ip ?? 'unknown';
  const attempt = await reserveAttempt(db, username, address);
  const locked = !attempt.allowed;
  const method = locked
    ? null
    : await db.transaction(async (tx) => {
        const m = await useCode(tx, key, u, code, actor);
        if (m) await then(tx, m);
        return m;
      });
  if (method) {
    await attemptSucceeded(db, attempt);
    return method;
  }
  await db.transaction(async (tx) => {
    const failures = locked ? null : attempt.failures;
    await writeAudit(tx, actor, {
      action: 'auth.mfa_failed',
      outcome: 'failure',
      sponsorId: u.sponsorId,
      targetType: 'user',
      targetId: u.id,
      logJson: { reason: locked ? 'locked' : 'wrong_code', ...(failures === null ? {} : { failures }) },
    });
  });
  return null;
}

/** The second sign-in step: the challenge from the password step and a code open the session. */
export async function verifyChallenge(
  db: Db,
  key: Buffer,
  input: { challengeToken: string; code: string; ip: string; userAgent?: string },
): Promise<LoginResponse & { tokenHash: string }> {
  const challenge = await repo.findLiveChallenge(db, sha256(input.challengeToken));
  const found = challenge ? await repo.findPortalUserById(db, challenge.userId) : null;
  if (!challenge || !found || found.user.statusId !== STATUS.active || !found.user.mfaEnabled) throw unauthorized(CHALLENGE_ENDED);
  const actor: Actor = { userId: found.user.id, email: found.user.email, sponsorId: found.user.sponsorId, ip: input.ip };
  const method = await checkCode(db, key, found.user, input.code, actor, async (tx) => {
    // Two answers racing with one challenge: the second rolls back, its code unused.
    if (!(await repo.claimChallenge(tx, challenge.id))) throw unauthorized(CHALLENGE_ENDED);
  });
  if (!method) throw codeFailed();
  return openSession(db, found, input, { secondFactor: method });
}

/** New recovery codes replace the old ones; a current code (or a recovery code) is asked first. */
export async function regenerateRecoveryCodes(ctx: Ctx, code: string): Promise<RecoveryCodes> {
  const u = await currentUser(ctx.db, ctx.user.id);
  if (!u.mfaEnabled) throw conflict('Set up a second factor first.');
  let recoveryCodes: string[] = [];
  const method = await checkCode(ctx.db, ctx.key, u, code, ctx.actor, async (tx) => {
    recoveryCodes = await issueRecoveryCodes(tx, ctx.key, u.id);
    await writeAudit(tx, ctx.actor, {
      action: 'mfa.recovery_codes_regenerated',
      sponsorId: u.sponsorId,
      targetType: 'user',
      targetId: u.id,
    });
  });
  if (!method) throw wrongCode();
  return { recoveryCodes };
}

/**
 * Removes one's own second factor (authenticator app, passkeys and recovery codes): only with a
 * current code or a recovery code, so a stolen session alone cannot take it away. Others reset it through the MFA reset of the people lists.
 */
export async function removeOwn(ctx: Ctx, code: string): Promise<void> {
  const u = await currentUser(ctx.db, ctx.user.id);
  if (!u.mfaEnabled) throw conflict('No second factor is set up.');
  const method = await checkCode(ctx.db, ctx.key, u, code, ctx.actor, async (tx) => {
    await repo.disableMfa(tx, u.id);
    await repo.deleteRecoveryCodes(tx, u.id);
    await passkeys.deletePasskeysOf(tx, [u.id]);
    if (await policyApplies(tx, u)) await repo.holdBackWithoutFactor(tx, u.id, MFA_GRACE_SIGN_INS);
    await writeAudit(tx, ctx.actor, { action: 'mfa.removed', sponsorId: u.sponsorId, targetType: 'user', targetId: u.id });
  });
  if (!method) throw wrongCode();
}
