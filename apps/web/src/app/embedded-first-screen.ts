import { FIRST_SCREEN_DATA_ID } from '@vault/contract/constants';
import { vaultListKeyFor } from '../features/vaults/list-prefetch';
import { queryClient } from '../lib/query-client';
import { getSponsor, getToken } from '../lib/session';

/** What the server put beside the first screen's markup (decision 0051). */
interface EmbeddedFirstScreen {
  sponsorId: number;
  /** The path and query the server drew. */
  path: string;
  list: unknown;
}

/**
 * The first screen the server sent, when it is this page's and this session's: its rows go into the
 * query cache (the app then hydrates the markup instead of drawing it). Otherwise the markup is
 * removed and the app draws the screen itself. Reads the element once and removes it.
 */
export function takeEmbeddedFirstScreen(url: URL, root: HTMLElement): boolean {
  const element = document.getElementById(FIRST_SCREEN_DATA_ID);
  if (!element) return false;
  element.remove();
  let data: EmbeddedFirstScreen | null = null;
  try {
    data = JSON.parse(element.textContent ?? '') as EmbeddedFirstScreen;
  } catch {
    data = null;
  }
  const ours =
    data !== null && Boolean(getToken()) && getSponsor().sponsorId === data.sponsorId && `${url.pathname}${url.search}` === data.path;
  if (!data || !ours) {
    root.replaceChildren();
    return false;
  }
  queryClient.setQueryData(vaultListKeyFor(url, data.sponsorId), data.list);
  return true;
}
