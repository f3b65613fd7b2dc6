/**
 * tsx bench/profile-first-row.ts [runs] [--trace] [--cpu]   (DIST=<built portal>, default apps/web/dist)
 * Serves one built portal (no build) on the bench data set (20,000 holders, or BENCH_HOLDERS and
 * BENCH_AUDIT) and the bare page, does cold loads like the portal-load scenario, and prints the portal
 * load's timeline: every file and API call (start → end), when the first React output, the table and
 * the first row appeared, long tasks; then each load of both pages on one line (its requests and first row).
 * --trace: one Chromium trace of the main thread (script evaluation, renders, layouts, requests), with
 * each task's time on the CPU beside its wall time ("cpu": what a busy machine does not inflate).
 * --fibers: the React components of the first screen once the first row is in, counted by name (names
 * need `vite build --minify false`).
 * --cpu: one sampled CPU profile, self time by package/module and function (build with
 * `vite build --minify false` so the chunks keep their module comments).
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBenchChromium } from './chromium.js';
import { serveFirstScreen } from './first-screen-server.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 9);
const trace = process.argv.includes('--trace');
const cpu = process.argv.includes('--cpu');
const fibers = process.argv.includes('--fibers');
const DIST = process.env.DIST ?? join(ROOT, 'apps/web/dist');

const WATCH = `(() => {
  window.__marks = {};
  window.__long = [];
  const mark = (k) => { if (window.__marks[k] === undefined) window.__marks[k] = performance.now(); };
  const seen = () => [...document.querySelectorAll('tbody tr td')].some((td) => td.textContent.includes('@'));
  new MutationObserver(() => {
    const root = document.getElementById('root');
    if (root && root.childElementCount) mark('root');
    if (document.querySelector('header')) mark('header');
    if (document.querySelector('table')) mark('table');
    if (document.querySelector('h1, h2')) mark('heading');
    if (seen()) mark('firstRow');
  }).observe(document, { childList: true, subtree: true, characterData: true });
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
  document.addEventListener('DOMContentLoaded', () => mark('DOMContentLoaded'));
})();`;

const READ = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const res = performance.getEntriesByType('resource').map((r) => ({ name: new URL(r.name).pathname + new URL(r.name).search, start: r.startTime, end: r.responseEnd, size: r.transferSize }));
  return { marks: { ...window.__marks, responseEnd: nav.responseEnd, domInteractive: nav.domInteractive }, res, long: window.__long };
})()`;

const { base, dist, xsrf, storage, close } = await serveFirstScreen(DIST);
const browser = await launchBenchChromium();

type Read = { marks: Record<string, number>; res: { name: string; start: number; end: number; size: number }[]; long: number[][] };
async function load(path: string, withTrace = false): Promise<{ read: Read; evals?: string[] }> {
  const context = await browser.newContext();
  try {
    await context.addCookies([{ name: 'XSRF-TOKEN', value: xsrf, url: base }]);
    await context.addInitScript({
      content: `for (const [k, v] of Object.entries(${JSON.stringify(storage)})) localStorage.setItem(k, v);\n${WATCH}`,
    });
    const page = await context.newPage();
    const events: { name: string; ts: number; dur?: number; tdur?: number; args?: { data?: { url?: string; frame?: string } } }[] = [];
    const cdp = withTrace ? await context.newCDPSession(page) : null;
    if (cdp) {
      cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as typeof events)));
      await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8.execute,blink.user_timing', transferMode: 'ReportEvents' });
    }
    await page.goto(`${base}${path}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => (globalThis as { __marks?: { firstRow?: number } }).__marks?.firstRow !== undefined, null, {
      timeout: 30_000,
    });
    await page.waitForTimeout(withTrace ? 300 : 50);
    const read = (await page.evaluate(READ)) as Read;
    let evals: string[] | undefined;
    if (cdp) {
      const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
      await cdp.send('Tracing.end');
      await done;
      const main = events.find((e) => e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule') as
        | { tid?: number }
        | undefined;
      const nav =
        events.find((e) => e.name === 'navigationStart' || e.name === 'markAsMainFrame') ?? events.find((e) => e.name === 'ParseHTML');
      const t0 = process.env.T0 === 'parse' ? nav!.ts : (events.find((e) => e.name === 'navigationStart')?.ts ?? nav!.ts);
      const keep = new Set(['ResourceSendRequest', 'ResourceFinish']);
      const urls = new Map<string, string>();
      for (const e of events) {
        const d = e.args?.data as { url?: string; requestId?: string } | undefined;
        if (e.name === 'ResourceSendRequest' && d?.requestId && d.url) urls.set(d.requestId, d.url);
      }
      evals = events
        .filter(
          (e) =>
            e.ts >= t0 &&
            ((keep.has(e.name) &&
              !/chrome:|data:/.test(
                urls.get((e.args?.data as { requestId?: string })?.requestId ?? '') ?? (e.args?.data as { url?: string })?.url ?? '',
              )) ||
              ((e as { tid?: number }).tid === main?.tid &&
                (e.dur ?? 0) > Number(process.env.TRACE_MIN_US ?? 1500) &&
                !/^(ParseHTML|V8\.|MinorGC)/.test(e.name))),
        )
        .sort((a, b) => a.ts - b.ts)
        .map((e) => {
          const d = e.args?.data as { url?: string; requestId?: string; encodedDataLength?: number } | undefined;
          return `${((e.ts - t0) / 1000).toFixed(1).padStart(7)} ${e.dur ? `+${(e.dur / 1000).toFixed(1).padStart(6)}` : '        '} ${e.tdur ? `(cpu ${(e.tdur / 1000).toFixed(1).padStart(5)})` : '           '}  ${e.name} ${(d?.url ?? urls.get(d?.requestId ?? '') ?? '').replace(base, '').slice(0, 60)}`;
        });
    }
    return { read, evals };
  } finally {
    await context.close();
  }
}

await load('/');
await load('/bare.html');
const portal: Read[] = [];
const bare: Read[] = [];
for (let i = 0; i < runs; i++) {
  portal.push((await load('/')).read);
  bare.push((await load('/bare.html')).read);
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
console.log(
  `bare firstRow median ${med(bare.map((r) => r.marks.firstRow!)).toFixed(0)} ms; all: ${bare.map((r) => r.marks.firstRow!.toFixed(0)).join(' ')}`,
);
console.log(
  `portal firstRow median ${med(portal.map((r) => r.marks.firstRow!)).toFixed(0)} ms; all: ${portal.map((r) => r.marks.firstRow!.toFixed(0)).join(' ')}`,
);
console.log('\nportal marks (median of runs):');
const keys = Object.keys(portal[0]!.marks);
for (const k of keys) console.log(`  ${k.padEnd(18)} ${med(portal.map((r) => r.marks[k] ?? Number.NaN)).toFixed(0)}`);
console.log('\nportal resources (median start → end), before the first row:');
const names = [...new Set(portal.flatMap((r) => r.res.map((x) => x.name)))];
for (const n of names) {
  const xs = portal.map((r) => r.res.find((x) => x.name === n)).filter((x) => x !== undefined);
  const fr = med(portal.map((r) => r.marks.firstRow!));
  const s = med(xs.map((x) => x.start));
  console.log(
    `  ${s.toFixed(0).padStart(5)} → ${med(xs.map((x) => x.end))
      .toFixed(0)
      .padStart(5)} ${String(med(xs.map((x) => x.size))).padStart(7)} B ${s > fr ? '(after row)' : ''} ${n}`,
  );
}
console.log('\neach run: the first row, and each request before it as start→end (files by their first letters)');
for (const [i, r] of [...portal, ...bare].entries()) {
  if (i === 0 || i === portal.length) console.log(i === 0 ? '  portal' : '  bare page');
  const fr = r.marks.firstRow!;
  const parts = r.res
    .filter((x) => x.start <= fr)
    .map((x) => `${x.name.replace(/^\/(assets\/|api\/v1\/)?/, '').slice(0, 8)} ${x.start.toFixed(0)}→${x.end.toFixed(0)}`);
  console.log(
    `  row ${fr.toFixed(0).padStart(4)}  DCL ${(r.marks.DOMContentLoaded ?? Number.NaN).toFixed(0).padStart(4)}  ${parts.join('  ')}`,
  );
}
console.log('\nlong tasks of the last portal run:', JSON.stringify(portal.at(-1)!.long));
if (cpu) await cpuProfile();
if (fibers) await fiberCount();
if (trace) {
  const { read, evals } = await load('/', true);
  console.log('\ntraced run: marks', JSON.stringify(Object.fromEntries(Object.entries(read.marks).map(([k, v]) => [k, Math.round(v)]))));
  console.log(evals!.join('\n'));
}
async function cpuProfile() {
  const { readFile } = await import('node:fs/promises');
  const context = await browser.newContext();
  await context.addCookies([{ name: 'XSRF-TOKEN', value: xsrf, url: base }]);
  await context.addInitScript({
    content: `for (const [k, v] of Object.entries(${JSON.stringify(storage)})) localStorage.setItem(k, v);\n${WATCH}`,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(`${base}/`, { waitUntil: 'commit' });
  await page.waitForFunction(() => (globalThis as { __marks?: { firstRow?: number } }).__marks?.firstRow !== undefined, null, {
    timeout: 30_000,
  });
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: {
      nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
      samples: number[];
      timeDeltas: number[];
    };
  };
  const read = (await page.evaluate(READ)) as Read;
  await context.close();
  if (process.env.CPU_PROFILE) {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(process.env.CPU_PROFILE, JSON.stringify(profile));
  }
  console.log('\ncpu run marks', JSON.stringify(Object.fromEntries(Object.entries(read.marks).map(([k, v]) => [k, Math.round(v)]))));
  const regions = new Map<string, { line: number; name: string }[]>();
  const regionOf = async (url: string, line: number) => {
    const path = new URL(url).pathname;
    if (!path.endsWith('.js')) return url ? path : '(native)';
    if (!regions.has(path)) {
      const text = await readFile(join(dist, path), 'utf8').catch(() => '');
      const list: { line: number; name: string }[] = [];
      text.split('\n').forEach((l, i) => {
        const m = /^\/\/ ((?:\.\.\/)+(?:work\/wt\/row\/)?node_modules\/|)(.+\.(m?js|tsx?|css))$/.exec(l);
        if (m)
          list.push({
            line: i,
            name: m[2]!
              .replace(/^.*node_modules\//, '')
              .replace(/^(@[^/]+\/[^/]+|[^/]+)\/.*$/, (all, pkg) => (m[1] || /node_modules/.test(m[2]!) ? pkg : all)),
          });
      });
      regions.set(path, list);
    }
    const list = regions.get(path)!;
    let name = path;
    for (const r of list)
      if (r.line <= line) name = r.name;
      else break;
    return name;
  };
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byModule = new Map<string, number>();
  const byFn = new Map<string, number>();
  const buckets = new Map<number, Map<string, number>>();
  let t = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]! / 1000;
    const n = nodes.get(profile.samples[i]!)!;
    const cf = n.callFrame;
    if (cf.functionName === '(idle)' || cf.functionName === '(program)') continue;
    const dt = (profile.timeDeltas[i + 1] ?? 100) / 1000;
    const mod = cf.url ? await regionOf(cf.url, cf.lineNumber) : cf.functionName;
    byModule.set(mod, (byModule.get(mod) ?? 0) + dt);
    const fn = `${cf.functionName || '(anon)'} [${mod}${cf.functionName ? '' : `:${cf.url.replace(/.*\//, '')}:${cf.lineNumber + 1}`}]`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + dt);
    const b = Math.floor(t / 50) * 50;
    if (!buckets.has(b)) buckets.set(b, new Map());
    buckets.get(b)!.set(mod, (buckets.get(b)!.get(mod) ?? 0) + dt);
  }
  const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k);
  console.log('self time by module:');
  for (const [k, v] of top(byModule, 30)) console.log(`  ${v.toFixed(1).padStart(7)} ms  ${k}`);
  console.log('self time by function:');
  for (const [k, v] of top(byFn, 40)) console.log(`  ${v.toFixed(1).padStart(7)} ms  ${k}`);
  console.log('timeline (50 ms buckets from profiler start):');
  for (const [b, m] of [...buckets].sort((a, c) => a[0] - c[0]))
    console.log(
      `  ${String(b).padStart(5)}  busy ${[...m.values()]
        .reduce((s, v) => s + v, 0)
        .toFixed(0)
        .padStart(3)}  ${top(m, 4)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(', ')}`,
    );
}
await browser.close();
await close();

async function fiberCount() {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'XSRF-TOKEN', value: xsrf, url: base }]);
  await context.addInitScript({
    content: `for (const [k, v] of Object.entries(${JSON.stringify(storage)})) localStorage.setItem(k, v);\n${WATCH}`,
  });
  const page = await context.newPage();
  await page.goto(`${base}/`, { waitUntil: 'commit' });
  await page.waitForFunction(() => (globalThis as { __marks?: { firstRow?: number } }).__marks?.firstRow !== undefined);
  const counts = (await page.evaluate(`(() => {
    const root = document.getElementById('root');
    const key = Object.keys(root).find((k) => k.startsWith('__reactContainer$'));
    const counts = {};
    const nameOf = (t) => typeof t === 'string' ? '<' + t + '>' : t == null ? '(text/fragment)' :
      t.displayName || t.name || (t.render && (t.render.displayName || t.render.name)) || (t.type && (t.type.displayName || t.type.name)) || (t._context ? 'Context' : '?');
    const stack = [root[key]];
    while (stack.length) {
      const f = stack.pop();
      const n = nameOf(f.type);
      counts[n] = (counts[n] || 0) + 1;
      if (f.sibling) stack.push(f.sibling);
      if (f.child) stack.push(f.child);
    }
    return counts;
  })()`)) as Record<string, number>;
  await context.close();
  const all = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  console.log(`\nfibers once the first row is in: ${all.reduce((s, [, n]) => s + n, 0)}`);
  for (const [n, c] of all.slice(0, 60)) console.log(`  ${String(c).padStart(5)}  ${n}`);
}
