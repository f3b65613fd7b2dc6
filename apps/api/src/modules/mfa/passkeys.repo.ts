import { and, asc, count, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mfaPasskeys, sponsorAdmins, users, webauthnChallenges } from '../../db/schema/index.js';
import { challengeHash, PASSKEY_CHALLENGE_MS } from './webauthn.js';

export type PasskeyRow = typeof mfaPasskeys.$inferSelect;
type Purpose = (typeof webauthnChallenges.$inferSelect)['purpose'];

export const listPasskeys = (db: Db, userId: number) =>
  db.select().from(mfaPasskeys).where(eq(mfaPasskeys.userId, userId)).orderBy(asc(mfaPasskeys.createdAt), asc(mfaPasskeys.id));

export const countPasskeys = async (db: Db, userId: number) =>
  (await db.select({ n: count() }).from(mfaPasskeys).where(eq(mfaPasskeys.userId, userId)))[0]!.n;

export const findOwnPasskey = async (db: Db, userId: number, id: number) =>
  (
    await db
      .select()
      .from(mfaPasskeys)
      .where(and(eq(mfaPasskeys.id, id), eq(mfaPasskeys.userId, userId)))
  )[0] ?? null;

export const credentialTaken = async (db: Db, credentialId: string) =>
  (await db.select({ id: mfaPasskeys.id }).from(mfaPasskeys).where(eq(mfaPasskeys.credentialId, credentialId))).length > 0;

/** A passkey with its person and administrator row, as a passkey sign-in opens a session for. */
export const findPasskeyWithUser = async (db: Db, credentialId: string) =>
  (
    await db
      .select({ passkey: mfaPasskeys, user: users, admin: sponsorAdmins })
      .from(mfaPasskeys)
      .innerJoin(users, eq(users.id, mfaPasskeys.userId))
      .leftJoin(sponsorAdmins, eq(sponsorAdmins.userId, users.id))
      .where(eq(mfaPasskeys.credentialId, credentialId))
  )[0] ?? null;

export const insertPasskey = async (db: Db, values: typeof mfaPasskeys.$inferInsert) =>
  (await db.insert(mfaPasskeys).values(values).returning())[0]!;

export const renamePasskey = async (db: Db, userId: number, id: number, name: string) =>
  (
    await db
      .update(mfaPasskeys)
      .set({ name })
      .where(and(eq(mfaPasskeys.id, id), eq(mfaPasskeys.userId, userId)))
      .returning()
  )[0] ?? null;

export const deletePasskey = (db: Db, userId: number, id: number) =>
  db.delete(mfaPasskeys).where(and(eq(mfaPasskeys.id, id), eq(mfaPasskeys.userId, userId)));

/** Every passkey of these people: a reset or removal of the second factor takes them too. */
export const deletePasskeysOf = (db: Db, userIds: number[]) => db.delete(mfaPasskeys).where(inArray(mfaPasskeys.userId, userIds));

/** Records a use: the new signature counter, only if it still is the one the check read. */
export const recordPasskeyUse = async (db: Db, passkey: PasskeyRow, counter: number) =>
  (
    await db
      .update(mfaPasskeys)
      .set({ counter, lastUsedAt: new Date() })
      .where(and(eq(mfaPasskeys.id, passkey.id), eq(mfaPasskeys.counter, passkey.counter)))
      .returning({ id: mfaPasskeys.id })
  ).length === 1;

/** Turns the second factor on for a person whose first factor is a passkey. */
export const markHasFactor = (db: Db, userId: number) =>
  db.update(users).set({ mfaEnabled: true, mfaGraceSignIns: 0, updatedAt: new Date() }).where(eq(users.id, userId));

/**
 * Keeps a challenge just issued (hashed, with its purpose and owner) for its lifetime. The public
 * sign-in asks for one without an account, so expired ones go as new ones come: the table holds
 * only a few minutes' worth.
 */
export async function insertWebauthnChallenge(
  db: Db,
  values: Omit<typeof webauthnChallenges.$inferInsert, 'challengeHash' | 'expiresAt'> & { challenge: string },
) {
  const { challenge, ...rest } = values;
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  await db
    .insert(webauthnChallenges)
    .values({ ...rest, challengeHash: challengeHash(challenge), expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_MS) });
}

/** Takes a live challenge of this purpose once: the statement that finds it marks it used. */
export const claimWebauthnChallenge = async (db: Db, challenge: string, purpose: Purpose) =>
  (
    await db
      .update(webauthnChallenges)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(webauthnChallenges.challengeHash, challengeHash(challenge)),
          eq(webauthnChallenges.purpose, purpose),
          isNull(webauthnChallenges.usedAt),
          gt(webauthnChallenges.expiresAt, new Date()),
        ),
      )
      .returning()
  )[0] ?? null;
