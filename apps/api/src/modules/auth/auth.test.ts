import { LOGIN_FAILED_MESSAGE } from '@vault/contract';
import { describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../../db/schema/index.js';
import { TEST_PASSWORD } from '../../test/harness.js';
import { useTestApp } from '../../test/per-file-app.js';

const t = useTestApp();

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/authentication/login', payload: { username, password } });

describe('sign-in', () => {
  it('returns the user, a token and an XSRF cookie bound to the session, and audits it', async () => {
    await t.signInStaff('Boss@Test.local');
    const res = await login('boss@test.local', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: 'Boss@Test.local', role: 'staff' });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!;
    expect(cookie.sameSite).toBe('Strict');
    const headers = { authorization: `Bearer ${body.accessToken}`, 'x-xsrf-token': cookie.value };
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/authentication/me', headers });
    expect(me.json().user).toMatchObject({ email: 'Boss@Test.local', role: 'staff' });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/authentication/logout', headers })).statusCode).toBe(200);
    const entries = await t.db.select().from(auditLog);
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['auth.login', 'auth.logout']));
  });

  it('answers the same 401 for a wrong password, an unknown user and a locked account', async () => {
    await t.signInStaff('a@test.local');
    const wrong = await login('a@test.local', 'nope');
    const unknown = await login('ghost@test.local', 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().errorMsg).toBe(LOGIN_FAILED_MESSAGE);
    for (let i = 0; i < 4; i++) await login('a@test.local', 'nope');
    const locked = await login('a@test.local', TEST_PASSWORD);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual(wrong.json());
    const failures = (await t.db.select().from(auditLog)).filter((e) => e.action === 'auth.login_failed');
    expect(failures.length).toBe(7);
    expect(JSON.stringify(failures)).not.toContain('nope');
  }, 20_000);

  it('rejects bad bodies with a clear 400 and unknown fields', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/authentication/login', payload: { username: 'x' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].field).toBe('password');
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      payload: { username: 'x', password: 'y', admin: true },
    });
    expect(extra.statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toMatch(/not valid JSON/);
  });
});

describe('sessions', () => {
  it('refuses a missing, malformed or revoked token with 401', async () => {
    const auth = await t.signInStaff();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sponsors' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sponsors', headers: { authorization: 'Bearer nonsense' } })).statusCode).toBe(
      401,
    );
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/authentication/logout', headers: auth.headers });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/sponsors', headers: auth.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().errorMsg).toBeUndefined();
  });

  it('ends a session idle for 30 minutes', async () => {
    const auth = await t.signInStaff();
    await t.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sponsors', headers: auth.headers })).statusCode).toBe(401);
  });

  it('ends a session after 12 hours however active', async () => {
    const auth = await t.signInStaff();
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sponsors', headers: auth.headers })).statusCode).toBe(401);
  });

  it('refuses a mutating call without the matching XSRF header, and changes nothing', async () => {
    const auth = await t.signInStaff();
    const other = await t.signInStaff('other@test.local');
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/logout',
      headers: { authorization: auth.headers.authorization },
    });
    expect(noHeader.statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/logout',
      headers: { authorization: auth.headers.authorization, 'x-xsrf-token': other.headers['x-xsrf-token'] },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sponsors', headers: auth.headers })).statusCode).toBe(200);
  });
});

describe('tenant access', () => {
  it('lists only the sponsors a user may work in, sorted by code', async () => {
    const b = await t.createSponsor('BETA');
    await t.createSponsor('ALPHA');
    const staff = await t.signInStaff();
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/sponsors', headers: staff.headers });
    expect(all.json().data.map((s: { sponsorCode: string }) => s.sponsorCode)).toEqual(['ALPHA', 'BETA']);
    const admin = await t.signInSponsorAdmin(b.id);
    const own = await t.app.inject({ method: 'GET', url: '/api/v1/sponsors', headers: admin.headers });
    expect(own.json()).toEqual({ data: [{ id: b.id, sponsorCode: 'BETA', name: 'BETA Wealth' }], total: 1 });
  });

  it('answers 403 for another sponsor by code, in any case', async () => {
    const a = await t.createSponsor('ALPHA');
    await t.createSponsor('BETA');
    const admin = await t.signInSponsorAdmin(a.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/beta/sponsor-group', headers: admin.headers })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/template/BETA', headers: admin.headers })).statusCode).toBe(403);
    const own = await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/alpha/sponsor-group', headers: admin.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ data: [], total: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/NOPE/sponsor-group', headers: admin.headers })).statusCode).toBe(
      404,
    );
  });

  it('lists the statuses', async () => {
    const staff = await t.signInStaff();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/status/list', headers: staff.headers });
    expect(res.json().data).toEqual([
      { id: 1, name: 'Active' },
      { id: 2, name: 'Inactive' },
      { id: 3, name: 'Pending activation' },
      { id: 4, name: 'Archived' },
    ]);
  });
});

describe('server basics', () => {
  it('answers unknown API routes with JSON 404 and sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.json()).toMatchObject({ status: 'ok', database: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("base-uri 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/No route/);
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/v1/authentication/login');
  });
});

describe('constraint errors', () => {
  it('answers a unique violation raised by the database with 409 and its message, not 500', async () => {
    const staff = await t.signInStaff();
    await t.createSponsor('ALPHA');
    const { AppError } = await import('../../lib/errors.js');
    // Straight to the database, past any service pre-check, through a throwaway route.
    const { buildApp } = await import('../../app.js');
    const { loadConfig } = await import('../../config.js');
    const { sponsors } = await import('../../db/schema/index.js');
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), database: t.database });
    app.post('/api/v1/test-duplicate', async () => {
      await t.db.insert(sponsors).values({ sponsorCode: 'alpha', name: 'Dup' });
      throw new AppError(500, 'not reached');
    });
    const res = await app.inject({ method: 'POST', url: '/api/v1/test-duplicate', headers: staff.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This sponsor code is already used.' });
    await app.close();
  });
});
