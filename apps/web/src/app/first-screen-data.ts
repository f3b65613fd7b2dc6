import { fetchVaultListFor } from '../features/vaults/list-prefetch';

/** A first screen whose answer never comes does not hold the background calls back longer than this. */
const MAX_HOLD_MS = 3_000;

/**
 * The data the first screen shows, when this address is the vault list with a saved session and
 * sponsor (its request, started by main.tsx before this code loaded, is joined): settles when the
 * rows are in the query cache or the request failed, or after MAX_HOLD_MS. Null for other screens.
 */
export function firstScreenData(url: URL): Promise<void> | null {
  const rows = url.pathname === '/' ? fetchVaultListFor(url) : null;
  if (!rows) return null;
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, MAX_HOLD_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    rows.then(done, done);
  });
}

/**
 * How long the first render waits for the rows. Their answer has often arrived while the app's code
 * was evaluated, but reading and parsing it takes a few more tasks; rendering first draws the whole
 * page empty and then again with the rows (a second render and layout, 60 ms and more on a busy
 * machine). A later answer holds the screen back no longer than this.
 */
export const FIRST_ROWS_WAIT_MS = 50;

/** Settles when `data` does, or after FIRST_ROWS_WAIT_MS. */
export const soonAfter = (data: Promise<void>): Promise<void> =>
  Promise.race([data, new Promise<void>((resolve) => setTimeout(resolve, FIRST_ROWS_WAIT_MS))]);
