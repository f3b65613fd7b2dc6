import { MFA_CHALLENGE_MINUTES, MFA_GRACE_SIGN_INS, type SecondFactorChallenge } from '@vault/contract';
import type { Db } from '../../db/client.js';
import type { users } from '../../db/schema/index.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import * as repo from './mfa.repo.js';
import * as passkeys from './passkeys.repo.js';

type User = typeof users.$inferSelect;

/**
 * After a right password: when the person has a second factor, the answer is a challenge
 * (no session yet) that only POST /authentication/second-factor accepts, for a few minutes.
 */
export async function secondFactorChallenge(db: Db, user: User): Promise<SecondFactorChallenge | null> {
  if (!user.mfaEnabled) return null;
  const token = randomToken();
  const expiresAt = new Date(Date.now() + MFA_CHALLENGE_MINUTES * 60_000);
  await repo.insertChallenge(db, { tokenHash: sha256(token), userId: user.id, expiresAt });
  const methods: SecondFactorChallenge['methods'] = [];
  if (user.mfaEnrolledAt) methods.push('totp');
  if ((await passkeys.countPasskeys(db, user.id)) > 0) methods.push('passkey');
  methods.push('recovery');
  return { secondFactorRequired: true, challengeToken: token, expiresAt: expiresAt.toISOString(), methods };
}

/**
 * At a sign-in without a second factor: counts it against the sponsor's grace period and says
 * whether the grace is over, so that the session opens restricted to enrollment.
 */
export async function enrollmentRequiredAtSignIn(db: Db, user: User): Promise<boolean> {
  if (user.mfaEnabled || user.role !== 'sponsor_admin' || user.sponsorId === null) return false;
  if (!(await repo.sponsorRequiresMfa(db, user.sponsorId))) return false;
  return (await repo.countGraceSignIn(db, user.id)) > MFA_GRACE_SIGN_INS;
}

/** After staff changed a sponsor's policy: its administrators' open sessions follow it. */
export const applyPolicyChange = (db: Db, sponsorId: number, required: boolean) =>
  repo.applyPolicyToOpenSessions(db, sponsorId, required, MFA_GRACE_SIGN_INS);
