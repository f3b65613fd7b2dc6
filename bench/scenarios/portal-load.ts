import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as viteBuild } from 'vite';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import type { Database } from '../../apps/api/src/db/client.js';
import { launchBenchChromium } from '../chromium.js';
import type { Dataset } from '../dataset.js';
import { type BenchRow, type BenchSponsor, call, median, percentile, signIn } from '../lib.js';
import { startServer, stopServer } from '../server-process.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const WEB_DIST = join(ROOT, 'apps/web/dist');
/** The server's renderer of the first screen (decision 0051), as the build leaves it. */
const RENDERER = join(ROOT, 'apps/web/dist-ssr/render-first-screen.js');
const LOAD_BUDGET = '< 200 KB gzip JS+CSS';
const ROW_BUDGET = 'median < 300 ms';

/**
 * The bare page: the same list call the portal makes for its first screen, its rows put in a table,
 * nothing else. Served by the same server as the portal (a script file: the CSP forbids inline ones).
 */
export const BARE_HTML =
  '<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body><table><tbody id="rows"></tbody></table><script src="/bare-list.js"></script></body></html>';
export const BARE_JS = `const s = JSON.parse(localStorage.getItem('session_sponsor'));
fetch('/api/v1/vaultholders?limit=20&offset=0&sponsorId=' + s.sponsorId, { headers: { authorization: 'Bearer ' + localStorage.getItem('access_token') } })
  .then((r) => r.json())
  .then((page) => {
    const body = document.getElementById('rows');
    for (const h of page.data) {
      const tr = body.insertRow();
      tr.insertCell().textContent = h.email;
      tr.insertCell().textContent = h.firstName + ' ' + h.lastName;
    }
  });`;

/**
 * The smallest React page making the same call: React 19 and nothing else (no router, query cache,
 * component library or shell), its rows in a table of the vault list's nine columns. Not a budget:
 * it shows how much of the portal's time React itself takes on this machine.
 */
const MINIMAL_REACT_JS = `import { createElement as h, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
const s = JSON.parse(localStorage.getItem('session_sponsor'));
const rows = fetch('/api/v1/vaultholders?limit=20&offset=0&sponsorId=' + s.sponsorId, { headers: { authorization: 'Bearer ' + localStorage.getItem('access_token') } })
  .then((r) => r.json());
function Page() {
  const [page, setPage] = useState(null);
  useEffect(() => void rows.then(setPage), []);
  if (!page) return null;
  return h('table', null, h('tbody', null, page.data.map((x) => h('tr', { key: x.id },
    h('td', null, h('input', { type: 'checkbox', 'aria-label': 'Select' })),
    h('td', null, h('a', { href: '/vault/' + x.id }, x.id)),
    h('td', null, h('a', { href: '/vault/' + x.id }, x.firstName + ' ' + x.lastName)),
    h('td', null, x.email), h('td', null, x.statusId), h('td', null, x.packageName), h('td', null, x.createdAt),
    h('td', null, x.lastLoginAt), h('td', null, h('a', { href: '/vault/' + x.id }, 'Open'), h('button', { type: 'button' }, 'Actions'))))));
}
createRoot(document.getElementById('root')).render(h(Page));`;

/** Builds the minimal React page (production React, minified) into `dist` as /minimal-react.html. */
async function buildMinimalReact(dist: string) {
  // Inside the repository, so that the page's imports resolve to its React.
  const src = join(ROOT, 'bench/.data/minimal-react');
  await mkdir(src, { recursive: true });
  await writeFile(join(src, 'main.js'), MINIMAL_REACT_JS);
  await writeFile(
    join(src, 'minimal-react.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>minimal React</title><script type="module" src="./main.js"></script></head><body><div id="root"></div></body></html>',
  );
  await viteBuild({
    configFile: false,
    root: src,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir: join(src, 'dist'),
      emptyOutDir: true,
      assetsDir: 'minimal-react',
      rolldownOptions: { input: join(src, 'minimal-react.html') },
    },
  });
  await cp(join(src, 'dist'), dist, { recursive: true });
}

/** Runs in the page before its scripts: notes when the first table row holding an e-mail appears. */
const WATCH_FIRST_ROW = `(() => {
  // A hydration that does not match is reported here, and React then draws the page again.
  window.__errors = 0;
  addEventListener('error', () => { window.__errors += 1; });
  const cell = () => [...document.querySelectorAll('tbody tr td')].find((td) => td.textContent.includes('@'));
  // Painted: the frame after a change has been drawn (its rendering runs before the next task).
  const afterPaint = (key) => requestAnimationFrame(() => setTimeout(() => { window[key] = performance.now(); }, 0));
  // Live: React owns the row (it drew it, or hydrated the server's), so its buttons and links answer.
  const live = (el) => Object.keys(el).some((k) => k.startsWith('__reactFiber'));
  const watchLive = (el) => {
    if (live(el)) afterPaint('__live');
    else setTimeout(() => watchLive(el), 2);
  };
  new MutationObserver((_, observer) => {
    const found = window.__firstRow === undefined && cell();
    if (found) {
      window.__firstRow = performance.now();
      observer.disconnect();
      afterPaint('__rowPainted');
      watchLive(found);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/** Runs in the page once the row showed: its time, and the requests made up to then. */
const READ_LOAD = `(() => {
  const at = window.__firstRow;
  const nav = performance.getEntriesByType('navigation')[0];
  const res = performance.getEntriesByType('resource').filter((r) => r.startTime <= at);
  const path = (r) => new URL(r.name).pathname;
  return {
    firstRow: at,
    live: window.__live,
    rowPainted: window.__rowPainted,
    errors: window.__errors,
    requests: res.length + 1,
    transferred: nav.transferSize + res.reduce((s, r) => s + r.transferSize, 0),
    scripts: res.filter((r) => path(r).endsWith('.js')).map(path),
    styles: res.filter((r) => path(r).endsWith('.css')).map(path),
  };
})()`;

interface Load {
  firstRow: number;
  /** When the first row was on screen (the frame after it came was drawn). */
  rowPainted: number;
  /** When React owned the first row and that frame was drawn: the rows answer clicks. */
  live: number;
  /** Errors the page reported (a hydration mismatch is one). */
  errors: number;
  requests: number;
  transferred: number;
  scripts: string[];
  styles: string[];
}

/**
 * A second app on `database` serving a copy of the built portal at `from` with the bare page beside
 * it (the portal-load scenario and bench/profile-first-row.ts), and any pages `addPages` writes into
 * the copy. Close the app and remove `dist` after.
 */
export async function serveWithBarePage(
  from: string,
  database: Database,
  env: Record<string, string> = {},
  addPages?: (dist: string) => Promise<void>,
) {
  // Before the app starts: it serves the files it finds then.
  const dist = await portalWithBarePage(from, addPages);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    WEB_DIST: dist,
    PUBLIC_URL: 'http://127.0.0.1:8080',
    ...env,
  } as NodeJS.ProcessEnv);
  const app = await buildApp({ config, database, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base, dist };
}

/** The bare page and the portal's extra pages beside a copy of the built portal, for a server to serve. */
async function portalWithBarePage(from: string, addPages?: (dist: string) => Promise<void>) {
  const dist = await mkdtemp(join(tmpdir(), 'bench-web-'));
  await cp(from, dist, { recursive: true });
  await writeFile(join(dist, 'bare.html'), BARE_HTML);
  await writeFile(join(dist, 'bare-list.js'), BARE_JS);
  await addPages?.(dist);
  return dist;
}

/**
 * DESIGN 7 and issue 36, browser: cold navigation (new browser context each time, empty cache) to
 * the vault list of the largest sponsor with a saved session, until the first vault row shows; the
 * same for a bare page making the same API call, and for the minimal React page (diagnostic),
 * alternating, at least 15 of each. All three are served by one production server process of their
 * own (the compiled API with the README's flags, so the same headers: CSP, COOP, compression), not by
 * this process, which drives Chromium and times. Also the first screen's files: count, transferred
 * bytes, and the gzip size of its JavaScript and CSS (the budget's measure) from the build's .gz copies.
 */
export async function portalLoad(
  dataset: Pick<Dataset, 'location'>,
  opts: { sponsors: BenchSponsor[]; credentials: { username: string; password: string }; scale: number },
): Promise<BenchRow[]> {
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`portal build failed: ${built.stderr.slice(-400)}`);
  const dist = await portalWithBarePage(WEB_DIST, buildMinimalReact);
  const { child, baseUrl: base } = await startServer(dataset.location, opts.credentials.username, {
    WEB_DIST: dist,
    FIRST_SCREEN_RENDERER: RENDERER,
  });
  const browser = await launchBenchChromium();
  try {
    const staff = await signIn(base, opts.credentials);
    const big = opts.sponsors[0]!;
    const { user } = (await call({ baseUrl: base }, '/api/v1/authentication/me', { headers: staff })) as { user: unknown };
    const storage = {
      access_token: staff.authorization!.replace(/^Bearer /, ''),
      session_user: JSON.stringify(user),
      session_sponsor: JSON.stringify({ sponsorId: big.id, sponsorCode: big.sponsorCode }),
    };
    // What the portal writes once it has shown a screen (lib/first-screen-cookie.ts): with it the server
    // sends the first screen with its rows; without it (a first visit) the browser draws them.
    const firstScreen = encodeURIComponent(
      JSON.stringify({ token: storage.access_token, sponsorId: big.id, sponsorCode: big.sponsorCode, columns: null }),
    );
    const load = async (path: string, drawnByServer = path === '/'): Promise<Load> => {
      const context = await browser.newContext();
      try {
        await context.addCookies([
          { name: 'XSRF-TOKEN', value: staff['x-xsrf-token']!, url: base },
          ...(drawnByServer ? [{ name: 'vault_first_screen', value: firstScreen, url: base, sameSite: 'Strict' as const }] : []),
        ]);
        await context.addInitScript({
          content: `for (const [k, v] of Object.entries(${JSON.stringify(storage)})) localStorage.setItem(k, v);\n${WATCH_FIRST_ROW}`,
        });
        const page = await context.newPage();
        await page.goto(`${base}${path}`, { waitUntil: 'commit' });
        // A function, not a string: the portal's CSP refuses eval.
        // The portal's row must also become live; the bare page has no React to own it.
        const mark = path === '/' ? '__live' : '__firstRow';
        await page.waitForFunction((m) => (globalThis as Record<string, unknown>)[m] !== undefined, mark, { timeout: 30_000 });
        return (await page.evaluate(READ_LOAD)) as Load;
      } finally {
        await context.close();
      }
    };
    // At least 15 of each (issue 36), so that ordinary noise does not move the median across a target.
    const runs = Math.max(15, Math.round(15 * opts.scale));
    await load('/');
    await load('/', false);
    await load('/bare.html');
    await load('/minimal-react.html');
    const portal: Load[] = [];
    const browserDrawn: Load[] = [];
    const bare: Load[] = [];
    const react: Load[] = [];
    // Interleaved, so all see the same machine load.
    for (let i = 0; i < runs; i++) {
      portal.push(await load('/'));
      browserDrawn.push(await load('/', false));
      bare.push(await load('/bare.html'));
      react.push(await load('/minimal-react.html'));
    }
    const times = (l: Load[], at: (x: Load) => number = (x) => x.firstRow) => l.map(at).sort((a, b) => a - b);
    const p = times(portal);
    const pLive = times(portal, (x) => x.live);
    const pPainted = times(portal, (x) => x.rowPainted);
    const d = times(browserDrawn);
    const dLive = times(browserDrawn, (x) => x.live);
    const b = times(bare);
    const r = times(react);
    const first = browserDrawn[browserDrawn.length - 1]!;
    const gzipBytes = async (files: string[]) => {
      let sum = 0;
      for (const f of files) sum += (await stat(join(dist, `${f}.gz`)).catch(() => null))?.size ?? (await readFile(join(dist, f))).length;
      return sum;
    };
    const gz = await gzipBytes([...new Set([...first.scripts, ...first.styles])]);
    const ratio = median(p) / median(b);
    const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
    return [
      {
        scenario: 'bare page, same list call, first row (own server process)',
        n: runs,
        median: median(b),
        p95: percentile(b, 0.95),
        budget: '(baseline)',
        note: `${bare.at(-1)!.requests} requests, ${kb(bare.at(-1)!.transferred)} transferred`,
      },
      {
        scenario: 'minimal React page, same list call, first row',
        n: runs,
        median: median(r),
        p95: percentile(r, 0.95),
        budget: '(diagnostic)',
        note: `${(median(r) / median(b)).toFixed(2)}× the bare page: React 19 alone, no router, cache, components or shell`,
      },
      {
        scenario: `portal, cold navigation to first vault row (${big.sponsorCode})`,
        n: runs,
        median: median(p),
        p95: percentile(p, 0.95),
        budget: ROW_BUDGET,
        ok: median(p) < 300,
        note: `${ratio.toFixed(2)}× the bare page (target ≤ 1.8×, issue 36); sent by the server with its rows (decision 0051)`,
      },
      {
        scenario: 'portal, same loads, rows live (hydrated) and painted',
        n: runs,
        median: median(pLive),
        p95: percentile(pLive, 0.95),
        budget: '(diagnostic)',
        note: `rows on screen at ${median(pPainted).toFixed(0)} ms; live ${(median(pLive) / median(dLive)).toFixed(2)}× the browser-drawn page's; ${portal.reduce((n, x) => n + x.errors, 0)} page errors`,
      },
      {
        scenario: 'portal drawn by the browser (first visit: no cookie yet)',
        n: runs,
        median: median(d),
        p95: percentile(d, 0.95),
        budget: '(diagnostic)',
        note: `${(median(d) / median(b)).toFixed(2)}× the bare page; rows live and painted at ${median(dLive).toFixed(0)} ms`,
      },
      {
        scenario: 'portal, first screen files',
        n: 1,
        budget: LOAD_BUDGET,
        ok: gz < 200 * 1024,
        note: `${kb(gz)} gzip JS+CSS in ${first.scripts.length} JS (target ≤ 12) + ${first.styles.length} CSS files; ${first.requests} requests, ${kb(first.transferred)} transferred (Brotli)`,
      },
    ];
  } finally {
    await browser.close();
    await stopServer(child);
    await rm(dist, { recursive: true, force: true });
  }
}
