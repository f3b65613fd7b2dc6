import Fastify from 'fastify';
import { type BenchRow, call, routeExists, type Scenario, throughput } from '../lib.js';

const BUDGET = '≥ 50% of the bare route';

/**
 * The same page query as GET /api/v1/vaultholders (modules/vaults: page ids in holder id order, the
 * rows of those ids with package, sponsor and document count, and the total), written for the raw driver.
 */
export const PAGE_IDS = `select id from users where sponsor_id = $1 and role = 'vault_holder' order by id limit $2 offset $3`;
export const ROWS = `select u.id, v.id as "vaultId", u.first_name as "firstName", u.middle_name as "middleName", u.last_name as "lastName",
    u.email, u.status_id as "statusId", u.test_account as "testAccount", u.localize, u.mfa_enabled as "mfaEnabled",
    u.last_login_at as "lastLoginAt", u.activated_at as "activatedAt", u.created_at as "createdAt",
    v.package_id as "packageId", bp.name as "packageName", v.license, v.sponsor_id as "sponsorId", s.sponsor_code as "sponsorCode",
    (select count(*)::int from documents d where d.vault_id = v.id) as "documentCount"
  from users u join vaults v on v.holder_user_id = u.id join sponsors s on s.id = v.sponsor_id
  left join base_packages bp on bp.id = v.package_id
  where u.id = any($1::int[]) order by u.id`;
export const COUNT = `select count(*)::int as n from users where sponsor_id = $1 and role = 'vault_holder'`;

/** DESIGN 7: the list route against a bare Fastify route running the same query with the raw driver, same run. */
export const listThroughput: Scenario = {
  name: 'list-throughput',
  description: 'Requests per second: GET /api/v1/vaultholders vs a bare Fastify route with the same page query',
  async run(ctx) {
    const big = ctx.sponsors[0]!;
    const holdersBuilt = await routeExists(ctx, 'GET', `/api/v1/vaultholders?sponsorId=${big.id}&offset=0&limit=20`);
    const bare = Fastify({ logger: false });
    const db = ctx.database;
    // The route keeps totals of 1,000 or more for 15 s (modules/vaults/vaults.counts.ts); the
    // baseline does the same, or it would be timing a count the route does not run.
    const totals = new Map<number, { n: number; at: number }>();
    const bareTotal = async (sponsorId: number) => {
      const hit = totals.get(sponsorId);
      if (hit && Date.now() - hit.at < 15_000) return hit.n;
      const n = Number((await db.query<{ n: number }>(COUNT, [sponsorId]))[0]!.n);
      if (n >= 1000) totals.set(sponsorId, { n, at: Date.now() });
      return n;
    };
    bare.get('/bare/vaultholders', async (request) => {
      const q = request.query as { sponsorId: string; offset?: string; limit?: string };
      const sponsorId = Number(q.sponsorId);
      const offset = Number(q.offset ?? 0);
      const limit = Number(q.limit ?? 20);
      const ids = (await db.query<{ id: number }>(PAGE_IDS, [sponsorId, limit, offset])).map((r) => r.id);
      const [data, total] = await Promise.all([
        ids.length ? db.query(ROWS, [ids]) : Promise.resolve([]),
        offset === 0 && ids.length < limit ? Promise.resolve(ids.length) : bareTotal(sponsorId),
      ]);
      return { data, total, activePage: Math.floor(offset / limit) + 1, perPage: limit, isEditable: true };
    });
    bare.get('/bare/sponsors', async () => {
      const data = await db.query('select id, sponsor_code as "sponsorCode", name from sponsors order by sponsor_code');
      return { data, total: data.length };
    });
    const address = await bare.listen({ port: 0, host: '127.0.0.1' });
    try {
      const [routePath, barePath, label] = holdersBuilt
        ? [
            `/api/v1/vaultholders?sponsorId=${big.id}&offset=0&limit=20`,
            `/bare/vaultholders?sponsorId=${big.id}&offset=0&limit=20`,
            `holders p.1 (${big.sponsorCode})`,
          ]
        : ['/api/v1/sponsors', '/bare/sponsors', 'sponsors (holder list not built yet)'];
      const opts = { concurrency: 4, seconds: Math.max(1, 5 * ctx.scale), maxRequests: 50_000 };
      // Warm both, then measure them one after the other in the same run.
      for (let i = 0; i < 20; i++) {
        await call(ctx, routePath, { headers: ctx.staff });
        await call({ baseUrl: address }, barePath);
      }
      const bareRun = await throughput(() => call({ baseUrl: address }, barePath), opts);
      const routeRun = await throughput(() => call(ctx, routePath, { headers: ctx.staff }), opts);
      const ratio = routeRun.rps / bareRun.rps;
      const rows: BenchRow[] = [
        {
          scenario: `bare Fastify + raw driver, ${label}`,
          n: bareRun.n,
          median: bareRun.median,
          p95: bareRun.p95,
          throughput: bareRun.rps,
          budget: '(baseline)',
        },
        {
          scenario: `list route, ${label}`,
          n: routeRun.n,
          median: routeRun.median,
          p95: routeRun.p95,
          throughput: routeRun.rps,
          budget: BUDGET,
          ok: ratio >= 0.5,
          note: `${(ratio * 100).toFixed(0)}% of bare, concurrency ${opts.concurrency}`,
        },
      ];
      return rows;
    } finally {
      await bare.close();
    }
  },
};
