import type { HolderListFilters } from '@vault/contract';
import { PAGE_SIZE } from '@vault/contract/constants';
import { VAULT_SORT_FIELDS } from '@vault/contract/vault-constants';
import { buildUrl } from '../../lib/http';
import { parsePage, parseSort } from '../../lib/page-param';

// Without React or zod: the entry uses this to start the first screen's request early.

export const VAULT_LIST_PATH = '/api/v1/vaultholders';

/** The query of the vault list's GET (no search); the order of its keys makes the address. */
export const vaultListGetQuery = (sponsorId: number, offset: number, limit: number) => ({ limit, offset, sponsorId });

/**
 * The URL parameters of the vault list's filters beside the search (decision 0048): creation days
 * `from`/`to` (UTC, both included), `packageId` (exactly that package) and `activated` (yes/no).
 * The Overview's figures link to them; saved views keep them.
 */
export const VAULT_LIST_FILTERS = ['from', 'to', 'packageId', 'activated'] as const;

const isDay = (s: string | null): s is string => {
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
};

/** The filters this address holds, in the order the list's query sends them; null for none. Unreadable values are left out. */
export function vaultListFilters(params: URLSearchParams): HolderListFilters | null {
  const f: HolderListFilters = {};
  const from = params.get('from');
  const to = params.get('to');
  if (isDay(from)) f.createdFrom = from;
  if (isDay(to)) f.createdTo = to;
  const pkg = params.get('packageId');
  if (pkg && /^[1-9]\d{0,8}$/.test(pkg)) f.packageId = Number(pkg);
  const activated = params.get('activated');
  if (activated === 'yes' || activated === 'no') f.activated = activated;
  return Object.keys(f).length > 0 ? f : null;
}

/**
 * The address of the GET the vault list makes for this page address, when it shows the list without
 * a search (the usual first screen), in the address's sort and filters; null for any other screen
 * or a search (a POST) or every portal's list.
 */
export function firstVaultListUrl(url: URL, sponsorId: number): string | null {
  // Every portal's list (`all=1`, staff) is read only once the screen knows who is signed in.
  if (url.pathname !== '/' || url.searchParams.get('field') || url.searchParams.get('all') === '1' || sponsorId <= 0) return null;
  const offset = (parsePage(url.searchParams.get('page')) - 1) * PAGE_SIZE;
  const sort = parseSort(url.searchParams.get('sort'), url.searchParams.get('dir'), VAULT_SORT_FIELDS);
  // The same keys in the same order as the list's query sends, so the list takes this answer.
  return buildUrl(VAULT_LIST_PATH, { ...vaultListGetQuery(sponsorId, offset, PAGE_SIZE), ...sort, ...vaultListFilters(url.searchParams) });
}
