import { call, latency, type Scenario } from '../lib.js';

/** POST /api/v1/authentication/login (argon2id verify + session + audit). The route allows 30 a minute per address. */
export const signIn: Scenario = {
  name: 'sign-in',
  description: 'POST /api/v1/authentication/login with the right password',
  async run(ctx) {
    const n = Math.max(5, Math.round(20 * ctx.scale));
    return [
      await latency('sign-in', () => call(ctx, '/api/v1/authentication/login', { method: 'POST', body: ctx.credentials }), {
        n,
        warmup: 1,
        budget: '— (argon2id by design)',
      }),
    ];
  },
};
