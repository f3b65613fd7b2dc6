import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const paths = (doc: unknown) => Object.keys((doc as { paths: object }).paths);

describe('API documentation', () => {
  it('is served at /api/docs in development', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(paths(json.json())).toContain('/api/v1/authentication/login');
  });

  it('is not served in production unless API_DOCS is on, yet the document is still built in-process', async () => {
    const production = await t.addInstance({
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(32),
      MFA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      AUDIT_SIGNING_KEY: Buffer.alloc(32, 2).toString('base64'),
    });
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await production.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
    }
    expect(paths(production.swagger())).toContain('/api/v1/authentication/login');

    const opted = await t.addInstance({
      NODE_ENV: 'production',
      API_DOCS: 'true',
      SESSION_SECRET: 's'.repeat(32),
      MFA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      AUDIT_SIGNING_KEY: Buffer.alloc(32, 2).toString('base64'),
    });
    expect((await opted.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});
