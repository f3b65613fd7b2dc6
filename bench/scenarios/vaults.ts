import { importHolders, removeImport } from '../import-file.js';
import { type BenchRow, call, latency, notBuilt, routeExists, type Scenario } from '../lib.js';

const SEARCH_BUDGET = 'p95 < 50 ms';
const SEARCH_LIMITS = { p95: 50 };
const IMPORT_BUDGET = '< 20 s (preview + confirm)';
const IMPORT_ROWS = 100_000;

interface Page {
  data: { email: string; firstName: string; lastName: string }[];
  total: number;
}

/**
 * Vault holders beyond the plain page (which vault-holder-page measures):
 * - "contains" search on e-mail and on last name, first page, largest sponsor (DESIGN 7: p95 < 50 ms);
 * - a CSV import of 100,000 holders, preview + confirm, through the real multipart route (DESIGN 7: < 20 s).
 * The imported holders are deleted again afterwards, so the data set stays the same for later runs.
 */
export const vaults: Scenario = {
  name: 'vaults',
  description: 'Vault holder "contains" search (e-mail, last name) and a 100,000-row CSV import (preview + confirm)',
  async run(ctx) {
    const big = ctx.sponsors[0]!;
    const searchPath = `/api/v1/vaultholders/search?sponsorId=${big.id}&offset=0&limit=20`;
    if (!(await routeExists(ctx, 'POST', searchPath)))
      return [notBuilt('vault holder search', SEARCH_BUDGET, '/api/v1/vaultholders/search')];
    const n = Math.max(20, Math.round(200 * ctx.scale));
    const rows: BenchRow[] = [];

    // Search terms taken from real holders spread over the sponsor's list: parts of e-mails and names.
    const terms: { email: string[]; lastName: string[] } = { email: [], lastName: [] };
    for (const offset of [0, Math.floor(big.holders / 3), Math.floor((2 * big.holders) / 3), Math.max(0, big.holders - 20)]) {
      const page = (await call(ctx, `/api/v1/vaultholders?sponsorId=${big.id}&offset=${offset}&limit=20`, { headers: ctx.staff })) as Page;
      for (const h of page.data) {
        const local = h.email.split('@')[0]!;
        terms.email.push(local.slice(Math.max(0, local.length - 6)));
        terms.lastName.push(h.lastName.slice(0, Math.max(3, Math.min(5, h.lastName.length))));
      }
    }
    const search = (fieldName: string, list: string[]) => (i: number) =>
      call(ctx, searchPath, { method: 'POST', headers: ctx.staff, body: { fieldName, fieldValue: list[i % list.length] } });
    const sample = (await search('email', terms.email)(0)) as Page;
    rows.push(
      await latency(`contains search, e-mail (${big.sponsorCode})`, search('email', terms.email), {
        n,
        budget: SEARCH_BUDGET,
        limits: SEARCH_LIMITS,
        note: `${terms.email.length} terms, e.g. "${terms.email[0]}" → ${sample.total} match`,
      }),
    );
    const common = (await search('lastName', terms.lastName)(0)) as Page;
    rows.push(
      await latency(`contains search, last name (${big.sponsorCode})`, search('lastName', terms.lastName), {
        n,
        budget: SEARCH_BUDGET,
        limits: SEARCH_LIMITS,
        note: `common names, e.g. "${terms.lastName[0]}" → ${common.total.toLocaleString('en-US')} matches`,
      }),
    );
    rows.push(
      await latency(
        `contains search, e-mail, all portals (staff)`,
        (i) =>
          call(ctx, `/api/v1/vaultholders/search?sponsorId=${ctx.sponsors[i % ctx.sponsors.length]!.id}&offset=0&limit=20`, {
            method: 'POST',
            headers: ctx.staff,
            body: { fieldName: 'email', fieldValue: terms.email[i % terms.email.length] },
          }),
        { n, budget: SEARCH_BUDGET, limits: SEARCH_LIMITS, note: 'each call another sponsor' },
      ),
    );

    rows.push(await importRow(ctx, ctx.sponsors[ctx.sponsors.length - 1]!, Math.max(1000, Math.round(IMPORT_ROWS * ctx.scale))));
    return rows;
  },
};

async function importRow(
  ctx: Parameters<Scenario['run']>[0],
  sponsor: { id: number; sponsorCode: string },
  count: number,
): Promise<BenchRow> {
  const scenario = `CSV import, ${count.toLocaleString('en-US')} rows (${sponsor.sponsorCode})`;
  try {
    const run = await importHolders(ctx, sponsor.id, count);
    if (!run) return { scenario, n: 0, budget: IMPORT_BUDGET, note: 'skipped: the sponsor has no package' };
    const total = run.previewMs + run.confirmMs;
    return {
      scenario,
      n: 1,
      median: total,
      // The budget is stated for 100,000 rows: a smaller import (--quick) is printed, never judged.
      budget: count === IMPORT_ROWS ? IMPORT_BUDGET : `not comparable (budget is for ${IMPORT_ROWS.toLocaleString('en-US')} rows)`,
      ok: count === IMPORT_ROWS ? total < 20_000 && run.imported === count : undefined,
      note: `preview ${(run.previewMs / 1000).toFixed(1)} s + confirm ${(run.confirmMs / 1000).toFixed(1)} s; ${run.imported.toLocaleString('en-US')} imported (${(run.bytes / 1024 / 1024).toFixed(1)} MB)`,
    };
  } finally {
    // Keep the data set as it was for the next run.
    await removeImport(ctx.database, sponsor.id, ctx.dataset.db);
  }
}
