import { type BenchRow, call, latency, notBuilt, routeExists, type Scenario } from '../lib.js';

const BUDGET = 'median < 10 ms, p95 < 25 ms';
const LIMITS = { median: 10, p95: 25 };
const DAY = 86_400_000;
const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

interface Page {
  total: number;
}

/**
 * The lists staff reach from the Overview's "All portals" figures (decision 0052): the first page
 * of each, across every portal, held to the vault page's budget ("any page a user can reach"). The
 * note gives the first call's time, before any count is remembered, and the total.
 */
export const allPortals: Scenario = {
  name: 'all-portals',
  description: 'First pages of the lists across every portal (staff), as the Overview "All portals" figures link them',
  async run(ctx) {
    if (!(await routeExists(ctx, 'GET', '/api/v1/vaultholders?allPortals=true&offset=0&limit=20')))
      return [notBuilt('vault holders, every portal', BUDGET, '/api/v1/vaultholders?allPortals=true')];
    const n = Math.max(20, Math.round(200 * ctx.scale));
    const month = `fromDate=${day(29 * DAY)}&toDate=${day(0)}`;
    const created = `createdFrom=${day(29 * DAY)}&createdTo=${day(0)}`;
    const pkg = await firstPackage(ctx);
    const get = (url: string) => () => call(ctx, url, { headers: ctx.staff }) as Promise<Page>;
    const post = (url: string, body: object) => () => call(ctx, url, { method: 'POST', headers: ctx.staff, body }) as Promise<Page>;
    const cases: [string, () => Promise<Page>][] = [
      ['holders p.1, every portal', get('/api/v1/vaultholders?allPortals=true&offset=0&limit=20')],
      [
        'holders Active p.1, every portal',
        post('/api/v1/vaultholders/search?allPortals=true&offset=0&limit=20', { fieldName: 'status', fieldValue: '1' }),
      ],
      ['holders created in 30 days p.1, every portal', get(`/api/v1/vaultholders?allPortals=true&offset=0&limit=20&${created}`)],
      ...(pkg
        ? [
            [
              `holders of package ${pkg} p.1, every portal`,
              get(`/api/v1/vaultholders?allPortals=true&offset=0&limit=20&packageId=${pkg}`),
            ] as [string, () => Promise<Page>],
          ]
        : []),
      [
        'invitations pending p.1, every portal',
        post('/api/v1/invitations/search?allPortals=true&offset=0&limit=20', { fieldName: 'status', fieldValue: 'pending' }),
      ],
      [
        'audit: redemptions in 29 days p.1, every portal',
        get(`/api/v1/audit?${month}&action=invitation.redeem&outcome=success&offset=0&limit=20`),
      ],
      [
        'failed files in 30 days p.1, every portal',
        get(`/api/v1/upload-failed-files?allPortals=true&status=all&${month}&offset=0&limit=20`),
      ],
      [
        'administrators without a second factor p.1, every portal',
        get('/api/v1/sponsors/admin?allPortals=true&secondFactor=off&offset=0&limit=20'),
      ],
    ];
    const rows: BenchRow[] = [];
    for (const [scenario, fn] of cases) {
      const t0 = performance.now();
      let first: Page;
      try {
        first = await fn();
      } catch (err) {
        rows.push({ scenario, n: 0, budget: BUDGET, note: `not measured: ${(err as Error).message.slice(0, 120)}` });
        continue;
      }
      const firstMs = performance.now() - t0;
      rows.push(
        await latency(scenario, fn, {
          n,
          budget: BUDGET,
          limits: LIMITS,
          note: `first call ${firstMs.toFixed(0)} ms; ${first.total.toLocaleString('en-US')} rows`,
        }),
      );
    }
    return rows;
  },
};

/** The package most of the largest portal's holders have, as "Holders per package" would link it. */
async function firstPackage(ctx: Parameters<Scenario['run']>[0]): Promise<number | null> {
  const rows = await ctx.database.query<{ id: number }>(
    'select package_id as id from vaults where package_id is not null group by package_id order by count(*) desc limit 1',
  );
  return rows[0]?.id ?? null;
}
