import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { type LoginResponse, PASSKEY_FAILED_MESSAGE, type passkeyAuthenticationResponse, STATUS } from '@vault/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { sponsorAdmins, users } from '../../db/schema/index.js';
import { sha256 } from '../../lib/crypto.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { writeAudit } from '../../plugins/audit.js';
import type { Actor } from '../../plugins/types.js';
import { openSession } from '../auth/auth.service.js';
import { attemptSucceeded, type Reservation, reserveAttempt } from '../auth/sign-in-throttle.js';
import { localSignInClosed, useSsoInstead } from '../sso/sso-policy.js';
import * as repo from './mfa.repo.js';
import * as passkeys from './passkeys.repo.js';
import {
  challengeOf,
  fromBase64url,
  optionsAnswer,
  PASSKEY_CHALLENGE_MS,
  type RelyingParty,
  toBase64url,
  userHandleOf,
} from './webauthn.js';

type Assertion = z.infer<typeof passkeyAuthenticationResponse>;
type Found = { user: typeof users.$inferSelect; admin: typeof sponsorAdmins.$inferSelect | null };
interface Attempt {
  response: Assertion;
  ip: string;
  userAgent?: string;
}

const CHALLENGE_ENDED = 'This sign-in step has expired. Sign in again.';
const passkeyFailed = () => new AppError(401, PASSKEY_FAILED_MESSAGE);
const ADMIN_ROLES = new Set(['staff', 'sponsor_admin']);

/**
 * A refused passkey counts in the sign-in throttle like a wrong password: on the account and the
 * address when the passkey names a person, on the address alone when it names nobody.
 */
async function refuse(db: Db, user: Found['user'] | null, ip: string, reason: string, attempt: Reservation): Promise<never> {
  const actor: Actor = { userId: user?.id ?? null, email: user?.email.toLowerCase() ?? null, sponsorId: user?.sponsorId ?? null, ip };
  const locked = !attempt.allowed;
  await db.transaction(async (tx) => {
    const failures = locked ? null : attempt.failures;
    await writeAudit(tx, actor, {
      action: 'auth.passkey_failed',
      outcome: 'failure',
      sponsorId: user?.sponsorId ?? null,
      targetType: 'user',
      targetId: user?.id ?? null,
      logJson: { reason: locked ? 'locked' : reason, ...(failures === null ? {} : { failures }) },
    });
  });
  throw passkeyFailed();
}

/**
 * Checks an assertion of a known passkey against the challenge it signed: origin, relying party,
 * signature and a signature counter that went up. Answers the new counter, or null.
 */
export async function checkAssertion(
  rp: RelyingParty,
  passkey: passkeys.PasskeyRow,
  response: Assertion,
  challenge: string,
  requireUv: boolean,
) {
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: requireUv,
      credential: {
        id: passkey.credentialId,
        publicKey: fromBase64url(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}

/** The password step's challenge may also be answered with a passkey: the options for it. */
export async function secondFactorOptions(db: Db, rp: RelyingParty, challengeToken: string) {
  const challenge = await repo.findLiveChallenge(db, sha256(challengeToken));
  const own = challenge ? await passkeys.listPasskeys(db, challenge.userId) : [];
  if (!challenge || own.length === 0) throw unauthorized(CHALLENGE_ENDED);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: PASSKEY_CHALLENGE_MS,
    userVerification: 'preferred',
    allowCredentials: own.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
  });
  await passkeys.insertWebauthnChallenge(db, {
    challenge: options.challenge,
    purpose: 'second_factor',
    userId: challenge.userId,
    mfaChallengeId: challenge.id,
  });
  return optionsAnswer(options);
}

/** The second sign-in step with a passkey: of the person the password step named, for that step only. */
export async function verifySecondFactor(
  db: Db,
  rp: RelyingParty,
  input: Attempt & { challengeToken: string },
): Promise<LoginResponse & { tokenHash: string }> {
  const mfaChallenge = await repo.findLiveChallenge(db, sha256(input.challengeToken));
  const found = mfaChallenge ? await repo.findPortalUserById(db, mfaChallenge.userId) : null;
  if (!mfaChallenge || !found || found.user.statusId !== STATUS.active || !found.user.mfaEnabled) throw unauthorized(CHALLENGE_ENDED);
  const u = found.user;
  const attempt = await reserveAttempt(db, u.email.toLowerCase(), input.ip);
  if (!attempt.allowed) return refuse(db, u, input.ip, 'locked', attempt);
  const signed = challengeOf(input.response.response.clientDataJSON);
  const claimed = signed ? await passkeys.claimWebauthnChallenge(db, signed, 'second_factor') : null;
  if (!signed || !claimed || claimed.mfaChallengeId !== mfaChallenge.id) return refuse(db, u, input.ip, 'wrong_challenge', attempt);
  const hit = await passkeys.findPasskeyWithUser(db, input.response.id);
  if (!hit || hit.user.id !== u.id) return refuse(db, u, input.ip, 'unknown_passkey', attempt);
  const counter = await checkAssertion(rp, hit.passkey, input.response, signed, false);
  if (counter === null) return refuse(db, u, input.ip, 'passkey_refused', attempt);
  await db.transaction(async (tx) => {
    // Two answers racing with one challenge, or a cloned authenticator: the second rolls back.
    if (!(await repo.claimChallenge(tx, mfaChallenge.id))) throw unauthorized(CHALLENGE_ENDED);
    if (!(await passkeys.recordPasskeyUse(tx, hit.passkey, counter))) throw passkeyFailed();
  });
  await attemptSucceeded(db, attempt);
  return openSession(db, found, input, { secondFactor: 'passkey' });
}

/** Options for a sign-in with a passkey alone: any discoverable credential, user verification required. */
export async function signInOptions(db: Db, rp: RelyingParty) {
  const options = await generateAuthenticationOptions({ rpID: rp.id, timeout: PASSKEY_CHALLENGE_MS, userVerification: 'required' });
  await passkeys.insertWebauthnChallenge(db, {
    challenge: options.challenge,
    purpose: 'sign_in',
  });
  return optionsAnswer(options);
}

/**
 * A sign-in with a passkey alone: the authenticator verified its user (PIN or biometrics), so the
 * passkey is both factors. Opens the same session as a password and a second factor.
 */
export async function verifySignIn(db: Db, rp: RelyingParty, input: Attempt): Promise<LoginResponse & { tokenHash: string }> {
  const hit = await passkeys.findPasskeyWithUser(db, input.response.id);
  const user = hit?.user ?? null;
  const attempt = await reserveAttempt(db, user?.email.toLowerCase() ?? '', input.ip);
  if (!attempt.allowed) return refuse(db, user, input.ip, 'locked', attempt);
  const signed = challengeOf(input.response.response.clientDataJSON);
  const claimed = signed ? await passkeys.claimWebauthnChallenge(db, signed, 'sign_in') : null;
  if (!signed || !claimed) return refuse(db, user, input.ip, 'wrong_challenge', attempt);
  if (!hit || !user) return refuse(db, null, input.ip, 'unknown_passkey', attempt);
  const handle = input.response.response.userHandle;
  if (
    user.statusId !== STATUS.active ||
    !ADMIN_ROLES.has(user.role) ||
    (handle !== undefined && handle !== toBase64url(userHandleOf(user.id)))
  ) {
    return refuse(db, user, input.ip, 'not_allowed', attempt);
  }
  const counter = await checkAssertion(rp, hit.passkey, input.response, signed, true);
  if (counter === null) return refuse(db, user, input.ip, 'passkey_refused', attempt);
  if (!(await passkeys.recordPasskeyUse(db, hit.passkey, counter))) return refuse(db, user, input.ip, 'passkey_refused', attempt);
  await attemptSucceeded(db, attempt);
  if (await localSignInClosed(db, user)) throw useSsoInstead();
  return openSession(db, { user, admin: hit.admin }, input, { secondFactor: 'passkey' });
}
