import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FIRST_SCREEN_COOKIE, FIRST_SCREEN_DATA_ID } from '@vault/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** What the portal's build exports for the server (apps/web/src/server/render-first-screen.tsx). */
interface FirstScreenRenderer {
  firstVaultListUrl(url: URL, sponsorId: number): string | null;
  renderFirstScreen(input: {
    url: string;
    token: string;
    user: unknown;
    sponsor: { sponsorId: number; sponsorCode: string };
    columns: string[] | null;
    list: unknown;
  }): Promise<{ html: string; css: string } | null>;
}

/** The cookie the portal writes (lib/first-screen-cookie.ts); anything else is ignored. */
const cookieValue = z
  .object({
    token: z.string().min(1).max(256),
    sponsorId: z.number().int().positive().max(2_147_483_647),
    sponsorCode: z.string().max(100),
    columns: z.array(z.string().max(64)).max(32).nullable(),
  })
  .strict();

/** JSON that can sit inside a script element: no `</script>`, no HTML comment, no line separators JavaScript would choke on. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const ROOT = '<div id="root"></div>';

/**
 * The vault list's first screen with its rows, drawn by the server (decision 0051), for a GET of the
 * list's address whose cookie names a live session and a portal it may open. The rows and the user
 * come from the API's own routes, called in-process with the cookie's token as a browser would call
 * them, so the session, portal and permission checks are theirs. Null means: send index.html as it is.
 */
export function firstScreenPages(app: FastifyInstance, dist: string) {
  const setting = app.config.FIRST_SCREEN_RENDERER;
  const path = setting ?? join(dist, '../dist-ssr/render-first-screen.js');
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  if (setting === 'off' || !index.includes(ROOT)) return null;
  if (!existsSync(path)) {
    app.log.warn(`No first screen renderer at ${path}: the browser draws the first screen.`);
    return null;
  }
  // Loaded while the server starts, not on the first visitor's request.
  const loading = import(pathToFileURL(resolve(path)).href).then(
    (m) => m as FirstScreenRenderer,
    (err: unknown) => {
      app.log.error({ err }, 'The first screen renderer did not load; the portal is sent without it.');
      return null;
    },
  );

  return async (request: FastifyRequest): Promise<string | null> => {
    const raw = request.cookies[FIRST_SCREEN_COOKIE];
    if (!raw) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return null;
    }
    const cookie = cookieValue.safeParse(parsed);
    const renderer = await loading;
    if (!cookie.success || !renderer) return null;
    const { token, sponsorId, sponsorCode, columns } = cookie.data;
    const url = new URL(request.url, 'http://portal.invalid');
    const listUrl = renderer.firstVaultListUrl(url, sponsorId);
    if (!listUrl) return null;

    const call = (target: string) =>
      app.inject({
        method: 'GET',
        url: target,
        remoteAddress: request.ip,
        headers: { authorization: `Bearer ${token}`, 'user-agent': request.headers['user-agent'] ?? '' },
      });
    const [me, list] = await Promise.all([call('/api/v1/authentication/me'), call(listUrl)]);
    if (me.statusCode !== 200 || list.statusCode !== 200) return null;
    const listBody: unknown = list.json();
    const screen = await renderer.renderFirstScreen({
      url: url.href,
      token,
      user: (me.json() as { user: unknown }).user,
      sponsor: { sponsorId, sponsorCode },
      columns,
      list: listBody,
    });
    if (!screen) return null;
    const data = scriptJson({ sponsorId, path: `${url.pathname}${url.search}`, list: listBody });
    // Functions, not strings: a `$&` or `$'` in a holder's name must stay text, not a replacement pattern.
    return index
      .replace('</head>', () => `<style data-mask-icons-server>${screen.css}</style></head>`)
      .replace(
        ROOT,
        () => `<div id="root">${screen.html}</div><script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${data}</script>`,
      );
  };
}
