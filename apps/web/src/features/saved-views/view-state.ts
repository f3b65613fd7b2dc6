import type { SavedViewState } from '@vault/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ListViews } from '../../lib/list-state';
import { parseSort } from '../../lib/page-param';

/** The URL parameter that asks a list to open a saved view (not `view`: the representatives list has one). */
export const SAVED_VIEW_PARAM = 'savedView';

export interface ViewState {
  /** The search, filters, sort and columns the URL holds now. */
  state: SavedViewState;
  /** Whether the URL holds a search, filter, sort or column choice (a list opened without: the default view applies). */
  hasState: boolean;
  /** The view the URL asks to open (`savedView=<id>`), until it is applied. */
  requested: number | null;
  /** Puts a view's state in the URL in place of the list's, from the first page. */
  apply: (state: SavedViewState, opts?: { replace?: boolean }) => void;
}

/**
 * A list's state as a saved view holds it, read from and written to the URL parameters the list
 * kit keeps (lib/list-state.ts): `field`/`q`, `sort`/`dir`, `cols`, the list's own filters, `page`.
 */
export function useViewState(list: ListViews): ViewState {
  const { prefix, columns: all, visible, sortable, filters } = list;
  const [params, setParams] = useSearchParams();
  const name = (k: string) => `${prefix}${k}`;
  const field = params.get(name('field'));
  const q = params.get(name('q'));
  const sort = parseSort(params.get(name('sort')), params.get(name('dir')), sortable);
  const sortBy = sort?.sortBy;
  const sortDir = sort?.sortDir;
  const cols = params.get(name('cols'));
  const requested = Number(params.get(name(SAVED_VIEW_PARAM)));
  // One string for the filters' values: `params` itself is a new object on every navigation.
  const filterKey = JSON.stringify(filters.map((f) => params.getAll(f).filter((v) => v !== '')));

  const state = useMemo<SavedViewState>(() => {
    const s: SavedViewState = {};
    if (field && q) s.search = { fieldName: field, fieldValue: q };
    const values = JSON.parse(filterKey) as string[][];
    const kept = Object.fromEntries(
      filters.flatMap((f, i) => {
        const v = values[i] ?? [];
        return v.length === 0 ? [] : [[f, v.length === 1 ? v[0]! : v]];
      }),
    );
    if (Object.keys(kept).length > 0) s.filters = kept;
    if (sortBy && sortDir) s.sort = { sortBy, sortDir };
    // A list without column options (one set of columns) keeps none.
    if (all.length > 1) s.columns = [...visible];
    return s;
  }, [field, q, filterKey, filters, sortBy, sortDir, all, visible]);

  const apply = useCallback(
    (view: SavedViewState, { replace = false }: { replace?: boolean } = {}) => {
      const changes: Record<string, string | null> = {
        [`${prefix}page`]: null,
        [`${prefix}${SAVED_VIEW_PARAM}`]: null,
        [`${prefix}field`]: view.search?.fieldValue ? view.search.fieldName : null,
        [`${prefix}q`]: view.search?.fieldValue || null,
        [`${prefix}sort`]: view.sort?.sortBy ?? null,
        [`${prefix}dir`]: view.sort?.sortDir === 'desc' ? 'desc' : null,
        // A column the list no longer has is left out: a stale view still opens.
        [`${prefix}cols`]: view.columns?.filter((c) => all.includes(c)).join(',') || null,
      };
      for (const f of filters) changes[f] = null;
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null) next.delete(k);
            else next.set(k, v);
          }
          for (const [f, v] of Object.entries(view.filters ?? {}))
            if (filters.includes(f)) for (const one of Array.isArray(v) ? v : [v]) next.append(f, one);
          return next;
        },
        { replace },
      );
    },
    [prefix, all, filters, setParams],
  );

  return {
    state,
    hasState: Boolean((field && q) || sort || cols || state.filters),
    requested: Number.isSafeInteger(requested) && requested > 0 ? requested : null,
    apply,
  };
}
