import { call, latency, type Scenario } from '../lib.js';

/** A floor for every other figure: GET /api/health/ready is one database round-trip through the whole stack. */
export const health: Scenario = {
  name: 'health',
  description: 'GET /api/health/ready (public, one database round-trip): the floor of this machine and stack',
  async run(ctx) {
    const n = Math.max(20, Math.round(300 * ctx.scale));
    const rows = [await latency('health (floor: 1 db round-trip)', () => call(ctx, '/api/health/ready'), { n, budget: '—' })];
    rows.push(await latency('raw driver: select 1 (no HTTP)', () => ctx.database.query('select 1'), { n, budget: '—' }));
    return rows;
  },
};
