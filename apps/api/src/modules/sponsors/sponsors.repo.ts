import type { SortQuery, SponsorSortField } from '@vault/contract';
import { type AnyColumn, and, asc, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { likeContains } from '../../db/like.js';
import { sortOrder } from '../../db/order.js';
import { sponsorCategories, sponsorGroups, sponsors, users } from '../../db/schema/index.js';

/** `%`, `_` and `\` in a search are literal characters, not patterns. */

/** What the sponsor list shows of each sponsor; the detail adds the rest. */
const listColumns = {
  id: sponsors.id,
  sponsorCode: sponsors.sponsorCode,
  name: sponsors.name,
  contactName: sponsors.contactName,
  contactEmail: sponsors.contactEmail,
  statusId: sponsors.statusId,
  hasCategory: sponsors.hasCategory,
};

const counts = {
  administratorCount: sql<number>`(select count(*) from sponsor_admins sa where sa.sponsor_id = "sponsors"."id")::int`,
  vaultCount: sql<number>`(select count(*) from vaults v where v.sponsor_id = "sponsors"."id")::int`,
  packageCount: sql<number>`(select count(*) from package_sponsor ps where ps.sponsor_id = "sponsors"."id")::int`,
};

/** What each sortable column of the list orders by (`sortBy`). */
const sortColumns: Record<SponsorSortField, AnyColumn> = {
  sponsorCode: sponsors.sponsorCode,
  name: sponsors.name,
  contactName: sponsors.contactName,
  status: sponsors.statusId,
};

export async function listSponsorRows(
  db: Db,
  opts: { onlyId: number | null; search?: string; offset: number; limit: number; sort?: SortQuery<SponsorSortField> },
) {
  const where = and(
    opts.onlyId === null ? undefined : eq(sponsors.id, opts.onlyId),
    opts.search ? or(ilike(sponsors.name, likeContains(opts.search)), ilike(sponsors.sponsorCode, likeContains(opts.search))) : undefined,
  );
  const [data, [total]] = await Promise.all([
    db
      .select({ ...listColumns, ...counts })
      .from(sponsors)
      .where(where)
      .orderBy(...sortOrder(opts.sort, sortColumns, sponsors.id, [asc(sponsors.sponsorCode), asc(sponsors.id)]))
      .offset(opts.offset)
      .limit(opts.limit),
    db.select({ n: count() }).from(sponsors).where(where),
  ]);
  return { data, total: total?.n ?? 0 };
}

export async function getSponsor(db: Db, id: number) {
  const [row] = await db
    .select({
      ...listColumns,
      contactPhone: sponsors.contactPhone,
      requireAdminMfa: sponsors.requireAdminMfa,
      createdAt: sponsors.createdAt,
      updatedAt: sponsors.updatedAt,
      ...counts,
    })
    .from(sponsors)
    .where(eq(sponsors.id, id));
  return row ?? null;
}

export const findSponsorByCode = async (db: Db, code: string) =>
  (
    await db
      .select({ id: sponsors.id, sponsorCode: sponsors.sponsorCode })
      .from(sponsors)
      .where(sql`lower(${sponsors.sponsorCode}) = ${code.toLowerCase()}`)
  )[0] ?? null;

export const listCategories = (db: Db, sponsorId: number) =>
  db
    .select({ id: sponsorCategories.id, name: sponsorCategories.name })
    .from(sponsorCategories)
    .where(eq(sponsorCategories.sponsorId, sponsorId))
    .orderBy(asc(sponsorCategories.name), asc(sponsorCategories.id));

export async function insertSponsor(
  db: Db,
  values: {
    sponsorCode: string;
    name: string;
    contactName: string | null;
    contactEmail: string | null;
    contactPhone: string | null;
    statusId: number;
    hasCategory: boolean;
    requireAdminMfa: boolean;
  },
) {
  const [row] = await db.insert(sponsors).values(values).returning({ id: sponsors.id, sponsorCode: sponsors.sponsorCode });
  return row!;
}

export async function updateSponsor(db: Db, id: number, values: Partial<typeof sponsors.$inferInsert>) {
  await db
    .update(sponsors)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sponsors.id, id));
}

/** Makes the sponsor's categories exactly `names` (kept rows keep their ids). */
export async function replaceCategories(db: Db, sponsorId: number, names: string[]) {
  const existing = await listCategories(db, sponsorId);
  const wanted = new Map(names.map((n) => [n.toLowerCase(), n]));
  for (const c of existing) {
    const keep = wanted.get(c.name.toLowerCase());
    if (keep === undefined) await db.delete(sponsorCategories).where(eq(sponsorCategories.id, c.id));
    else {
      if (keep !== c.name)
        await db.update(sponsorCategories).set({ name: keep, updatedAt: new Date() }).where(eq(sponsorCategories.id, c.id));
      wanted.delete(c.name.toLowerCase());
    }
  }
  if (wanted.size > 0) await db.insert(sponsorCategories).values([...wanted.values()].map((name) => ({ sponsorId, name })));
}

export const groupByCode = async (db: Db, sponsorId: number, code: string) =>
  (
    await db
      .select({ id: sponsorGroups.id })
      .from(sponsorGroups)
      .where(and(eq(sponsorGroups.sponsorId, sponsorId), sql`lower(${sponsorGroups.code}) = ${code.toLowerCase()}`))
  )[0] ?? null;

/** The sponsor's administrators, except `exceptUserId` (the one asking). */
export const sponsorAdministrators = (db: Db, sponsorId: number, exceptUserId: number | null) =>
  db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, statusId: users.statusId })
    .from(users)
    .where(
      and(eq(users.sponsorId, sponsorId), eq(users.role, 'sponsor_admin'), exceptUserId === null ? undefined : ne(users.id, exceptUserId)),
    )
    .orderBy(asc(users.id));
