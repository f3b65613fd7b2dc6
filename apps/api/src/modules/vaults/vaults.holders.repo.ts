import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { documents, packageSponsor, sponsoredAdvisors, templates, users, vaults } from '../../db/schema/index.js';

/** What the account actions read of a holder. */
const holderColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  statusId: users.statusId,
  mfaEnabled: users.mfaEnabled,
  vaultId: vaults.id,
  archivedAt: vaults.archivedAt,
};

/** A holder of this sponsor by user id (null when not theirs). */
export async function findHolder(db: Db, sponsorId: number, userId: number, lock = false) {
  const q = db
    .select(holderColumns)
    .from(users)
    .innerJoin(vaults, eq(vaults.holderUserId, users.id))
    .where(and(eq(users.id, userId), eq(users.role, 'vault_holder'), eq(users.sponsorId, sponsorId), eq(vaults.sponsorId, sponsorId)));
  const [row] = lock ? await q.for('update', { of: users }) : await q;
  return row ?? null;
}

/** A holder of this sponsor by vault id. */
export async function findHolderByVault(db: Db, sponsorId: number, vaultId: number, lock = false) {
  const q = db
    .select(holderColumns)
    .from(vaults)
    .innerJoin(users, eq(users.id, vaults.holderUserId))
    .where(and(eq(vaults.id, vaultId), eq(vaults.sponsorId, sponsorId)));
  const [row] = lock ? await q.for('update', { of: vaults }) : await q;
  return row ?? null;
}

export async function holdersForBulk(db: Db, sponsorId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, statusId: users.statusId })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.role, 'vault_holder'), eq(users.sponsorId, sponsorId)))
    .orderBy(asc(users.id));
}

export async function documentCount(db: Db, vaultId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(documents).where(eq(documents.vaultId, vaultId));
  return Number(row?.n ?? 0);
}

export async function packageAssigned(db: Db, sponsorId: number, packageId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: packageSponsor.id })
    .from(packageSponsor)
    .where(and(eq(packageSponsor.sponsorId, sponsorId), eq(packageSponsor.packageId, packageId)));
  return Boolean(row);
}

/** Whether the group or template with this id belongs to the sponsor (both tables carry id + sponsor_id). */
/** Whether the sponsor has the vault template `id`. */
export async function templateOfSponsor(db: Db, sponsorId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.id, id), eq(templates.sponsorId, sponsorId)));
  return Boolean(row);
}

/** The given user ids that are trusted advisors (sponsored advisors) of this sponsor. */
export async function sponsoredAdvisorUserIds(db: Db, sponsorId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: sponsoredAdvisors.userId })
    .from(sponsoredAdvisors)
    .where(and(eq(sponsoredAdvisors.sponsorId, sponsorId), inArray(sponsoredAdvisors.userId, userIds)));
  return rows.map((r) => r.userId);
}

/** GET/PUT /api/v1/users/{id}: a holder of the sponsor, or an advisor linked to it as a representative. */
export async function findPortalUser(db: Db, sponsorId: number, userId: number) {
  // The link is joined, not read in sub-selects: Drizzle leaves a single table's columns unqualified
  // in the select list, where a sub-select would take them as its own.
  const link = and(eq(sponsoredAdvisors.userId, users.id), eq(sponsoredAdvisors.sponsorId, sponsorId));
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      statusId: users.statusId,
      // An advisor's test-account flag is this portal's link's (each portal sets its own).
      testAccount: sql<boolean>`case when ${users.role} = 'advisor' then ${sponsoredAdvisors.testAccount} else ${users.testAccount} end`,
      linkStatusId: sponsoredAdvisors.statusId,
      localize: users.localize,
    })
    .from(users)
    .leftJoin(sponsoredAdvisors, link)
    .where(
      and(
        eq(users.id, userId),
        sql`(
          (${users.role} = 'vault_holder' and ${users.sponsorId} = ${sponsorId})
          or (${users.role} = 'advisor' and ${sponsoredAdvisors.id} is not null)
        )`,
      ),
    );
  return row ?? null;
}
