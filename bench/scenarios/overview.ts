import type { OverviewResponse } from '@vault/contract';
import { type BenchRow, call, latency, notBuilt, routeExists, type Scenario } from '../lib.js';

const BUDGET = 'p95 < 100 ms';
const LIMITS = { p95: 100 };
const DAY = 86_400_000;

/**
 * GET /api/v1/overview (issue 35): the largest portal for the default 29 days and for a year, and
 * all portals for a year (staff). The note compares the counters' holder total with the data set's:
 * the bulk load's counters must be right, not only fast.
 */
export const overview: Scenario = {
  name: 'overview',
  description: 'Overview figures: largest portal (29 days, one year), all portals (one year)',
  async run(ctx) {
    const route = '/api/v1/overview';
    const big = ctx.sponsors[0]!;
    if (!(await routeExists(ctx, 'GET', `${route}?sponsorId=${big.id}`))) return [notBuilt('overview, largest portal', BUDGET, route)];
    const n = Math.max(20, Math.round(200 * ctx.scale));
    const year = `fromDate=${new Date(Date.now() - 365 * DAY).toISOString().slice(0, 10)}&toDate=${new Date().toISOString().slice(0, 10)}`;
    const get = (q: string) => () => call(ctx, `${route}?${q}`, { headers: ctx.staff }) as Promise<OverviewResponse>;
    const holders = (r: OverviewResponse) => r.holdersByStatus.reduce((s, x) => s + x.count, 0);
    const one = await get(`sponsorId=${big.id}`)();
    const all = await get(year)();
    const expectedAll = ctx.sponsors.reduce((s, x) => s + x.holders, 0);
    const rows: BenchRow[] = [];
    rows.push(
      await latency(`overview, 29 days (${big.sponsorCode})`, get(`sponsorId=${big.id}`), {
        n,
        budget: BUDGET,
        limits: LIMITS,
        note: `${holders(one).toLocaleString('en-US')} holders counted, ${big.holders.toLocaleString('en-US')} in the data set`,
      }),
    );
    rows.push(
      await latency(`overview, one year (${big.sponsorCode})`, get(`sponsorId=${big.id}&${year}`), { n, budget: BUDGET, limits: LIMITS }),
    );
    rows.push(
      await latency('overview, one year, all portals (staff)', get(year), {
        n,
        budget: BUDGET,
        limits: LIMITS,
        note: `${holders(all).toLocaleString('en-US')} holders counted, ${expectedAll.toLocaleString('en-US')} in the data set`,
      }),
    );
    return rows;
  },
};
