import { PAGE_SIZE } from '@vault/contract/constants';
import { VAULT_SORT_FIELDS } from '@vault/contract/vault-constants';
import { buildUrl } from '../../lib/http';
import { parsePage, parseSort } from '../../lib/page-param';

// Without React or zod: the entry uses this to start the first screen's request early.

export const VAULT_LIST_PATH = '/api/v1/vaultholders';

/** The query of the vault list's GET (no search); the order of its keys makes the address. */
export const vaultListGetQuery = (sponsorId: number, offset: number, limit: number) => ({ limit, offset, sponsorId });

/**
 * The address of the GET the vault list makes for this page address, when it shows the list without
 * a search (the usual first screen), in the address's sort; null for any other screen or a search
 * (a POST).
 */
export function firstVaultListUrl(url: URL, sponsorId: number): string | null {
  if (url.pathname !== '/' || url.searchParams.get('field') || sponsorId <= 0) return null;
  const offset = (parsePage(url.searchParams.get('page')) - 1) * PAGE_SIZE;
  const sort = parseSort(url.searchParams.get('sort'), url.searchParams.get('dir'), VAULT_SORT_FIELDS);
  // The same keys in the same order as the list's query sends, so the list takes this answer.
  return buildUrl(VAULT_LIST_PATH, { ...vaultListGetQuery(sponsorId, offset, PAGE_SIZE), ...sort });
}
