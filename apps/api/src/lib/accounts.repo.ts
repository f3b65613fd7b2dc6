import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { mfaPasskeys, mfaRecoveryCodes, sessions, users } from '../db/schema/index.js';

/** The account writes lib/accounts.ts runs, each in the caller's transaction. */

export async function revokeSessions(db: Db, userIds: number[]) {
  if (userIds.length === 0) return;
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(inArray(sessions.userId, userIds), isNull(sessions.revokedAt)));
}

export async function setStatus(db: Db, userId: number, statusId: number, activated: boolean) {
  await db
    .update(users)
    .set({ statusId, updatedAt: new Date(), ...(activated ? { activatedAt: new Date() } : {}) })
    .where(eq(users.id, userId));
}

/** Authenticator and recovery codes gone: the accounts enrol again. */
export async function clearSecondFactor(db: Db, userIds: number[]) {
  await db
    .update(users)
    .set({ mfaEnabled: false, mfaSecret: null, mfaEnrolledAt: null, mfaLastStep: null, updatedAt: new Date() })
    .where(inArray(users.id, userIds));
  await db.delete(mfaRecoveryCodes).where(inArray(mfaRecoveryCodes.userId, userIds));
  await db.delete(mfaPasskeys).where(inArray(mfaPasskeys.userId, userIds));
}

/** The one account an e-mail belongs to (decision 0033), whatever its role and portal. */
export async function emailOwner(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role, sponsorId: users.sponsorId })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}
