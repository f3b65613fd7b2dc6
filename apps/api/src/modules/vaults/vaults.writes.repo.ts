import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sponsoredAdvisors, users, vaultAdvisors, vaultHolders, vaults } from '../../db/schema/index.js';

export async function insertHolder(
  db: Db,
  v: {
    sponsorId: number;
    email: string;
    firstName: string;
    middleName: string | null;
    lastName: string;
    organizationName: string | null;
    testAccount: boolean;
    localize: string;
    packageId: number;
    tag: 'individual' | 'business' | 'family';
    entityType: string | null;
    groupId: number | null;
    templateId: number | null;
    advisorUserIds: number[];
  },
) {
  const [u] = await db
    .insert(users)
    .values({
      role: 'vault_holder',
      sponsorId: v.sponsorId,
      email: v.email,
      firstName: v.firstName,
      middleName: v.middleName,
      lastName: v.lastName,
      statusId: 3,
      testAccount: v.testAccount,
      localize: v.localize,
    })
    .returning({ id: users.id, statusId: users.statusId });
  await db.insert(vaultHolders).values({ userId: u!.id, sponsorId: v.sponsorId, organizationName: v.organizationName });
  const [vault] = await db
    .insert(vaults)
    .values({
      holderUserId: u!.id,
      sponsorId: v.sponsorId,
      packageId: v.packageId,
      tag: v.tag,
      entityType: v.entityType,
      groupId: v.groupId,
      templateId: v.templateId,
    })
    .returning({ id: vaults.id });
  if (v.advisorUserIds.length) {
    await db.insert(vaultAdvisors).values(v.advisorUserIds.map((a) => ({ vaultId: vault!.id, advisorUserId: a })));
  }
  return { userId: u!.id, vaultId: vault!.id, statusId: u!.statusId };
}

export async function archiveVault(db: Db, vaultId: number, userId: number, byUserId: number | null, reason: string) {
  const now = new Date();
  await db
    .update(vaults)
    .set({ archivedAt: now, archivedByUserId: byUserId, archiveReason: reason, updatedAt: now })
    .where(eq(vaults.id, vaultId));
  await db.update(users).set({ statusId: 4, updatedAt: now }).where(eq(users.id, userId));
}

export async function deleteHolder(db: Db, userId: number) {
  // vault_holders → vaults → documents, vault_advisors cascade from the user row.
  await db.delete(users).where(eq(users.id, userId));
}

export async function setTestAccount(db: Db, userId: number, testAccount: boolean) {
  await db.update(users).set({ testAccount, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** An advisor's test-account flag in one portal (her link there). */
export async function setLinkTestAccount(db: Db, sponsorId: number, userId: number, testAccount: boolean) {
  await db
    .update(sponsoredAdvisors)
    .set({ testAccount, updatedAt: new Date() })
    .where(and(eq(sponsoredAdvisors.userId, userId), eq(sponsoredAdvisors.sponsorId, sponsorId)));
}
