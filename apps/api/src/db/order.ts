import type { SortQuery } from '@vault/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * ORDER BY of a sorted list: the chosen column from the list's own whitelist (`columns`, never
 * SQL from input), then `id` in the same direction so that equal values keep one order from page
 * to page. Empty values come first going up and last going down: the indexes that serve a sort
 * are built `NULLS FIRST`, so either direction is one scan of them. No `sortBy`: `fallback`.
 */
export function sortOrder<F extends string>(
  sort: SortQuery<F> | undefined,
  columns: Record<F, AnyColumn | SQL>,
  id: AnyColumn,
  fallback: SQL[],
): SQL[] {
  if (!sort?.sortBy) return fallback;
  const column = columns[sort.sortBy];
  return sort.sortDir === 'desc' ? [sql`${column} desc nulls last`, sql`${id} desc`] : [sql`${column} asc nulls first`, sql`${id} asc`];
}
