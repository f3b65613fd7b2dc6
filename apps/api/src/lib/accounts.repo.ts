import { and, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { invitationRedemptions, invitations, mfaPasskeys, mfaRecoveryCodes, sessions, users } from '../db/schema/index.js';

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

/** Whether the account has been activated before, read under its row lock (kept to the transaction's end). */
export async function lockActivated(db: Db, userId: number) {
  const [row] = await db.select({ at: users.activatedAt }).from(users).where(eq(users.id, userId)).for('update');
  return row?.at != null;
}

/**
 * The vault holder's latest redemption, at or before their activation, of an invitation of their own
 * portal, by e-mail in any case (the condition of migration 0030's counter); null for anyone else.
 */
export async function redemptionBeforeActivation(db: Db, userId: number) {
  const [row] = await db
    .select({
      sponsorId: invitations.sponsorId,
      email: users.email,
      invitationId: invitationRedemptions.invitationId,
      inviteCode: invitations.inviteCode,
      redeemedAt: invitationRedemptions.redeemedAt,
    })
    .from(users)
    .innerJoin(invitationRedemptions, sql`lower(${invitationRedemptions.email}) = lower(${users.email})`)
    .innerJoin(invitations, and(eq(invitations.id, invitationRedemptions.invitationId), eq(invitations.sponsorId, users.sponsorId)))
    .where(
      and(
        eq(users.id, userId),
        eq(users.role, 'vault_holder'),
        isNotNull(users.activatedAt),
        lte(invitationRedemptions.redeemedAt, users.activatedAt),
      ),
    )
    .orderBy(desc(invitationRedemptions.redeemedAt))
    .limit(1);
  return row ?? null;
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
