import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginThrottle, passwordTokens, sessions, sponsorAdmins, users } from '../../db/schema/index.js';

export const findPortalUser = async (db: Db, email: string) => {
  const [row] = await db
    .select({ user: users, admin: sponsorAdmins })
    .from(users)
    .leftJoin(sponsorAdmins, eq(sponsorAdmins.userId, users.id))
    .where(and(inArray(users.role, ['staff', 'sponsor_admin']), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return row ?? null;
};

export const getThrottle = async (db: Db, username: string) =>
  (await db.select().from(loginThrottle).where(eq(loginThrottle.username, username)))[0] ?? null;

export const recordFailure = async (db: Db, username: string, lockAfter: number, lockMinutes: number) => {
  const [row] = await db
    .insert(loginThrottle)
    .values({ username, failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottle.username,
      set: {
        failures: sql`${loginThrottle.failures} + 1`,
        lastFailureAt: sql`now()`,
        lockedUntil: sql`case when ${loginThrottle.failures} + 1 >= ${lockAfter} then now() + make_interval(mins => ${lockMinutes}) else ${loginThrottle.lockedUntil} end`,
      },
    })
    .returning();
  return row!;
};

export const clearThrottle = (db: Db, username: string) => db.delete(loginThrottle).where(eq(loginThrottle.username, username));

export const insertSession = async (db: Db, values: typeof sessions.$inferInsert) =>
  (await db.insert(sessions).values(values).returning())[0]!;

export const revokeSession = (db: Db, id: number) => db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));

export const revokeUserSessions = (db: Db, userId: number) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

export const touchLogin = (db: Db, userId: number) => db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));

/** Claims a link token: marks it used in the same statement that checks it, so it works once. */
export const claimPasswordToken = async (db: Db, tokenHash: string) =>
  (
    await db
      .update(passwordTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, new Date())))
      .returning()
  )[0] ?? null;

export const findUserById = async (db: Db, id: number) => (await db.select().from(users).where(eq(users.id, id)))[0] ?? null;

export const setPassword = (db: Db, userId: number, passwordHash: string, activate: boolean) =>
  db
    .update(users)
    .set({ passwordHash, updatedAt: new Date(), ...(activate ? { statusId: 1, activatedAt: new Date() } : {}) })
    .where(eq(users.id, userId));
