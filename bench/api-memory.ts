import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultAuditRange } from '@vault/contract';
import type { Dataset } from './dataset.js';
import { importHolders } from './import-file.js';
import { type BenchRow, type BenchSponsor, call, signIn, throughput } from './lib.js';
import { startServer, stopServer } from './server-process.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const MB = 1024 * 1024;

/** Resident memory of a process in bytes (Linux /proc), or null once it has gone. */
function rssOf(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** The highest resident memory of `pid` while `work` runs, sampled every 25 ms. */
async function peakDuring(pid: number, work: () => Promise<unknown>): Promise<number> {
  let peak = rssOf(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid) ?? 0);
  }, 25);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, rssOf(pid) ?? 0);
}

/**
 * DESIGN 7 "API process memory under load": the API in a process of its own, as production runs it
 * (the bench process also holds the load generator, Playwright and the test data, so its own size
 * says little). Two peaks: under a mixed load of list pages, "contains" searches and audit pages
 * (4 at a time), and during a CSV import of `importRows` holders, which removeImport takes out again.
 */
export async function apiMemory(
  dataset: Pick<Dataset, 'location'>,
  opts: { sponsors: BenchSponsor[]; credentials: { username: string; password: string }; seconds: number; importRows: number },
): Promise<BenchRow[]> {
  const budgetMb = 'url' in dataset.location ? 250 : 1024;
  const budget = 'url' in dataset.location ? '< 250 MB (pg)' : '< 1 GB (pglite)';
  const built = spawnSync('npm', ['run', 'build', '-w', '@vault/contract', '-w', '@vault/api'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`API build failed: ${(built.stderr || built.stdout).slice(-300)}`);
  const { child, baseUrl } = await startServer(dataset.location, opts.credentials.username);
  const pid = child.pid!;
  try {
    const staff = await signIn(baseUrl, opts.credentials);
    const ctx = { baseUrl, staff };
    const idle = rssOf(pid) ?? 0;
    const big = opts.sponsors[0]!;
    const terms = ['son', 'mar', 'ter.5', 'and', 'lee'];
    const { fromDate, toDate } = defaultAuditRange();
    const range = `fromDate=${fromDate}&toDate=${toDate}`;
    let i = 0;
    const mixed = () => {
      const n = i++;
      const sponsor = opts.sponsors[n % opts.sponsors.length]!;
      switch (n % 4) {
        case 0:
          return call(ctx, `/api/v1/vaultholders?sponsorId=${sponsor.id}&offset=0&limit=20`, { headers: staff });
        case 1:
          return call(ctx, `/api/v1/vaultholders?sponsorId=${big.id}&offset=${(n * 7919) % Math.max(1, big.holders - 20)}&limit=20`, {
            headers: staff,
          });
        case 2:
          return call(ctx, `/api/v1/vaultholders/search?sponsorId=${sponsor.id}&offset=0&limit=20`, {
            method: 'POST',
            headers: staff,
            body: { fieldName: n % 8 === 2 ? 'email' : 'lastName', fieldValue: terms[n % terms.length] },
          });
        default:
          return call(ctx, `/api/v1/audit?sponsorid=${sponsor.id}&offset=0&limit=20&${range}`, { headers: staff });
      }
    };
    let served = 0;
    const load = await peakDuring(pid, async () => {
      served = (await throughput(mixed, { concurrency: 4, seconds: opts.seconds, maxRequests: 1_000_000 })).n;
    });
    let note = '';
    const importPeak = await peakDuring(pid, async () => {
      const run = await importHolders(ctx, opts.sponsors[opts.sponsors.length - 1]!.id, opts.importRows);
      note = run
        ? `${run.imported.toLocaleString('en-US')} imported in ${((run.previewMs + run.confirmMs) / 1000).toFixed(1)} s`
        : 'skipped: the sponsor has no package';
    });
    // The largest portal's chain over the longest range an export takes, read to its end as an
    // auditor's download would be: the reply streams keyset pages, so the peak must not grow with it.
    let exported = '';
    const exportPeak = await peakDuring(pid, async () => {
      const started = performance.now();
      const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
      const res = await fetch(`${baseUrl}/api/v1/audit/export?sponsorid=${big.id}&fromDate=${from}&format=ndjson`, { headers: staff });
      if (!res.ok || !res.body) throw new Error(`NDJSON export answered ${res.status}`);
      let lines = 0;
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
      }
      exported = `${(lines - 1).toLocaleString('en-US')} entries and the checkpoint, ${(bytes / MB).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`;
    });
    const mb = (v: number) => `${(v / MB).toFixed(0)} MB`;
    return [
      {
        scenario: 'API process memory, mixed load (own process)',
        n: served,
        budget,
        ok: load < budgetMb * MB,
        note: `peak ${mb(load)} RSS (${mb(idle)} after start); lists, searches and audit pages, 4 at a time for ${opts.seconds} s`,
      },
      {
        scenario: `API process memory, ${opts.importRows.toLocaleString('en-US')}-row import`,
        n: 1,
        budget,
        ok: importPeak < budgetMb * MB,
        note: `peak ${mb(importPeak)} RSS; ${note}`,
      },
      {
        scenario: `API process memory, NDJSON audit export, 366 days (${big.sponsorCode})`,
        n: 1,
        budget,
        ok: exportPeak < budgetMb * MB,
        note: `peak ${mb(exportPeak)} RSS; ${exported}`,
      },
    ];
  } finally {
    await stopServer(child);
  }
}
