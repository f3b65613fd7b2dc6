import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/per-file-app.js';

const t = useTestApp();

/** What every answer carries, worked out once by plugins/security-headers.ts (decision 0054). */
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';base-uri 'none';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';upgrade-insecure-requests;connect-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it('are on every answer: a read, a refusal before any route runs, a bad request, an unknown address, the portal', async () => {
    const staff = await t.signInStaff();
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/v1/sponsors', headers: staff.headers }),
      await t.app.inject({ method: 'GET', url: '/api/v1/vaultholders?sponsorId=1' }),
      await t.app.inject({ method: 'POST', url: '/api/v1/authentication/login', payload: { nothing: 1 } }),
      await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }),
      await t.app.inject({ method: 'GET', url: '/vaults/nowhere' }),
    ];
    // The portal's address answers its page once the portal is built, else 404.
    expect(answers.map((a) => a.statusCode).slice(0, 4)).toEqual([200, 401, 400, 404]);
    for (const answer of answers) expect(answer.headers).toMatchObject(EXPECTED);
  });
});
