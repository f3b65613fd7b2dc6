import { type BenchRow, call, latency, notBuilt, routeExists, type Scenario } from '../lib.js';
import { listBaseline } from '../list-baseline.js';

const BUDGET = 'median < 10 ms, p95 < 25 ms';
const LIMITS = { median: 10, p95: 25 };

/** GET /api/v1/vaultholders?sponsorId&offset&limit: one page of 20 at the first, middle and last page. */
export const vaultHolderPage: Scenario = {
  name: 'vault-holder-page',
  description: 'Vault holder list, page of 20: first, middle and last page of the largest sponsor, first page of the smallest',
  async run(ctx) {
    const route = '/api/v1/vaultholders';
    const big = ctx.sponsors[0]!;
    if (!(await routeExists(ctx, 'GET', `${route}?sponsorId=${big.id}&offset=0&limit=20`)))
      return [notBuilt('vault holder page of 20', BUDGET, route)];
    const small = ctx.sponsors[ctx.sponsors.length - 1]!;
    const n = Math.max(20, Math.round(200 * ctx.scale));
    const page = (sponsorId: number, offset: number) => () =>
      call(ctx, `${route}?sponsorId=${sponsorId}&offset=${offset}&limit=20`, { headers: ctx.staff });
    const last = Math.max(0, Math.floor((big.holders - 1) / 20) * 20);
    const mid = Math.floor(last / 40) * 20;
    const rows: BenchRow[] = [];
    rows.push(await latency(`holders p.1 (${big.sponsorCode}, ${big.holders})`, page(big.id, 0), { n, budget: BUDGET, limits: LIMITS }));
    rows.push(await latency(`holders p.${mid / 20 + 1} (middle)`, page(big.id, mid), { n, budget: BUDGET, limits: LIMITS }));
    rows.push(await latency(`holders p.${last / 20 + 1} (last)`, page(big.id, last), { n, budget: BUDGET, limits: LIMITS }));
    // Random pages across the whole range: "any page a user can reach".
    let seed = 12345;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    rows.push(
      await latency(`holders random pages (${big.sponsorCode})`, () => page(big.id, Math.floor(rnd() * (last / 20 + 1)) * 20)(), {
        n,
        budget: BUDGET,
        limits: LIMITS,
      }),
    );
    rows.push(
      await latency(`holders p.1 (${small.sponsorCode}, ${small.holders})`, page(small.id, 0), { n, budget: BUDGET, limits: LIMITS }),
    );
    // The route's own statements on the raw driver, no HTTP: how much of the route's time is SQL.
    const baseline = listBaseline(ctx.database);
    rows.push(await latency(`raw SQL only, p.1 (${big.sponsorCode})`, () => baseline.page(big.id, 0, 20), { n, budget: '(diagnostic)' }));
    return rows;
  },
};
