/**
 * tsx bench/ab-first-row.ts RUNS DIST_A [DIST_B …]: compares portal builds (copies of apps/web/dist,
 * e.g. `vite build --outDir` of two trees) on the bench data set (20,000 holders, built once by
 * `npm run bench -- --holders 20000 --audit 20000`). Each build is served by its own app on the same
 * database, with the bare page; cold loads are interleaved so every variant sees the same machine
 * load. Per variant, medians of: the first vault row and the first React output (ms from navigation),
 * the list request's start and end, the end of the last script, and from a Chromium trace of each
 * load the renderer main thread's CPU time until the first row (`cpu`; thread time, so much steadier
 * than wall time on a busy machine), its module evaluation, script and layout parts, and its largest
 * task. NEST=<trace event name> prints what ran inside each such event; a build with React's
 * profiling build and <Profiler> ids writing to window.__prof gets per-subtree render times.
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { BENCH_USER, openDataset } from './dataset.js';

const runs = Number(process.argv[2] ?? 9);
const dirs = process.argv.slice(3);

const BARE_HTML =
  '<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body><table><tbody id="rows"></tbody></table><script src="/bare-list.js"></script></body></html>';
const BARE_JS = `const s = JSON.parse(localStorage.getItem('session_sponsor'));
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

const WATCH = `(() => {
  window.__marks = {};
  window.__long = [];
  const mark = (k) => { if (window.__marks[k] === undefined) window.__marks[k] = performance.now(); };
  const seen = () => [...document.querySelectorAll('tbody tr td')].some((td) => td.textContent.includes('@'));
  new MutationObserver(() => {
    const root = document.getElementById('root');
    if (root && root.childElementCount) mark('root');
    if (seen()) mark('firstRow');
  }).observe(document, { childList: true, subtree: true, characterData: true });
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]); })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

const READ = `(() => {
  const res = performance.getEntriesByType('resource');
  const list = res.find((r) => r.name.includes('/api/v1/vaultholders'));
  const at = window.__marks.firstRow;
  const js = res.filter((r) => r.name.endsWith('.js') && r.startTime < at);
  return {
    ...window.__marks,
    listStart: list ? list.startTime : NaN,
    listEnd: list ? list.responseEnd : NaN,
    codeEnd: js.length ? Math.max(...js.map((r) => r.responseEnd)) : NaN,
    longBefore: window.__long.filter(([s]) => s < at).reduce((t, [, d]) => t + d, 0),
    prof: window.__prof,
    m2: window.__marks2 && JSON.stringify(window.__marks2),
    tasks: window.__long.filter(([s]) => s < at).map(([s, d]) => Math.round(s) + '+' + Math.round(d)).join(' '),
  };
})()`;

const serverTimes: number[] = [];
const dataset = await openDataset({ holders: 20000, audit: 20000, sponsors: 50, db: 'pglite' }, () => undefined);
const big = dataset.sponsors[0]!;
interface Site {
  name: string;
  base: string;
  storage: Record<string, string>;
  xsrf: string;
  close: () => Promise<void>;
}
async function serve(name: string, from: string): Promise<Site> {
  const dist = await mkdtemp(join(tmpdir(), 'ab-web-'));
  await cp(from, dist, { recursive: true });
  await writeFile(join(dist, 'bare.html'), BARE_HTML);
  await writeFile(join(dist, 'bare-list.js'), BARE_JS);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: BENCH_USER.username,
    DEMO_DATA: 'false',
    WEB_DIST: dist,
    PUBLIC_URL: 'http://127.0.0.1:8080',
  } as NodeJS.ProcessEnv);
  const app = await buildApp({ config, database: dataset.database, logger: false });
  try {
    app.addHook('onRequest', async (req) => {
      (req as unknown as { t0: number }).t0 = performance.now();
    });
    app.addHook('onResponse', async (req) => {
      if (req.url.startsWith('/api/v1/vaultholders')) serverTimes.push(performance.now() - (req as unknown as { t0: number }).t0);
    });
  } catch (e) {
    console.log('no hooks', (e as Error).message);
  }
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${base}/api/v1/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_USER),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(login.headers.getSetCookie().join('\n'))?.[1] ?? '';
  const me = await (await fetch(`${base}/api/v1/authentication/me`, { headers: { authorization: `Bearer ${accessToken}` } })).json();
  return {
    name,
    base,
    xsrf,
    storage: {
      access_token: accessToken,
      session_user: JSON.stringify(me.user),
      session_sponsor: JSON.stringify({ sponsorId: big.id, sponsorCode: big.sponsorCode }),
    },
    close: async () => {
      await app.close();
      await rm(dist, { recursive: true, force: true });
    },
  };
}
const sites = [];
for (const d of dirs) sites.push(await serve(d, d));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

type Read = Record<string, number> & { tasks: string; names?: string; prof?: [string, string, number, number, number][] };
async function load(site: Site, path: string): Promise<Read> {
  const context = await browser.newContext();
  try {
    await context.addCookies([{ name: 'XSRF-TOKEN', value: site.xsrf, url: site.base }]);
    await context.addInitScript({
      content: `for (const [k, v] of Object.entries(${JSON.stringify(site.storage)})) localStorage.setItem(k, v);\n${WATCH}`,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    type Ev = {
      name: string;
      ph: string;
      ts: number;
      dur?: number;
      tdur?: number;
      pid: number;
      tid: number;
      cat: string;
      args?: { data?: { url?: string; frame?: string } };
    };
    const events: Ev[] = [];
    cdp.on('Tracing.dataCollected', (d: { value: Ev[] }) => events.push(...d.value));
    await cdp.send('Tracing.start', {
      categories: 'toplevel,devtools.timeline,blink.user_timing,v8.execute',
      transferMode: 'ReportEvents',
    });
    await page.goto(`${site.base}${path}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => (globalThis as { __marks?: { firstRow?: number } }).__marks?.firstRow !== undefined, null, {
      timeout: 30_000,
    });
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    const m = Object.fromEntries(metrics.map((x) => [x.name, x.value * 1000]));
    const read = (await page.evaluate(READ)) as Read;
    const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.end');
    await done;
    const parse = events.find(
      (e) => e.name === 'ParseHTML' && ((e.args as { beginData?: { url?: string } })?.beginData?.url ?? '').startsWith(site.base),
    );
    const nav = events
      .filter(
        (e) => e.name === 'navigationStart' && (e.args?.data as { documentLoaderURL?: string })?.documentLoaderURL?.startsWith(site.base),
      )
      .at(-1);
    const t0 = nav?.ts ?? parse!.ts;
    const end = t0 + read.firstRow! * 1000;
    const main = events.filter((e) => e.pid === parse?.pid && e.tid === parse?.tid && e.ph === 'X' && e.ts < end && e.ts >= t0);
    const cpu = (f: (e: Ev) => boolean) => main.filter(f).reduce((t, e) => t + (e.tdur ?? 0), 0) / 1000;
    read.cpu = cpu((e) => e.name === 'ThreadControllerImpl::RunTask');
    read.cpuEval = cpu((e) => e.name === 'v8.evaluateModule');
    read.cpuFn = cpu((e) => e.name === 'FunctionCall' || e.name === 'TimerFire' || (e.name === 'RunMicrotasks' && false));
    read.cpuLayout = cpu((e) => e.name === 'Layout' || e.name === 'UpdateLayoutTree');
    read.evalMax = Math.max(0, ...main.filter((e) => e.name === 'v8.evaluateModule').map((e) => (e.tdur ?? 0) / 1000));
    read.biggest = Math.max(0, ...main.filter((e) => e.name === 'ThreadControllerImpl::RunTask').map((e) => (e.tdur ?? 0) / 1000));
    if (process.env.NEST) {
      const tops = main.filter((e) => e.name === process.env.NEST && (e.tdur ?? 0) > 3000);
      for (const t of tops) {
        const kids = main.filter((e) => e !== t && e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0) && (e.tdur ?? 0) > 500);
        console.log(
          `${process.env.NEST} at ${((t.ts - t0) / 1000).toFixed(0)} cpu ${((t.tdur ?? 0) / 1000).toFixed(1)}: ${kids.map((k) => `${k.name}${k.args?.data?.url ? ` ${k.args.data.url.replace(site.base, '')}` : ''} ${((k.tdur ?? 0) / 1000).toFixed(1)}`).join(' | ')}`,
        );
      }
    }
    const byName = new Map<string, number>();
    for (const e of main) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.tdur ?? 0) / 1000);
    (read as { names?: string }).names = [...byName]
      .filter(([, v]) => v >= 2)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ');
    return { ...read, task: m.TaskDuration!, script: m.ScriptDuration!, layout: m.LayoutDuration! + m.RecalcStyleDuration! };
  } finally {
    await context.close();
  }
}

const results = new Map<string, Read[]>();
const variants = [...sites.map((s) => ({ key: s.name, site: s, path: '/' })), { key: 'bare', site: sites[0]!, path: '/bare.html' }];
for (const v of variants) await load(v.site, v.path);
for (let i = 0; i < runs; i++)
  for (const v of i % 2 ? [...variants].reverse() : variants) {
    if (!results.has(v.key)) results.set(v.key, []);
    results.get(v.key)!.push(await load(v.site, v.path));
  }
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const cols = ['firstRow', 'root', 'listStart', 'listEnd', 'codeEnd', 'script', 'cpu', 'cpuEval', 'cpuFn', 'cpuLayout', 'biggest'];
console.log(`${'variant'.padEnd(24)} ${cols.map((c) => c.padStart(10)).join(' ')}`);
for (const [k, rs] of results)
  console.log(
    `${k.slice(-24).padEnd(24)} ${cols
      .map((c) =>
        med(rs.map((r) => r[c] ?? Number.NaN))
          .toFixed(0)
          .padStart(10),
      )
      .join(' ')}`,
  );
for (const [k, rs] of results)
  if (k !== 'bare')
    console.log(
      `${k}: firstRow ${rs.map((r) => r.firstRow!.toFixed(0)).join(' ')}; last tasks ${rs.at(-1)!.tasks} m2 ${rs.map((r) => (r as { m2?: string }).m2).join(' ')}\n   cpu by event (last run): ${rs.at(-1)!.names}`,
    );
for (const [k, rs] of results) {
  if (!rs[0]?.prof) continue;
  console.log(`${k}: React Profiler actualDuration (median over runs), by commit (mount/update) and subtree:`);
  const keys = new Map<string, number[]>();
  for (const r of rs) {
    const seen = new Map<string, number>();
    const commits = [...new Set(r.prof!.map((p) => p[4]))];
    const firstWithRows = commits.find((c) => r.prof!.some((p) => p[4] === c && p[5]));
    const rowsIdx = commits.indexOf(firstWithRows!);
    for (const [id, phase, d, , ct] of r.prof!) {
      const i = commits.indexOf(ct);
      const when =
        i < rowsIdx ? 'a:before rows' : i === rowsIdx ? `b:rows commit (${phase})` : i === rowsIdx + 1 ? `c:next (${phase})` : 'd:later';
      const key = `${when} ${id}`;
      seen.set(key, (seen.get(key) ?? 0) + d);
    }
    seen.set('rows commit index', rowsIdx);
    for (const [key, d] of seen) keys.set(key, [...(keys.get(key) ?? []), d]);
  }
  for (const [key, ds] of [...keys].sort()) console.log(`  ${key.padEnd(30)} ${med(ds).toFixed(1).padStart(7)} ms (${ds.length} runs)`);
  console.log('  last run commits:', JSON.stringify(rs.at(-1)!.prof!.filter((p) => p[0] === 'app')));
}
console.log('server time of list calls: median', med(serverTimes).toFixed(1), 'all', serverTimes.map((x) => x.toFixed(0)).join(' '));
await browser.close();
for (const s of sites) await s.close();
await dataset.database.close();
