/**
 * npm run bench [-- --holders N --audit M --sponsors S --db pglite|pg --only a,b --quick --fresh]
 * Builds (or reuses, under bench/.data/) a large data set with the bulk generator, starts the real app
 * on it listening on 127.0.0.1, runs every scenario of bench/scenarios/index.ts through HTTP and prints
 * a table with the DESIGN.md section 7 budget next to each figure. It only prints: no timed assertion.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { apiMemory } from './api-memory.js';
import { BENCH_USER, openDataset } from './dataset.js';
import { removeImport } from './import-file.js';
import { type BenchContext, type BenchRow, HttpError, signIn } from './lib.js';
import { scenarios } from './scenarios/index.js';
import { portalLoad } from './scenarios/portal-load.js';

const { values } = parseArgs({
  options: {
    holders: { type: 'string', default: '100000' },
    audit: { type: 'string', default: '1000000' },
    sponsors: { type: 'string', default: '50' },
    db: { type: 'string', default: 'pglite' },
    only: { type: 'string' },
    quick: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    save: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(`usage: npm run bench -- [--holders 100000] [--audit 1000000] [--sponsors 50] [--db pglite|pg] [--only ${scenarios.map((s) => s.name).join(',')},api-memory] [--quick] [--fresh]
  --db pg uses BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres (a database vault_bench_* is created there).
  --save writes the table to bench/results/<date>-<db>.md (-2, -3… for another run that day) with the machine's load.
  DESIGN.md section 7 budgets are stated for --holders 1000000 --audit 10000000.`);
  process.exit(0);
}
const int = (name: string, v: string) => {
  const n = Number(v.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
};
const db = values.db === 'pg' ? 'pg' : values.db === 'pglite' ? 'pglite' : null;
if (!db) throw new Error('--db must be pglite or pg');
const spec = {
  holders: int('holders', values.holders),
  audit: int('audit', values.audit),
  sponsors: Math.max(1, int('sponsors', values.sponsors)),
  db,
  url: process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL,
  fresh: values.fresh,
} as const;
const only = values.only?.split(',').map((s) => s.trim());
const chosen = only ? scenarios.filter((s) => only.includes(s.name)) : scenarios;
// portal-load and api-memory run after the others, against a server process of their own.
const known = [...scenarios.map((s) => s.name), 'portal-load', 'api-memory'];
if (only?.some((name) => !known.includes(name))) throw new Error(`unknown scenario; known: ${known.join(', ')}`);

console.log(`Vault Admin Portal bench — ${cpus().length} CPU (${cpus()[0]?.model ?? '?'}), Node ${process.version}, ${db}`);
const dataset = await openDataset(spec, (l) => console.log(l));
console.log(
  `Data set ready in ${(dataset.openMs / 1000).toFixed(1)} s${dataset.built ? ' (built now)' : ' (reused)'}; ${dataset.sponsors.length} bulk sponsors, largest ${dataset.sponsors[0]?.sponsorCode} with ${dataset.sponsors[0]?.holders} holders.`,
);

const config = loadConfig({
  LOG_LEVEL: 'silent',
  ADMIN_EMAIL: BENCH_USER.username,
  PUBLIC_URL: 'http://127.0.0.1:8080',
  DEMO_DATA: 'false',
} as NodeJS.ProcessEnv);
const app = await buildApp({ config, database: dataset.database, logger: false });
const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });

const staff = await signIn(baseUrl, BENCH_USER);
const ctx: BenchContext = {
  app,
  database: dataset.database,
  baseUrl,
  staff,
  credentials: BENCH_USER,
  sponsors: dataset.sponsors,
  dataset: { holders: spec.holders, audit: spec.audit, sponsors: spec.sponsors, db },
  scale: values.quick ? 0.25 : 1,
};

const loadAtStart = loadavg();
const rows: BenchRow[] = [];
for (const s of chosen) {
  process.stdout.write(`  running ${s.name} …\n`);
  try {
    rows.push(...(await s.run(ctx)));
  } catch (err) {
    rows.push({
      scenario: s.name,
      n: 0,
      budget: '',
      note: `failed: ${err instanceof HttpError ? `${err.status} ${err.body.slice(0, 80)}` : (err as Error).message}`,
    });
  }
}
// The first screen and the API's own memory are measured against a server process of its own,
// which needs the data set to itself (PGlite opens a directory in one process only): this process
// lets go of it first.
await app.close();
await dataset.database.close();
if (!only || only.includes('portal-load')) {
  process.stdout.write('  running portal-load …\n');
  try {
    rows.push(...(await portalLoad(dataset, { sponsors: dataset.sponsors, credentials: BENCH_USER, scale: ctx.scale })));
  } catch (err) {
    rows.push({ scenario: 'portal-load', n: 0, budget: '', note: `failed: ${(err as Error).message}` });
  }
}
if (!only || only.includes('api-memory')) {
  process.stdout.write('  running api-memory …\n');
  try {
    rows.push(
      ...(await apiMemory(dataset, {
        sponsors: dataset.sponsors,
        credentials: BENCH_USER,
        seconds: values.quick ? 5 : 15,
        importRows: values.quick ? 25_000 : 100_000,
      })),
    );
  } catch (err) {
    rows.push({ scenario: 'api-memory', n: 0, budget: '', note: `failed: ${(err as Error).message}` });
  } finally {
    const reopened = await openDataset(spec, () => {});
    await removeImport(reopened.database, dataset.sponsors[dataset.sponsors.length - 1]!.id, spec.db);
    await reopened.database.close();
  }
}

const ms = (v?: number) => (v === undefined || Number.isNaN(v) ? '' : v < 10 ? v.toFixed(2) : v.toFixed(1));
const table = [
  ['scenario', 'n', 'median ms', 'p95 ms', 'req/s', 'budget (DESIGN 7)', '', 'note'],
  ...rows.map((r) => [
    r.scenario,
    String(r.n),
    ms(r.median),
    ms(r.p95),
    r.throughput === undefined ? '' : r.throughput.toFixed(0),
    r.budget,
    r.ok === undefined ? '' : r.ok ? 'ok' : 'OVER',
    r.note ?? '',
  ]),
];
const widths = table[0]!.map((_, c) => Math.max(...table.map((r) => r[c]!.length)));
const right = new Set([1, 2, 3, 4]);
const fmt = (r: string[]) =>
  r
    .map((v, c) => (right.has(c) ? v.padStart(widths[c]!) : v.padEnd(widths[c]!)))
    .join('  ')
    .trimEnd();
console.log('');
console.log(`Data: ${spec.holders} holders, ${spec.audit} audit entries, ${spec.sponsors} sponsors on ${dataset.where}`);
console.log(fmt(table[0]!));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of table.slice(1)) console.log(fmt(r));
if (spec.holders < 1_000_000 || spec.audit < 10_000_000)
  console.log(
    '\nDESIGN 7 budgets are stated for 1,000,000 holders and 10,000,000 audit entries: npm run bench -- --holders 1000000 --audit 10000000',
  );

if (values.save) {
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(', ');
  const md = (r: string[]) => `| ${r.map((v) => v.replace(/\|/g, '\\|')).join(' | ')} |`;
  // A second run on the same day gets its own file (-2, -3…): the earlier table stays as it was.
  const name = (n: number) => `./results/${new Date().toISOString().slice(0, 10)}-${db}${n > 1 ? `-${n}` : ''}.md`;
  let n = 1;
  while (existsSync(new URL(name(n), import.meta.url))) n++;
  const file = new URL(name(n), import.meta.url);
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(
    file,
    [
      `# Bench ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${db}`,
      '',
      `- Machine: ${cpus().length} CPU (${cpus()[0]?.model ?? '?'}), Node ${process.version}; load average (1, 5, 15 min) ${load(loadAtStart)} at the start, ${load(loadavg())} at the end.`,
      `- Data: ${spec.holders} holders, ${spec.audit} audit entries, ${spec.sponsors} sponsors${values.quick ? '; --quick' : ''}. Command: \`npm run bench -- ${process.argv.slice(2).join(' ')}\``,
      '',
      md(table[0]!),
      md(table[0]!.map(() => '---')),
      ...table.slice(1).map(md),
      '',
    ].join('\n'),
  );
  console.log(`\nSaved to ${file.pathname}`);
}
