import type { SortQuery, VaultSortField } from '@vault/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { plannerRows } from '../../db/estimate.js';
import { sortOrder } from '../../db/order.js';
import { preparedFor, statementFor, statementOf } from '../../db/prepared.js';
import { basePackages, documents, sponsors, users, vaultListVersions, vaults } from '../../db/schema/index.js';
import { PEOPLE_SORT_COLUMNS } from '../people-common/person-columns.repo.js';
import type { HolderFilter } from './vaults.search.repo.js';

/** The ids of one page of holders (and, separately, how many match), ordered by holder id. */
function idQuery(db: Db, sponsorId: number | null, filter: HolderFilter) {
  if (filter.kind === 'vaults') {
    return db
      .select({ id: vaults.holderUserId })
      .from(vaults)
      .where(and(sponsorId === null ? undefined : eq(vaults.sponsorId, sponsorId), filter.where))
      .$dynamic();
  }
  const conds: (SQL | undefined)[] = [sponsorId === null ? undefined : eq(users.sponsorId, sponsorId), eq(users.role, 'vault_holder')];
  if (filter.kind === 'users') conds.push(filter.where);
  if (filter.kind === 'none') conds.push(sql`false`);
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(...conds))
    .$dynamic();
}

const countQuery = (db: Db, sponsorId: number | null, filter: HolderFilter) =>
  db.select({ n: sql<number>`count(*)::int` }).from(idQuery(db, sponsorId, filter).as('m'));

export async function countHolders(db: Db, sponsorId: number | null, filter: HolderFilter): Promise<number> {
  if (filter.kind === 'none') return 0;
  const [row] = await countQuery(db, sponsorId, filter);
  return Number(row?.n ?? 0);
}

/** The statement counting a portal's whole list, as countHolders runs it (bench baselines). */
export const portalCountStatement = (db: Db, sponsorId: number) => statementOf(null, countQuery(db, sponsorId, { kind: 'all' }));

/**
 * How many holders match, counting no further than `cap` + 1, in holder id order: a "contains"
 * search reads users_holder_search_idx from the portal's first holder and stops at the cap, so a
 * common name costs a few thousand index entries, not the portal's whole list.
 */
export async function countHoldersUpTo(db: Db, sponsorId: number | null, filter: HolderFilter, cap: number): Promise<number> {
  if (filter.kind === 'none') return 0;
  const orderCol = filter.kind === 'vaults' ? vaults.holderUserId : users.id;
  const inner = idQuery(db, sponsorId, filter)
    .orderBy(asc(orderCol))
    .limit(cap + 1)
    .as('m');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return Number(row?.n ?? 0);
}

/** The planner's estimate of how many holders match (nothing is read). */
export const estimateHolders = (db: Db, sponsorId: number | null, filter: HolderFilter) =>
  filter.kind === 'none' ? Promise.resolve(0) : plannerRows(db, idQuery(db, sponsorId, filter));

export type HolderSort = SortQuery<VaultSortField>;

/** Whether a sort is the list's own order (holder id, ascending), which the page anchors serve. */
export const isIdOrder = (sort?: HolderSort) => !sort?.sortBy || (sort.sortBy === 'id' && sort.sortDir !== 'desc');

/**
 * One page of ids in the requested order. A column sort reads users_holder_<column>_idx
 * (sponsor, role, column, id) from the start of the portal's holders: the first pages cost as
 * much as the unsorted ones, deep pages grow with their offset (docs/decisions/0015).
 */
export async function pageIds(
  db: Db,
  sponsorId: number | null,
  filter: HolderFilter,
  offset: number,
  limit: number,
  sort?: HolderSort,
): Promise<number[]> {
  if (filter.kind === 'none') return [];
  if (!sort?.sortBy || sort.sortBy === 'id') {
    const orderCol = filter.kind === 'vaults' ? vaults.holderUserId : users.id;
    const rows = await idQuery(db, sponsorId, filter)
      .orderBy(isIdOrder(sort) ? asc(orderCol) : desc(orderCol))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => r.id);
  }
  const query =
    filter.kind === 'vaults'
      ? db
          .select({ id: users.id })
          .from(vaults)
          .innerJoin(users, eq(users.id, vaults.holderUserId))
          .where(and(sponsorId === null ? undefined : eq(vaults.sponsorId, sponsorId), filter.where))
          .$dynamic()
      : idQuery(db, sponsorId, filter);
  const rows = await query
    .orderBy(...sortOrder({ sortBy: sort.sortBy, sortDir: sort.sortDir }, PEOPLE_SORT_COLUMNS, users.id, []))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

/**
 * "From holder id X on" as a row comparison on (role, id) with both bounds: it positions the scan of
 * users_sponsor_role_idx (sponsor_id, role, id) right at X. A plain `id >= X` lets the planner
 * prefer the primary key near the end of the id range and filter other portals' rows one by one.
 */
const fromHolder = (fromId: number) =>
  sql`(${users.role}, ${users.id}) >= ('vault_holder', ${fromId}) and (${users.role}, ${users.id}) <= ('vault_holder', 2147483647)`;

/** The holder id at `skip` rows from `fromId` (inclusive) in id order, or null past the end (unfiltered list). */
export async function holderIdAt(db: Db, sponsorId: number, fromId: number | null, skip: number): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.sponsorId, sponsorId), fromId === null ? eq(users.role, 'vault_holder') : fromHolder(fromId)))
    .orderBy(asc(users.role), asc(users.id))
    .limit(1)
    .offset(skip);
  return row?.id ?? null;
}

/** One page of the unfiltered list starting at a known holder id. */
export async function pageIdsFrom(db: Db, sponsorId: number, fromId: number, skip: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.sponsorId, sponsorId), fromHolder(fromId)))
    .orderBy(asc(users.role), asc(users.id))
    .limit(limit)
    .offset(skip);
  return rows.map((r) => r.id);
}

/** Every matching id (bulk actions and export), capped. */
export async function allIds(db: Db, sponsorId: number, filter: HolderFilter, cap: number): Promise<number[]> {
  return pageIds(db, sponsorId, filter, 0, cap);
}

/** The driver's text for a timestamp: the list answers it as ISO text, so it is never made a Date. */
const asText = <T extends string | null>(column: AnyPgColumn) => sql<T>`${column}`;

/** What a list row shows (toItem), nothing more: each column costs the busiest call its mapping. */
const holderColumns = {
  id: users.id,
  vaultId: vaults.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  statusId: users.statusId,
  testAccount: users.testAccount,
  lastLoginAt: asText<string | null>(users.lastLoginAt),
  createdAt: asText<string>(users.createdAt),
  packageId: vaults.packageId,
  packageName: basePackages.name,
  license: vaults.license,
  sponsorId: vaults.sponsorId,
  sponsorCode: sponsors.sponsorCode,
  documentCount: sql<number>`(select count(*)::int from ${documents} where ${documents.vaultId} = ${vaults.id})`,
};

export type HolderRow = Awaited<ReturnType<typeof holdersByIds>>[number];

const holdersQuery = (db: Db) =>
  db
    .select(holderColumns)
    .from(users)
    .innerJoin(vaults, eq(vaults.holderUserId, users.id))
    .innerJoin(sponsors, eq(sponsors.id, vaults.sponsorId))
    .leftJoin(basePackages, eq(basePackages.id, vaults.packageId))
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(asc(users.id))
    .prepare('vault_holders_by_ids');

/**
 * A page of a portal's unfiltered list in holder-id order (the default order: a list sorted another
 * way takes pageIds + holdersByIds) in one statement: the page's ids from users_sponsor_role_idx as
 * a sub-select, their rows, and the portal's list version (which the cached total is checked
 * against), where the two-step path makes three round trips.
 */
const PORTAL_PAGE = 'vault_holders_portal_page';
const portalPageSelect = (db: Db) =>
  db
    .select({
      ...holderColumns,
      listVersion: sql<
        string | number | null
      >`(select ${vaultListVersions.version} from ${vaultListVersions} where ${vaultListVersions.sponsorId} = ${sql.placeholder('sponsorId')})`,
    })
    .from(users)
    .innerJoin(vaults, eq(vaults.holderUserId, users.id))
    .innerJoin(sponsors, eq(sponsors.id, vaults.sponsorId))
    .leftJoin(basePackages, eq(basePackages.id, vaults.packageId))
    .where(
      sql`${users.id} in (select h.id from users h where h.sponsor_id = ${sql.placeholder('sponsorId')} and h.role = 'vault_holder'
            order by h.id limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')})`,
    )
    .orderBy(asc(users.id));
const portalPageQuery = (db: Db) => portalPageSelect(db).prepare(PORTAL_PAGE);

/** The statement portalPageRows runs, with its values (bench baselines replay it). */
export const portalPageStatement = statementFor<{ sponsorId: number; offset: number; limit: number }>(PORTAL_PAGE, portalPageSelect);

const holdersByIdsQuery = preparedFor(holdersQuery);
const portalPage = preparedFor(portalPageQuery);

/** The list rows of the given holder ids, in id order (callers put them in their page's order). */
export async function holdersByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return holdersByIdsQuery(db).execute({ ids });
}

/** One page of a portal's unfiltered list, in holder-id order, with the portal's list version (0: never changed; null: empty page). */
export async function portalPageRows(db: Db, sponsorId: number, offset: number, limit: number) {
  const rows = await portalPage(db).execute({ sponsorId, offset, limit });
  return { rows, version: rows.length ? Number(rows[0]!.listVersion ?? 0) : null };
}
