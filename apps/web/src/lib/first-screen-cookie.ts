import { FIRST_SCREEN_COOKIE } from '@vault/contract/constants';
import { readSponsor, readToken, storage } from './saved-session';

/** The vault list's key in the list-state hook: its remembered columns decide the first screen's table. */
export const VAULT_LIST_KEY = 'vault-holders';
export const columnsStorageKey = (key: string) => `list_columns:${key}`;

/**
 * What the server needs to send the vault list's first screen with its rows (decision 0051), as the
 * browser keeps it: the session's token, the chosen sponsor and the list's remembered columns. The
 * token is already readable by the page (localStorage, specification section 3), so the cookie adds
 * no reader; SameSite=Strict keeps it off requests another site starts.
 */
export function saveFirstScreenCookie() {
  if (typeof window === 'undefined') return;
  const token = readToken();
  const { sponsorId, sponsorCode } = readSponsor();
  if (!token || sponsorId <= 0) {
    writeCookie('; Max-Age=0');
    return;
  }
  let columns: unknown = null;
  try {
    columns = JSON.parse(storage()?.getItem(columnsStorageKey(VAULT_LIST_KEY)) ?? 'null');
  } catch {
    columns = null;
  }
  writeCookie('', encodeURIComponent(JSON.stringify({ token, sponsorId, sponsorCode, columns: Array.isArray(columns) ? columns : null })));
}

function writeCookie(attributes: string, value = '') {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the portal supports (Safari before 18.4, Firefox before 140).
  document.cookie = `${FIRST_SCREEN_COOKIE}=${value}; Path=/; SameSite=Strict${secure}${attributes}`;
}
