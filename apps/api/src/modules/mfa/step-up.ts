import { generateAuthenticationOptions } from '@simplewebauthn/server';
import {
  type ConfirmIdentityBody,
  IDENTITY_PASSWORD_FAILED_MESSAGE,
  type IdentityConfirmed,
  MFA_CODE_FAILED_MESSAGE,
  PASSKEY_FAILED_MESSAGE,
  type passkeyAuthenticationResponse,
} from '@vault/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { users } from '../../db/schema/index.js';
import { verifyPassword } from '../../lib/crypto.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { writeAudit } from '../../plugins/audit.js';
import { attemptSucceeded, type Reservation, reserveAttempt } from '../auth/sign-in-throttle.js';
import { confirmedUntil } from './identity-confirmation.js';
import * as repo from './mfa.repo.js';
import { type Ctx, checkCode, currentUser } from './mfa.service.js';
import { checkAssertion } from './passkey-sign-in.js';
import * as passkeys from './passkeys.repo.js';
import type { PasskeyCtx } from './passkeys.service.js';
import { challengeOf, optionsAnswer, PASSKEY_CHALLENGE_MS } from './webauthn.js';

type User = typeof users.$inferSelect;
type Method = 'password' | 'totp' | 'recovery' | 'passkey';

const NO_FACTOR_YET = 'You have no second factor yet: confirm with your password.';
const FACTOR_NEEDED = 'Your account has a second factor: confirm with a code from your app, a recovery code or a passkey.';

async function confirmed(tx: Db, ctx: Ctx, u: User, method: Method): Promise<IdentityConfirmed> {
  const at = await repo.markIdentityConfirmed(tx, ctx.user.sessionId);
  await writeAudit(tx, ctx.actor, {
    action: 'auth.identity_confirmed',
    sponsorId: u.sponsorId,
    targetType: 'user',
    targetId: u.id,
    logJson: { method },
  });
  return { identityConfirmedUntil: confirmedUntil(at)!.toISOString() };
}

/** A refused proof is audited; its count in the sign-in throttle was reserved before the check. */
async function refused(ctx: Ctx, u: User, method: Method, attempt: Reservation, reason: string) {
  await ctx.db.transaction((tx) =>
    writeAudit(tx, ctx.actor, {
      action: 'auth.identity_confirmation_failed',
      outcome: 'failure',
      sponsorId: u.sponsorId,
      targetType: 'user',
      targetId: u.id,
      logJson: { method, reason: attempt.allowed ? reason : 'locked', ...(attempt.allowed ? { failures: attempt.failures } : {}) },
    }),
  );
}

/**
 * The proof before a factor is added or replaced: the password while the account has no second
 * factor; once it has one, a current code or a recovery code (or a passkey, below), never the
 * password alone. Wrong answers count in the sign-in throttle like wrong sign-ins.
 */
export async function confirmIdentity(ctx: Ctx, body: ConfirmIdentityBody): Promise<IdentityConfirmed> {
  const u = await currentUser(ctx.db, ctx.user.id);
  if ('code' in body) {
    if (!u.mfaEnabled) throw badRequest(NO_FACTOR_YET, [{ field: 'code', message: NO_FACTOR_YET }]);
    let answer: IdentityConfirmed | undefined;
    const method = await checkCode(ctx.db, ctx.key, u, body.code, ctx.actor, async (tx, m) => {
      answer = await confirmed(tx, ctx, u, m);
    });
    if (!method || !answer) throw badRequest(MFA_CODE_FAILED_MESSAGE, [{ field: 'code', message: MFA_CODE_FAILED_MESSAGE }]);
    return answer;
  }
  if (u.mfaEnabled) throw badRequest(FACTOR_NEEDED, [{ field: 'password', message: FACTOR_NEEDED }]);
  const attempt = await reserveAttempt(ctx.db, u.email.toLowerCase(), ctx.actor.ip ?? 'unknown');
  const right = attempt.allowed && u.passwordHash !== null && (await verifyPassword(u.passwordHash, body.password));
  if (!right) {
    await refused(ctx, u, 'password', attempt, 'wrong_password');
    throw badRequest(IDENTITY_PASSWORD_FAILED_MESSAGE, [{ field: 'password', message: IDENTITY_PASSWORD_FAILED_MESSAGE }]);
  }
  await attemptSucceeded(ctx.db, attempt);
  return ctx.db.transaction((tx) => confirmed(tx, ctx, u, 'password'));
}

/** Options for proving identity with one of one's own passkeys; the challenge is single-use. */
export async function passkeyOptions(ctx: PasskeyCtx) {
  const own = await passkeys.listPasskeys(ctx.db, ctx.user.id);
  if (own.length === 0) throw conflict('You have no passkey. Confirm with your password or a code instead.');
  const options = await generateAuthenticationOptions({
    rpID: ctx.rp.id,
    timeout: PASSKEY_CHALLENGE_MS,
    userVerification: 'preferred',
    allowCredentials: own.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
  });
  await passkeys.insertWebauthnChallenge(ctx.db, { challenge: options.challenge, purpose: 'step_up', userId: ctx.user.id });
  return optionsAnswer(options);
}

/** The proof with a passkey: an assertion of one's own passkey over a challenge issued to this person. */
export async function confirmWithPasskey(
  ctx: PasskeyCtx,
  response: z.infer<typeof passkeyAuthenticationResponse>,
): Promise<IdentityConfirmed> {
  const u = await currentUser(ctx.db, ctx.user.id);
  const attempt = await reserveAttempt(ctx.db, u.email.toLowerCase(), ctx.actor.ip ?? 'unknown');
  const refuse = async (reason: string): Promise<never> => {
    await refused(ctx, u, 'passkey', attempt, reason);
    throw badRequest(PASSKEY_FAILED_MESSAGE);
  };
  if (!attempt.allowed) return refuse('locked');
  const signed = challengeOf(response.response.clientDataJSON);
  const claimed = signed ? await passkeys.claimWebauthnChallenge(ctx.db, signed, 'step_up') : null;
  if (!signed || !claimed || claimed.userId !== u.id) return refuse('wrong_challenge');
  const hit = await passkeys.findPasskeyWithUser(ctx.db, response.id);
  if (!hit || hit.user.id !== u.id) return refuse('unknown_passkey');
  const counter = await checkAssertion(ctx.rp, hit.passkey, response, signed, false);
  if (counter === null) return refuse('passkey_refused');
  const answer = await ctx.db.transaction(async (tx) => {
    if (!(await passkeys.recordPasskeyUse(tx, hit.passkey, counter))) return null;
    return confirmed(tx, ctx, u, 'passkey');
  });
  if (!answer) return refuse('passkey_refused');
  await attemptSucceeded(ctx.db, attempt);
  return answer;
}
