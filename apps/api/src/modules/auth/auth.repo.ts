import { and, eq, gt, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordTokens, sessions, signInThrottle, sponsorAdmins, users } from '../../db/schema/index.js';

export const findPortalUser = async (db: Db, email: string) => {
  const [row] = await db
    .select({ user: users, admin: sponsorAdmins })
    .from(users)
    .leftJoin(sponsorAdmins, eq(sponsorAdmins.userId, users.id))
    .where(and(inArray(users.role, ['staff', 'sponsor_admin']), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return row ?? null;
};

/** The rows that govern one sign-in: the (account, address) pair, the account, and the address. */
export const throttleState = async (db: Db, account: string, address: string) =>
  db
    .select({
      account: signInThrottle.account,
      address: signInThrottle.address,
      blocked: sql<boolean>`coalesce(${signInThrottle.blockedUntil} > now(), false)`,
      known: sql<boolean>`coalesce(${signInThrottle.lastSuccessAt} > now() - interval '90 days', false)`,
    })
    .from(signInThrottle)
    .where(
      or(
        and(eq(signInThrottle.account, account), inArray(signInThrottle.address, [address, ''])),
        and(eq(signInThrottle.account, ''), eq(signInThrottle.address, address)),
      ),
    );

export interface ThrottleRule {
  /** Failures before the first block. */
  after: number;
  /** The first block; each further failure doubles it, up to capSeconds. */
  baseSeconds: number;
  capSeconds: number;
}

/**
 * Counts one failure on a row in a single upsert, so concurrent failures on several instances all
 * count. A row quiet for a day starts again from one.
 */
export const recordFailure = async (db: Db, account: string, address: string, rule: ThrottleRule) => {
  const t = signInThrottle;
  const failures = sql`case when ${t.updatedAt} < now() - interval '1 day' then 1 else ${t.failures} + 1 end`;
  const blockFor = (n: SQL) =>
    sql`case when ${n} >= ${rule.after}::int
      then now() + make_interval(secs => least(${rule.capSeconds}::float8, ${rule.baseSeconds}::float8 * power(2, ${n} - ${rule.after}::int)))
    end`;
  const [row] = await db
    .insert(t)
    .values({ account, address, failures: 1, blockedUntil: blockFor(sql`1`) })
    .onConflictDoUpdate({ target: [t.account, t.address], set: { failures, blockedUntil: blockFor(failures), updatedAt: sql`now()` } })
    .returning({ failures: t.failures, blockedUntil: t.blockedUntil });
  return row!;
};

/** A success clears the pair's failures and marks the address as one the owner uses. */
export const recordSuccess = (db: Db, account: string, address: string) =>
  db
    .insert(signInThrottle)
    .values({ account, address, lastSuccessAt: sql`now()` })
    .onConflictDoUpdate({
      target: [signInThrottle.account, signInThrottle.address],
      set: { failures: 0, blockedUntil: null, lastSuccessAt: sql`now()`, updatedAt: sql`now()` },
    });

/** Rows quiet for a day are forgotten, except a recent success's pair (the owner's usual address). */
export const sweepThrottle = (db: Db) =>
  db
    .delete(signInThrottle)
    .where(
      and(
        lt(signInThrottle.updatedAt, sql`now() - interval '1 day'`),
        or(isNull(signInThrottle.lastSuccessAt), lt(signInThrottle.lastSuccessAt, sql`now() - interval '90 days'`)),
      ),
    );

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
