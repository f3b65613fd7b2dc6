import { FIRST_SCREEN_DATA_ID } from '@vault/contract/constants';
import { firstVaultListUrl } from '../features/vaults/list-request';
import { startEarlyGet } from '../lib/http';
import { readSponsor, readToken } from '../lib/saved-session';

/**
 * With a saved session and sponsor, starts the GET of the vault list page this address shows (the
 * screen most users land on); `api()` hands its answer to the list's query. Other screens wait for
 * their code as before, and a page the server sent with its rows needs no request (decision 0051).
 */
export function startFirstScreenRequests(url: URL) {
  const token = readToken();
  const list = token && !document.getElementById(FIRST_SCREEN_DATA_ID) ? firstVaultListUrl(url, readSponsor().sponsorId) : null;
  if (token && list) startEarlyGet(list, token);
}
