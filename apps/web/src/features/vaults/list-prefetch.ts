import { type HolderListFilters, PAGE_SIZE, VAULT_SEARCH_FIELDS, VAULT_SORT_FIELDS, type VaultSearchBody } from '@vault/contract';
import { type ListSort, parsePage, parseSort } from '../../lib/list-state';
import { queryClient } from '../../lib/query-client';
import { getSponsor, getToken } from '../../lib/session';
import { vaultKeys, vaultListQuery } from './api';
import { vaultListFilters } from './list-request';

/** The page, search and sort the vault list shows for this address (as useListState and the screen read them). */
export function vaultListParams(url: URL): {
  offset: number;
  limit: number;
  search: VaultSearchBody | null;
  sort: ListSort | null;
  filters: HolderListFilters | null;
} {
  const field = url.searchParams.get('field');
  const search =
    field && (VAULT_SEARCH_FIELDS as readonly string[]).includes(field)
      ? ({ fieldName: field, fieldValue: url.searchParams.get('q') ?? '' } as VaultSearchBody)
      : null;
  return {
    offset: (parsePage(url.searchParams.get('page')) - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    search,
    sort: parseSort(url.searchParams.get('sort'), url.searchParams.get('dir'), VAULT_SORT_FIELDS),
    filters: vaultListFilters(url.searchParams),
  };
}

/** The query key of the rows this address shows in this portal: where an answer the page already holds goes. */
export function vaultListKeyFor(url: URL, sponsorId: number) {
  const { offset, limit, search, sort, filters } = vaultListParams(url);
  return vaultKeys.list(sponsorId, offset, limit, search, sort, filters);
}

/**
 * Asks for the rows this address shows (or joins the request already under way) into the cache the
 * screen reads; its promise, or null without a session or a chosen sponsor.
 */
export function fetchVaultListFor(url: URL): Promise<void> | null {
  const { sponsorId } = getSponsor();
  if (!getToken() || sponsorId <= 0 || url.searchParams.get('all') === '1') return null;
  const { offset, limit, search, sort, filters } = vaultListParams(url);
  return queryClient.prefetchQuery(vaultListQuery(sponsorId, offset, limit, search, sort, filters));
}
