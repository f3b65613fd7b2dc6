import type { BasePackageSortField, SortQuery } from '@vault/contract';
import { type AnyColumn, and, asc, count, eq, ilike, isNull, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { likeContains } from '../../db/like.js';
import { sortOrder } from '../../db/order.js';
import { basePackages, invitations, packageSponsor, sponsors, users, vaultHolders, vaults } from '../../db/schema/index.js';

// ---------- base packages ----------

const portalCount = sql<number>`(select count(*) from package_sponsor ps where ps.package_id = "base_packages"."id")::int`;

const baseColumns = {
  id: basePackages.id,
  name: basePackages.name,
  description: basePackages.description,
  storageQuotaBytes: basePackages.storageQuotaBytes,
  listPriceCents: basePackages.listPriceCents,
  currency: basePackages.currency,
  billingPeriod: basePackages.billingPeriod,
  features: basePackages.features,
  retiredAt: basePackages.retiredAt,
  portalCount,
};

/** What each sortable column of the list orders by (`sortBy`). */
const baseSortColumns: Record<BasePackageSortField, AnyColumn | SQL> = {
  name: basePackages.name,
  storageQuotaBytes: basePackages.storageQuotaBytes,
  listPrice: basePackages.listPriceCents,
  billingPeriod: basePackages.billingPeriod,
  portalCount,
};

export async function listBase(
  db: Db,
  opts: { offset: number; limit: number; search?: string; includeRetired: boolean; sort?: SortQuery<BasePackageSortField> },
) {
  const where = and(
    opts.includeRetired ? undefined : isNull(basePackages.retiredAt),
    opts.search
      ? or(ilike(basePackages.name, likeContains(opts.search)), ilike(basePackages.description, likeContains(opts.search)))
      : undefined,
  );
  const [data, [total]] = await Promise.all([
    db
      .select(baseColumns)
      .from(basePackages)
      .where(where)
      .orderBy(
        ...sortOrder(opts.sort, baseSortColumns, basePackages.id, [
          asc(basePackages.listPriceCents),
          asc(basePackages.name),
          asc(basePackages.id),
        ]),
      )
      .offset(opts.offset)
      .limit(opts.limit),
    db.select({ n: count() }).from(basePackages).where(where),
  ]);
  return { data, total: total?.n ?? 0 };
}

export async function getBase(db: Db, id: number) {
  const [row] = await db.select(baseColumns).from(basePackages).where(eq(basePackages.id, id));
  return row ?? null;
}

/** Locks the row so that concurrent changes to one package run one after the other. */
export const lockBase = async (db: Db, id: number) =>
  (await db.select({ id: basePackages.id }).from(basePackages).where(eq(basePackages.id, id)).for('update'))[0] ?? null;

export const baseByName = async (db: Db, name: string) =>
  (await db.select({ id: basePackages.id }).from(basePackages).where(sql`lower(${basePackages.name}) = ${name.toLowerCase()}`))[0] ?? null;

export async function insertBase(db: Db, values: typeof basePackages.$inferInsert) {
  const [row] = await db.insert(basePackages).values(values).returning({ id: basePackages.id });
  return row!.id;
}

export async function updateBase(db: Db, id: number, values: Partial<typeof basePackages.$inferInsert>) {
  await db
    .update(basePackages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(basePackages.id, id));
}

export async function deleteBase(db: Db, id: number) {
  await db.delete(basePackages).where(eq(basePackages.id, id));
}

export async function baseUsage(db: Db, id: number) {
  const [p] = await db.select({ n: count() }).from(packageSponsor).where(eq(packageSponsor.packageId, id));
  const [i] = await db.select({ n: count() }).from(invitations).where(eq(invitations.packageId, id));
  return { portals: p?.n ?? 0, invitations: i?.n ?? 0 };
}

// ---------- active packages ----------

const vaultCount = sql<number>`(select count(*) from vaults v where v.sponsor_id = "package_sponsor"."sponsor_id" and v.package_id = "package_sponsor"."package_id")::int`;

const activeColumns = {
  id: basePackages.id,
  packageSponsorId: packageSponsor.id,
  sponsorId: packageSponsor.sponsorId,
  SponsorCode: sponsors.sponsorCode,
  name: basePackages.name,
  description: basePackages.description,
  storageQuotaBytes: basePackages.storageQuotaBytes,
  billingPeriod: basePackages.billingPeriod,
  features: basePackages.features,
  currency: basePackages.currency,
  listPriceCents: basePackages.listPriceCents,
  priceSaleCents: packageSponsor.priceSaleCents,
  retiredAt: basePackages.retiredAt,
  vaultCount,
};

export async function listActive(db: Db, sponsorId: number, page: { offset: number; limit: number }) {
  const where = eq(packageSponsor.sponsorId, sponsorId);
  const [data, [total]] = await Promise.all([
    db
      .select(activeColumns)
      .from(packageSponsor)
      .innerJoin(basePackages, eq(basePackages.id, packageSponsor.packageId))
      .innerJoin(sponsors, eq(sponsors.id, packageSponsor.sponsorId))
      .where(where)
      .orderBy(asc(basePackages.name), asc(packageSponsor.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(packageSponsor).where(where),
  ]);
  return { data, total: total?.n ?? 0 };
}

export async function getActive(db: Db, packageSponsorId: number) {
  const [row] = await db
    .select(activeColumns)
    .from(packageSponsor)
    .innerJoin(basePackages, eq(basePackages.id, packageSponsor.packageId))
    .innerJoin(sponsors, eq(sponsors.id, packageSponsor.sponsorId))
    .where(eq(packageSponsor.id, packageSponsorId));
  return row ?? null;
}

export const lockAssignment = async (db: Db, packageSponsorId: number) =>
  (await db.select().from(packageSponsor).where(eq(packageSponsor.id, packageSponsorId)).for('update'))[0] ?? null;

export const assignmentFor = async (db: Db, sponsorId: number, packageId: number) =>
  (
    await db
      .select()
      .from(packageSponsor)
      .where(and(eq(packageSponsor.sponsorId, sponsorId), eq(packageSponsor.packageId, packageId)))
  )[0] ?? null;

export const packageOptions = (db: Db, sponsorId: number) =>
  db
    .select({
      id: basePackages.id,
      packageSponsorId: packageSponsor.id,
      name: basePackages.name,
      priceSaleCents: packageSponsor.priceSaleCents,
      currency: basePackages.currency,
      billingPeriod: basePackages.billingPeriod,
    })
    .from(packageSponsor)
    .innerJoin(basePackages, eq(basePackages.id, packageSponsor.packageId))
    .where(and(eq(packageSponsor.sponsorId, sponsorId), isNull(basePackages.retiredAt)))
    .orderBy(asc(basePackages.name));

/** The catalogue (retired packages left out) seen by one sponsor: assigned or not, and at what price. */
export async function sponsorCatalogue(db: Db, sponsorId: number, opts: { offset: number; limit: number; unassigned: boolean }) {
  const assigned = db
    .select({ one: sql`1` })
    .from(packageSponsor)
    .where(and(eq(packageSponsor.packageId, basePackages.id), eq(packageSponsor.sponsorId, sponsorId)));
  const where = and(isNull(basePackages.retiredAt), opts.unassigned ? notExists(assigned) : undefined);
  const [data, [total]] = await Promise.all([
    db
      .select({
        id: basePackages.id,
        name: basePackages.name,
        description: basePackages.description,
        storageQuotaBytes: basePackages.storageQuotaBytes,
        billingPeriod: basePackages.billingPeriod,
        currency: basePackages.currency,
        listPriceCents: basePackages.listPriceCents,
        packageSponsorId: packageSponsor.id,
        priceSaleCents: packageSponsor.priceSaleCents,
      })
      .from(basePackages)
      .leftJoin(packageSponsor, and(eq(packageSponsor.packageId, basePackages.id), eq(packageSponsor.sponsorId, sponsorId)))
      .where(where)
      .orderBy(asc(basePackages.listPriceCents), asc(basePackages.name), asc(basePackages.id))
      .offset(opts.offset)
      .limit(opts.limit),
    db.select({ n: count() }).from(basePackages).where(where),
  ]);
  return { data, total: total?.n ?? 0 };
}

export async function insertAssignment(db: Db, values: { sponsorId: number; packageId: number; priceSaleCents: number }) {
  const [row] = await db.insert(packageSponsor).values(values).onConflictDoNothing().returning({ id: packageSponsor.id });
  return row?.id ?? null;
}

export async function setSalePrice(db: Db, packageSponsorId: number, priceSaleCents: number) {
  await db.update(packageSponsor).set({ priceSaleCents, updatedAt: new Date() }).where(eq(packageSponsor.id, packageSponsorId));
}

export async function deleteAssignment(db: Db, packageSponsorId: number) {
  await db.delete(packageSponsor).where(eq(packageSponsor.id, packageSponsorId));
}

export async function countVaults(db: Db, sponsorId: number, packageId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(vaults)
    .where(and(eq(vaults.sponsorId, sponsorId), eq(vaults.packageId, packageId)));
  return row?.n ?? 0;
}

export async function packageHolders(db: Db, sponsorId: number, packageId: number, page: { offset: number; limit: number }) {
  const where = and(eq(vaults.sponsorId, sponsorId), eq(vaults.packageId, packageId));
  const [data, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        vaultId: vaults.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        statusId: users.statusId,
        license: vaults.license,
      })
      .from(vaults)
      .innerJoin(vaultHolders, eq(vaultHolders.userId, vaults.holderUserId))
      .innerJoin(users, eq(users.id, vaults.holderUserId))
      .where(where)
      .orderBy(asc(vaults.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(vaults).where(where),
  ]);
  return { data, total: total?.n ?? 0 };
}

export const sponsorById = async (db: Db, id: number) =>
  (await db.select({ id: sponsors.id, sponsorCode: sponsors.sponsorCode }).from(sponsors).where(eq(sponsors.id, id)))[0] ?? null;
