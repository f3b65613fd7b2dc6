import type { SortDir } from '@vault/contract';

// A list's page and sort as the address keeps them, read without React: the entry uses them.

/** Parses `page` from the URL: a positive integer, otherwise 1. */
export function parsePage(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** A list's sort as the API takes it (`sortBy`, `sortDir`). */
export interface ListSort {
  sortBy: string;
  sortDir: SortDir;
}

/** Reads `sort` and `dir` from the URL: a sortable column, ascending unless `dir=desc`; otherwise null. */
export function parseSort(by: string | null, dir: string | null, sortable: readonly string[] = []): ListSort | null {
  if (!by || !sortable.includes(by)) return null;
  return { sortBy: by, sortDir: dir === 'desc' ? 'desc' : 'asc' };
}
