import {
  DEFAULT_VAULT_COLUMNS,
  EXPORT_MAX_ROWS,
  type HolderListFilters,
  VAULT_COLUMN_LABELS,
  VAULT_COLUMNS,
  type VaultColumn,
  type VaultHolderItem,
  type VaultHolderList,
  type VaultSearchField,
} from '@vault/contract';
import type { Db } from '../../db/client.js';
import { toCsv } from '../../lib/csv.js';
import { badRequest } from '../../lib/errors.js';
import { writeAudit } from '../../plugins/audit.js';
import { beforeFirstAnchor, cachedCount, unfilteredPage } from './vaults.counts.js';
import {
  allIds,
  countHolders,
  countHoldersUpTo,
  estimateHolders,
  type HolderRow,
  type HolderSort,
  holdersByIds,
  isIdOrder,
  pageIds,
  portalPageRows,
} from './vaults.list.repo.js';
import { type HolderFilter, holderFilter, LIST_FILTER_KEYS, listFiltersKey, withListFilters } from './vaults.search.repo.js';
import { type Ctx, iso, statusName, TARGET } from './vaults.service.js';

export function toItem(r: HolderRow): VaultHolderItem {
  return {
    id: r.id,
    vaultId: r.vaultId,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    packageId: r.packageId,
    package: r.packageName ?? null,
    license: r.license,
    statusId: r.statusId,
    status: statusName(r.statusId),
    sponsor: { id: r.sponsorId, sponsorCode: r.sponsorCode },
    documentCount: Number(r.documentCount),
    testAccount: r.testAccount,
    lastLoginAt: iso(r.lastLoginAt),
    createdAt: iso(r.createdAt)!,
  };
}

/**
 * A "contains" search (e-mail or names) is counted exactly up to this many matches. Beyond it the
 * total is the planner's estimate: an exact count of a common name reads every holder of a large
 * portal, far more than its first page (decision 0023).
 */
export const SEARCH_EXACT_COUNT_CAP = 200;

/**
 * The holders a search and the list's other filters keep. A range that ends before it starts is
 * refused rather than answered with an empty list: it is a mistake, not a question.
 */
export function listFilter(search: { fieldName?: VaultSearchField; fieldValue?: string } | undefined, f: HolderListFilters): HolderFilter {
  if (f.createdFrom && f.createdTo && f.createdFrom > f.createdTo)
    throw badRequest('The created-from date must not be after the created-to date.', [
      { field: 'createdFrom', message: 'After the created-to date' },
    ]);
  return withListFilters(holderFilter(search?.fieldName, search?.fieldValue), f);
}

/**
 * One page of holders: the ids of the page come from an index-only scan (users_sponsor_role_idx,
 * users_holder_search_idx for "contains" searches, or vaults_package_idx for package/license
 * searches), then only those 20 rows are joined.
 * Count fast path: a first page that is not full is its own total.
 */
export async function list(
  db: Db,
  sponsorId: number | null,
  q: { offset: number; limit: number } & HolderSort & HolderListFilters,
  search?: { fieldName?: VaultSearchField; fieldValue?: string },
): Promise<VaultHolderList> {
  const filter = listFilter(search, q);
  const sort = { sortBy: q.sortBy, sortDir: q.sortDir };
  const idOrder = isIdOrder(sort);
  const page = (data: HolderRow[], total: number, totalIsEstimate?: boolean): VaultHolderList => ({
    data: data.map(toItem),
    total,
    ...(totalIsEstimate ? { totalIsEstimate } : {}),
    activePage: Math.floor(q.offset / q.limit) + 1,
    perPage: q.limit,
    isEditable: true,
  });
  // A portal's list as it opens (the busiest call): one prepared statement, see portalPageRows.
  if (filter.kind === 'all' && sponsorId !== null && idOrder && beforeFirstAnchor(q.offset)) {
    const { rows, version } = await portalPageRows(db, sponsorId, q.offset, q.limit);
    const total =
      q.offset === 0 && rows.length < q.limit
        ? rows.length
        : await cachedCount(`${sponsorId}|`, () => countHolders(db, sponsorId, filter), db, version ?? undefined);
    return page(rows, total);
  }
  // The page anchors remember positions in holder id order only; other orders read from the start.
  const ids =
    filter.kind === 'all' && sponsorId !== null && idOrder
      ? await unfilteredPage(db, sponsorId, q.offset, q.limit)
      : await pageIds(db, sponsorId, filter, q.offset, q.limit, sort);
  const filtersKey = listFiltersKey(q);
  const key = `${sponsorId ?? 'all'}|${search?.fieldValue?.trim() ? `${search.fieldName}|${search.fieldValue.trim().toLowerCase()}` : ''}${filtersKey ? `|${filtersKey}` : ''}`;
  const bounded = filter.kind === 'users' && filter.contains === true;
  const [rows, counted] = await Promise.all([
    holdersByIds(db, ids),
    q.offset === 0 && ids.length < q.limit
      ? Promise.resolve(ids.length)
      : bounded
        ? countHoldersUpTo(db, sponsorId, filter, SEARCH_EXACT_COUNT_CAP)
        : cachedCount(key, () => countHolders(db, sponsorId, filter), db),
  ]);
  // The rows come back in id order; the page keeps the order its ids were read in.
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  if (bounded && counted > SEARCH_EXACT_COUNT_CAP) {
    // A full page always leaves a next one to ask for, whatever the estimate says.
    const seen = q.offset + ids.length + (ids.length === q.limit ? 1 : 0);
    return page(ordered, Math.max(await estimateHolders(db, sponsorId, filter), counted, seen), true);
  }
  return page(ordered, counted);
}

export function parseColumns(raw: string | undefined): VaultColumn[] {
  if (!raw?.trim()) return DEFAULT_VAULT_COLUMNS;
  const cols = raw
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const bad = cols.filter((c) => !(VAULT_COLUMNS as readonly string[]).includes(c));
  if (bad.length)
    throw badRequest(`Unknown column${bad.length > 1 ? 's' : ''}: ${bad.join(', ')}. Use ${VAULT_COLUMNS.join(', ')}.`, [
      { field: 'columns', message: 'Unknown column' },
    ]);
  return [...new Set(cols)] as VaultColumn[];
}

/** CSV of the current view (search and chosen columns); every cell is neutralised against formulas. */
export async function exportCsv(
  ctx: Pick<Ctx, 'db' | 'sponsor' | 'actor'>,
  q: { fieldName?: VaultSearchField; fieldValue?: string; columns?: string } & HolderListFilters,
) {
  const columns = parseColumns(q.columns);
  const filter = listFilter(q, q);
  const ids = await allIds(ctx.db, ctx.sponsor.id, filter, EXPORT_MAX_ROWS + 1);
  if (ids.length > EXPORT_MAX_ROWS)
    throw badRequest(`More than ${EXPORT_MAX_ROWS.toLocaleString('en-US')} vault holders match. Narrow the search to export.`);
  const items: VaultHolderItem[] = [];
  for (let i = 0; i < ids.length; i += 5000) {
    items.push(...(await holdersByIds(ctx.db, ids.slice(i, i + 5000))).map(toItem));
  }
  const csv = toCsv(
    items as unknown as Record<string, unknown>[],
    columns.map((c) => ({ key: c, header: VAULT_COLUMN_LABELS[c] })),
  );
  // Reading personal data out in bulk is recorded too.
  await writeAudit(ctx.db, ctx.actor, {
    action: `${TARGET}.export`,
    sponsorId: ctx.sponsor.id,
    targetType: 'sponsor',
    targetId: ctx.sponsor.id,
    logJson: {
      rows: items.length,
      columns,
      search: q.fieldName ? { fieldName: q.fieldName, fieldValue: q.fieldValue ?? '' } : null,
      filters: listFiltersKey(q) ? pickFilters(q) : null,
    },
  });
  return { csv, rows: items.length, fileName: `vault-holders-${ctx.sponsor.sponsorCode}-${new Date().toISOString().slice(0, 10)}.csv` };
}

/** The list's other filters that are set, as the audit entry records them. */
export const pickFilters = (f: HolderListFilters): HolderListFilters =>
  Object.fromEntries(LIST_FILTER_KEYS.filter((k) => f[k] !== undefined).map((k) => [k, f[k]])) as HolderListFilters;
