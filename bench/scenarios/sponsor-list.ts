import { call, latency, type Scenario } from '../lib.js';

export const sponsorList: Scenario = {
  name: 'sponsor-list',
  description: 'GET /api/v1/sponsors (the header dropdown) as staff',
  async run(ctx) {
    const n = Math.max(20, Math.round(300 * ctx.scale));
    return [await latency('sponsor list (dropdown)', () => call(ctx, '/api/v1/sponsors', { headers: ctx.staff }), { n, budget: '—' })];
  },
};
