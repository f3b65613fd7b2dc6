import { PAGE_SIZE, type SearchBody } from '@vault/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { saveFirstScreenCookie, columnsStorageKey as storageKey, VAULT_LIST_KEY } from './first-screen-cookie';
import { type ListSort, parsePage, parseSort } from './page-param';

export interface ListStateOptions {
  /** Names the list; its chosen columns are remembered in localStorage under this key. */
  key: string;
  /** Every column the list can show, in order. */
  columns: readonly string[];
  /** Columns shown when the user has not chosen (defaults to all). */
  defaultColumns?: readonly string[];
  /** Prefix for the URL parameters when two lists share a page. */
  prefix?: string;
  pageSize?: number;
  /** The columns the server can sort this list by (its `sortBy` values); none: the list is not sortable. */
  sortable?: readonly string[];
  /** The URL parameters of the list's own filters (useListFilters), which a saved view keeps too. */
  filters?: readonly string[];
}

/**
 * What the "Views" menu needs to know of a list (issue 35 part 4): which list it is and which URL
 * parameters hold its state. The menu reads and writes them itself (features/saved-views), so
 * that code stays off the first screen.
 */
export interface ListViews {
  /** The list's key: its saved views are kept under it. */
  key: string;
  prefix: string;
  /** Every column, and the ones shown now (from the URL or remembered). */
  columns: readonly string[];
  visible: readonly string[];
  sortable: readonly string[] | undefined;
  /** The URL parameters of the list's own filters. */
  filters: readonly string[];
}

export interface ListState {
  /** 1-based page. */
  page: number;
  offset: number;
  limit: number;
  search: SearchBody | null;
  columns: string[];
  /** The chosen sort, or null for the list's own order. */
  sort: ListSort | null;
  setPage: (page: number) => void;
  /** Sorts by a column (null: back to the list's own order), from the first page. */
  setSort: (sort: ListSort | null) => void;
  setSearch: (search: SearchBody | null) => void;
  setColumns: (columns: string[]) => void;
  isVisible: (column: string) => boolean;
  views: ListViews;
}

const NO_FILTERS: readonly string[] = [];

function rememberedColumns(key: string, all: readonly string[]): string[] | null {
  try {
    const raw = localStorage.getItem(storageKey(key));
    if (!raw) return null;
    const parsed = JSON.parse(raw);
    if (!Array.isArray(parsed)) return null;
    const cols = parsed.filter((c): c is string => typeof c === 'string' && all.includes(c));
    return cols.length > 0 ? cols : null;
  } catch {
    return null;
  }
}

export { type ListSort, parsePage, parseSort };

/**
 * Page (1-based), search {fieldName, fieldValue}, sort and visible columns of a list, kept in the URL
 * so that reload, back and shared links show the same rows; columns are also remembered per list.
 */
export function useListState(opts: ListStateOptions): ListState {
  const { key, columns: all, defaultColumns, prefix = '', pageSize = PAGE_SIZE, sortable, filters = NO_FILTERS } = opts;
  const [params, setParams] = useSearchParams();
  const p = {
    page: `${prefix}page`,
    field: `${prefix}field`,
    q: `${prefix}q`,
    cols: `${prefix}cols`,
    sort: `${prefix}sort`,
    dir: `${prefix}dir`,
  };

  const page = parsePage(params.get(p.page));
  const field = params.get(p.field);
  const value = params.get(p.q);
  const search = useMemo(() => (field ? { fieldName: field, fieldValue: value ?? '' } : null), [field, value]);

  const sortBy = params.get(p.sort);
  const sortDir = params.get(p.dir);
  const sort = useMemo(() => parseSort(sortBy, sortDir, sortable), [sortBy, sortDir, sortable]);

  const colsParam = params.get(p.cols);
  const columns = useMemo(() => {
    const fromUrl = colsParam
      ?.split(',')
      .map((c) => c.trim())
      .filter((c) => all.includes(c));
    if (fromUrl && fromUrl.length > 0) return fromUrl;
    return rememberedColumns(key, all) ?? [...(defaultColumns ?? all)];
  }, [colsParam, all, defaultColumns, key]);

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null || v === '') next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  const setPage = useCallback((n: number) => update({ [p.page]: n > 1 ? String(n) : null }), [update, p.page]);

  const setSearch = useCallback(
    (s: SearchBody | null) =>
      update({
        [p.field]: s && s.fieldValue.trim() !== '' ? s.fieldName : null,
        [p.q]: s && s.fieldValue.trim() !== '' ? s.fieldValue.trim() : null,
        [p.page]: null,
      }),
    [update, p.field, p.q, p.page],
  );

  const setSort = useCallback(
    (s: ListSort | null) => update({ [p.sort]: s?.sortBy ?? null, [p.dir]: s && s.sortDir === 'desc' ? 'desc' : null, [p.page]: null }),
    [update, p.sort, p.dir, p.page],
  );

  const setColumns = useCallback(
    (cols: string[]) => {
      const ordered = all.filter((c) => cols.includes(c));
      try {
        localStorage.setItem(storageKey(key), JSON.stringify(ordered));
        if (key === VAULT_LIST_KEY) saveFirstScreenCookie();
      } catch {
        // Storage full or disabled: the URL still keeps the choice.
      }
      update({ [p.cols]: ordered.join(',') }, true);
    },
    [all, key, update, p.cols],
  );

  const isVisible = useCallback((c: string) => columns.includes(c), [columns]);

  const views = useMemo<ListViews>(
    () => ({ key, prefix, columns: all, visible: columns, sortable, filters }),
    [key, prefix, all, columns, sortable, filters],
  );

  return {
    page,
    offset: (page - 1) * pageSize,
    limit: pageSize,
    search,
    columns,
    sort,
    setPage,
    setSearch,
    setSort,
    setColumns,
    isVisible,
    views,
  };
}

/**
 * The URL query of a list's own filters (dates, reason, status…), and its updater: a null or empty
 * value removes the parameter, and any change starts again at page 1 unless `keepPage`
 * (specification section 4). useListState reads the page from the same URL.
 */
export function useListFilters() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>, keepPage = false) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null || v === '') next.delete(k);
        else next.set(k, v);
      }
      if (!keepPage) next.delete('page');
      return next;
    });
  return { params, update };
}
