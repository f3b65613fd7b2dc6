import type { SessionUser } from '@vault/contract';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { FirstCommit } from '../app/first-commit';
import { Providers } from '../app/providers';
import { routes } from '../app/route-table';
import { takeServerMaskRules } from '../components/light/MaskIcon';
import { vaultListKeyFor } from '../features/vaults/list-prefetch';
import { firstVaultListUrl } from '../features/vaults/list-request';
import { holdBackgroundCallsUntil } from '../lib/first-screen';
import { columnsStorageKey, VAULT_LIST_KEY } from '../lib/first-screen-cookie';
import { createQueryClient } from '../lib/query-client';
import { KEYS } from '../lib/saved-session';
import { reloadSession } from '../lib/session';
import { memoryStorage } from './memory-storage';

/**
 * The vault list's first screen rendered on the server (decision 0051): the API serves it inside
 * index.html, and the browser's app hydrates it instead of drawing it again.
 */

export { firstVaultListUrl };

export interface FirstScreenInput {
  /** The page's address (origin, path and query). */
  url: string;
  token: string;
  user: SessionUser;
  sponsor: { sponsorId: number; sponsorCode: string };
  /** The vault list's remembered columns, as the browser keeps them (null: none chosen). */
  columns: string[] | null;
  /** The answer of the GET firstVaultListUrl names, as the API gave it to this token. */
  list: unknown;
}

// The browser holds the shell's background calls while it hydrates; the server never makes them.
holdBackgroundCallsUntil(new Promise(() => {}));

const handler = createStaticHandler(routes);
const LOCAL_TIME_COLUMNS = new Set(['lastLoginAt']);

/** The first screen's markup and the icon rules it uses (CSS), or null when this address is not the vault list the server can draw. */
export async function renderFirstScreen(input: FirstScreenInput): Promise<{ html: string; css: string } | null> {
  const url = new URL(input.url);
  if (!firstVaultListUrl(url, input.sponsor.sponsorId)) return null;
  // Times are written in the browser's time zone, which the server does not know: a list showing
  // one is drawn by the browser.
  const columns = url.searchParams.get('cols')?.split(',') ?? input.columns ?? [];
  if (columns.some((c) => LOCAL_TIME_COLUMNS.has(c))) return null;
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;

  const client = createQueryClient();
  client.setQueryData(vaultListKeyFor(url, input.sponsor.sponsorId), input.list);
  const router = createStaticRouter(handler.dataRoutes, context);

  // The app reads the saved session from storage, as in the browser. A render is synchronous, so
  // no other request's storage can be in place meanwhile.
  const g = globalThis as { localStorage?: Storage; sessionStorage?: Storage };
  const saved = { local: g.localStorage, session: g.sessionStorage };
  g.localStorage = memoryStorage({
    [KEYS.token]: input.token,
    [KEYS.user]: JSON.stringify(input.user),
    [KEYS.sponsor]: JSON.stringify(input.sponsor),
    ...(input.columns ? { [columnsStorageKey(VAULT_LIST_KEY)]: JSON.stringify(input.columns) } : {}),
  });
  g.sessionStorage = memoryStorage({});
  try {
    reloadSession();
    takeServerMaskRules();
    const html = renderToString(
      <StrictMode>
        <Providers client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
          <FirstCommit />
        </Providers>
      </StrictMode>,
    );
    return { html, css: takeServerMaskRules() };
  } finally {
    g.localStorage = saved.local;
    g.sessionStorage = saved.session;
    reloadSession();
  }
}
