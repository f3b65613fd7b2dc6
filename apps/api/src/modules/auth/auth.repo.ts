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

export interface ThrottleRule {
  /** Failures before the first block. */
  after: number;
  /** The first block; each further failure doubles it, up to capSeconds. */
  baseSeconds: number;
  capSeconds: number;
}

export interface ThrottleKey {
  account: string;
  address: string;
  rule: ThrottleRule;
}

const t = signInThrottle;
/** The row's own rule, told by the key's shape: '' stands for "any" on one side. */
const ruleValue = (keys: ThrottleKey[], pick: (r: ThrottleRule) => number) => {
  const of = (shape: (k: ThrottleKey) => boolean) => pick(keys.find(shape)?.rule ?? keys[0]!.rule);
  return sql`(case when ${t.account} = '' then ${of((k) => k.account === '')}::int
    when ${t.address} = '' then ${of((k) => k.address === '')}::int
    else ${of((k) => k.account !== '' && k.address !== '')}::int end)`;
};
const blockFor = (n: SQL, after: SQL, base: SQL, cap: SQL) =>
  sql`case when ${n} >= ${after} then now() + make_interval(secs => least(${cap}::float8, ${base}::float8 * power(2, ${n} - ${after}))) end`;

/**
 * Reserves one attempt on each key in a single upsert: a row that is not blocked counts it as a
 * failure at once (and blocks when it reaches its rule), a blocked row leaves it uncounted. The row
 * lock of the upsert orders concurrent attempts, so a burst never passes more than each rule allows,
 * on any number of instances. A row quiet for a day starts again from one.
 */
export const reserveAttempt = async (db: Db, keys: ThrottleKey[]) => {
  const after = ruleValue(keys, (r) => r.after);
  const base = ruleValue(keys, (r) => r.baseSeconds);
  const cap = ruleValue(keys, (r) => r.capSeconds);
  const open = sql`(${t.blockedUntil} is null or ${t.blockedUntil} <= now())`;
  const next = sql`(case when ${t.updatedAt} < now() - interval '1 day' then 1 else ${t.failures} + 1 end)`;
  return db
    .insert(t)
    .values(
      keys.map((k) => ({
        account: k.account,
        address: k.address,
        failures: 1,
        lastCounted: true,
        blockedUntil: blockFor(sql`1`, sql`${k.rule.after}::int`, sql`${k.rule.baseSeconds}`, sql`${k.rule.capSeconds}`),
      })),
    )
    .onConflictDoUpdate({
      target: [t.account, t.address],
      set: {
        lastCounted: open,
        failures: sql`case when ${open} then ${next} else ${t.failures} end`,
        blockedUntil: sql`case when ${open} then ${blockFor(next, after, base, cap)} else ${t.blockedUntil} end`,
        updatedAt: sql`case when ${open} then now() else ${t.updatedAt} end`,
      },
    })
    .returning({
      account: t.account,
      address: t.address,
      counted: t.lastCounted,
      failures: t.failures,
      known: sql<boolean>`coalesce(${t.lastSuccessAt} > now() - interval '90 days', false)`,
    });
};

/**
 * Takes back reservations that counted: the attempt succeeded, or it was held back by another key. A
 * block the reservation set is lifted with it when the count falls back under the rule.
 */
export const releaseAttempt = async (db: Db, keys: ThrottleKey[]) => {
  if (keys.length === 0) return;
  const after = ruleValue(keys, (r) => r.after);
  await db
    .update(t)
    .set({
      failures: sql`greatest(${t.failures} - 1, 0)`,
      blockedUntil: sql`case when greatest(${t.failures} - 1, 0) < ${after} then null else ${t.blockedUntil} end`,
    })
    .where(or(...keys.map((k) => and(eq(t.account, k.account), eq(t.address, k.address)))));
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
