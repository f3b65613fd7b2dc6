import { and, count, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mfaChallenges, mfaRecoveryCodes, sessions, sponsorAdmins, sponsors, users } from '../../db/schema/index.js';

export const findUser = async (db: Db, id: number) => (await db.select().from(users).where(eq(users.id, id)))[0] ?? null;

/** The user with their administrator row, as the sign-in opens a session for. */
export const findPortalUserById = async (db: Db, id: number) =>
  (
    await db
      .select({ user: users, admin: sponsorAdmins })
      .from(users)
      .leftJoin(sponsorAdmins, eq(sponsorAdmins.userId, users.id))
      .where(eq(users.id, id))
  )[0] ?? null;

export const sponsorRequiresMfa = async (db: Db, sponsorId: number) =>
  (await db.select({ on: sponsors.requireAdminMfa }).from(sponsors).where(eq(sponsors.id, sponsorId)))[0]?.on ?? false;

export const countGraceSignIn = async (db: Db, userId: number) =>
  (
    await db
      .update(users)
      .set({ mfaGraceSignIns: sql`${users.mfaGraceSignIns} + 1` })
      .where(eq(users.id, userId))
      .returning({ used: users.mfaGraceSignIns })
  )[0]!.used;

export const setPendingSecret = (db: Db, userId: number, sealed: string) =>
  db
    .update(users)
    .set({ mfaSecret: sealed, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.mfaEnrolledAt)));

export const enableMfa = (db: Db, userId: number, step: number) =>
  db
    .update(users)
    .set({ mfaEnabled: true, mfaEnrolledAt: new Date(), mfaLastStep: step, mfaGraceSignIns: 0, updatedAt: new Date() })
    .where(eq(users.id, userId));

export const disableMfa = (db: Db, userId: number) =>
  db
    .update(users)
    .set({ mfaEnabled: false, mfaSecret: null, mfaEnrolledAt: null, mfaLastStep: null, updatedAt: new Date() })
    .where(eq(users.id, userId));

/** Accepts a time step only if it is later than the last accepted one, in one statement. */
export const claimTotpStep = async (db: Db, userId: number, step: number) =>
  (
    await db
      .update(users)
      .set({ mfaLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
      .returning({ id: users.id })
  ).length === 1;

export const freeUserSessions = (db: Db, userId: number) =>
  db.update(sessions).set({ mfaEnrollmentRequired: false }).where(eq(sessions.userId, userId));

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]) {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

export const deleteRecoveryCodes = (db: Db, userId: number) => db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));

/** Uses a recovery code: marks it used in the statement that finds it, so it works once. */
export const claimRecoveryCode = async (db: Db, userId: number, codeHash: string) =>
  (
    await db
      .update(mfaRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, codeHash), isNull(mfaRecoveryCodes.usedAt)))
      .returning({ id: mfaRecoveryCodes.id })
  ).length === 1;

export const remainingRecoveryCodes = async (db: Db, userId: number) =>
  (
    await db
      .select({ n: count() })
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)))
  )[0]!.n;

/**
 * A new challenge for a person; their used and expired ones go (a challenge is of no use after
 * either, and their hashes would otherwise pile up with every sign-in).
 */
export async function insertChallenge(db: Db, values: typeof mfaChallenges.$inferInsert) {
  await db
    .delete(mfaChallenges)
    .where(and(eq(mfaChallenges.userId, values.userId), or(isNotNull(mfaChallenges.usedAt), lt(mfaChallenges.expiresAt, new Date()))));
  await db.insert(mfaChallenges).values(values);
}

export const findLiveChallenge = async (db: Db, tokenHash: string) =>
  (
    await db
      .select()
      .from(mfaChallenges)
      .where(and(eq(mfaChallenges.tokenHash, tokenHash), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, new Date())))
  )[0] ?? null;

export const claimChallenge = async (db: Db, id: number) =>
  (
    await db
      .update(mfaChallenges)
      .set({ usedAt: new Date() })
      .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt)))
      .returning({ id: mfaChallenges.id })
  ).length === 1;

/**
 * A policy change reaches the sessions already open, on their next request: turned on, the
 * sessions of the sponsor's administrators without a factor whose grace is used up wait for
 * enrollment; turned off, none does.
 */
export async function applyPolicyToOpenSessions(db: Db, sponsorId: number, required: boolean, grace: number) {
  const admins = db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.sponsorId, sponsorId),
        eq(users.role, 'sponsor_admin'),
        ...(required ? [eq(users.mfaEnabled, false), gt(users.mfaGraceSignIns, grace)] : []),
      ),
    );
  await db
    .update(sessions)
    .set({ mfaEnrollmentRequired: required })
    .where(and(inArray(sessions.userId, admins), isNull(sessions.revokedAt), eq(sessions.mfaEnrollmentRequired, !required)));
}

/** Marks a fresh proof of identity on the session; answers when it was made. */
export const markIdentityConfirmed = async (db: Db, sessionId: number) =>
  (
    await db
      .update(sessions)
      .set({ identityConfirmedAt: sql`now()` })
      .where(eq(sessions.id, sessionId))
      .returning({ at: sessions.identityConfirmedAt })
  )[0]?.at ?? null;

export const identityConfirmedAt = async (db: Db, sessionId: number) =>
  (await db.select({ at: sessions.identityConfirmedAt }).from(sessions).where(eq(sessions.id, sessionId)))[0]?.at ?? null;

/**
 * After one's own last factor went while a policy requires one: no new grace sign-ins, and every
 * open session of the person is held back to enrollment, the one that removed it included.
 */
export async function holdBackWithoutFactor(db: Db, userId: number, grace: number) {
  await db
    .update(users)
    .set({ mfaGraceSignIns: sql`greatest(${users.mfaGraceSignIns}, ${grace})` })
    .where(eq(users.id, userId));
  await db
    .update(sessions)
    .set({ mfaEnrollmentRequired: true })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
