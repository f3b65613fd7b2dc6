import { defaultAuditRange } from '@vault/contract';
import { type BenchRow, call, latency, notBuilt, routeExists, type Scenario } from '../lib.js';

const BUDGET = 'p95 < 20 ms';
const LIMITS = { p95: 20 };

/**
 * GET /api/v1/audit for the default 29-day range (specification section 9): first page of the
 * largest sponsor, every sponsor at once (staff), a deep page, and with an action filter. Each call
 * also computes the total (exact up to 10,000, estimated beyond: docs/decisions/0007-operations.md).
 */
export const audit: Scenario = {
  name: 'audit',
  description: 'Audit log page of 20 for a 29-day range: largest sponsor, all sponsors, a deep page, an action filter',
  async run(ctx) {
    const route = '/api/v1/audit';
    const { fromDate, toDate } = defaultAuditRange();
    const range = `fromDate=${fromDate}&toDate=${toDate}`;
    const big = ctx.sponsors[0]!;
    if (!(await routeExists(ctx, 'GET', `${route}?offset=0&limit=20&sponsorid=${big.id}&${range}`)))
      return [notBuilt('audit page, 29-day range', BUDGET, route)];
    const n = Math.max(20, Math.round(200 * ctx.scale));
    const get = (q: string) => () => call(ctx, `${route}?${q}&${range}`, { headers: ctx.staff });
    const first = (await get(`offset=0&limit=20&sponsorid=${big.id}`)()) as { total: number; totalIsEstimate: boolean };
    const all = (await get('offset=0&limit=20')()) as { total: number; totalIsEstimate: boolean };
    const about = (r: { total: number; totalIsEstimate: boolean }) =>
      `${r.totalIsEstimate ? '~' : ''}${r.total.toLocaleString('en-US')} in range`;
    const rows: BenchRow[] = [];
    rows.push(
      await latency(`audit p.1, 29 days (${big.sponsorCode})`, get(`offset=0&limit=20&sponsorid=${big.id}`), {
        n,
        budget: BUDGET,
        limits: LIMITS,
        note: about(first),
      }),
    );
    rows.push(
      await latency('audit p.1, 29 days, all sponsors (staff)', get('offset=0&limit=20'), {
        n,
        budget: BUDGET,
        limits: LIMITS,
        note: about(all),
      }),
    );
    rows.push(
      await latency(`audit p.50, 29 days (${big.sponsorCode})`, get(`offset=980&limit=20&sponsorid=${big.id}`), {
        n,
        budget: BUDGET,
        limits: LIMITS,
      }),
    );
    rows.push(
      await latency(`audit p.1, action "vault" (${big.sponsorCode})`, get(`offset=0&limit=20&sponsorid=${big.id}&action=vault`), {
        n,
        budget: '(diagnostic)',
      }),
    );
    // The page query alone on the raw driver: how much of the route's time is SQL.
    const from = `${fromDate}T00:00:00Z`;
    const to = new Date(Date.parse(`${toDate}T00:00:00Z`) + 86_400_000).toISOString();
    rows.push(
      await latency(
        `raw SQL only, p.1 (${big.sponsorCode})`,
        () =>
          ctx.database.query(
            'select * from audit_log where sponsor_id = $1 and occurred_at >= $2 and occurred_at < $3 order by occurred_at desc nulls last, id desc nulls last limit 20',
            [big.id, from, to],
          ),
        { n, budget: '(diagnostic)' },
      ),
    );
    return rows;
  },
};
