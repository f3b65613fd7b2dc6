import Fastify from 'fastify';
import { type BenchRow, drain, mergeRuns, type Scenario, type ThroughputRun, throughput } from '../lib.js';
import { listBaseline } from '../list-baseline.js';

const BUDGET = '≥ 50% of the bare route';

/**
 * DESIGN 7 and issue 36: the list route against a bare Fastify route replaying exactly the route's
 * statements (the session check left out), same run; a diagnostic row adds the session check, so
 * the report shows how much of the gap is the second round trip and how much the per-request hooks.
 */
export const listThroughput: Scenario = {
  name: 'list-throughput',
  description: 'Requests per second: GET /api/v1/vaultholders vs a bare Fastify route replaying its statements',
  async run(ctx) {
    const big = ctx.sponsors[0]!;
    const bare = Fastify({ logger: false });
    // The route's own statements, prepared as it prepares them (bench/list-baseline.ts; its test
    // fails when the route runs others), behind a Fastify route with nothing else.
    const baseline = listBaseline(ctx.database);
    const token = ctx.staff.authorization!.slice('Bearer '.length);
    const pageOf = (request: { query: unknown }) => {
      const q = request.query as { sponsorId: string; offset?: string; limit?: string };
      return { sponsorId: Number(q.sponsorId), offset: Number(q.offset ?? 0), limit: Number(q.limit ?? 20) };
    };
    bare.get('/bare/vaultholders', async (request) => {
      const p = pageOf(request);
      return baseline.page(p.sponsorId, p.offset, p.limit);
    });
    bare.get('/bare-session/vaultholders', async (request) => {
      const p = pageOf(request);
      return baseline.withSession(token, p.sponsorId, p.offset, p.limit);
    });
    const address = await bare.listen({ port: 0, host: '127.0.0.1' });
    try {
      const query = `sponsorId=${big.id}&offset=0&limit=20`;
      const label = `holders p.1 (${big.sponsorCode})`;
      // Read to the end and dropped (bench/lib.ts drain): the client's work is the same for all three.
      const route = () => drain(ctx.baseUrl, `/api/v1/vaultholders?${query}`, ctx.staff);
      const bareCall = () => drain(address, `/bare/vaultholders?${query}`);
      const sessionCall = () => drain(address, `/bare-session/vaultholders?${query}`);
      // Five slices of each, in turn: a change of load on a shared machine meets all three alike.
      const slices = 5;
      const opts = { concurrency: 4, seconds: Math.max(0.5, ctx.scale), maxRequests: 10_000 };
      for (let i = 0; i < 20; i++) {
        await route();
        await bareCall();
        await sessionCall();
      }
      const runs: Record<'bare' | 'session' | 'route', ThroughputRun[]> = { bare: [], session: [], route: [] };
      const calls = { bare: bareCall, session: sessionCall, route };
      for (let i = 0; i < slices; i++) {
        const order = (['bare', 'session', 'route'] as const).map((_, k, all) => all[(i + k) % all.length]!);
        for (const which of order) runs[which].push(await throughput(calls[which], opts));
      }
      const [bareRun, sessionRun, routeRun] = [mergeRuns(runs.bare), mergeRuns(runs.session), mergeRuns(runs.route)];
      const ratio = routeRun.rps / bareRun.rps;
      const row = (scenario: string, run: typeof bareRun) => ({
        scenario: `${scenario}, ${label}`,
        n: run.n,
        median: run.median,
        p95: run.p95,
        throughput: run.rps,
      });
      const rows: BenchRow[] = [
        { ...row("bare Fastify, the route's statements", bareRun), budget: '(baseline)' },
        {
          ...row('bare Fastify + the session check', sessionRun),
          budget: '(diagnostic)',
          note: `${((sessionRun.rps / bareRun.rps) * 100).toFixed(0)}% of bare`,
        },
        {
          ...row('list route', routeRun),
          budget: BUDGET,
          ok: ratio >= 0.5,
          note: `${(ratio * 100).toFixed(0)}% of bare, ${((routeRun.rps / sessionRun.rps) * 100).toFixed(0)}% of bare + session, concurrency ${opts.concurrency}, ${slices} interleaved slices of ${opts.seconds} s`,
        },
      ];
      return rows;
    } finally {
      await bare.close();
    }
  },
};
