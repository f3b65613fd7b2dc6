import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mfaCalls } from '../modules/mfa/mfa.fixtures.js';
import { type Auth, createTestApp, type TestApp } from '../test/harness.js';
import { createCleanup, runCleanup } from './cleanup.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.reset());

const { call, post, login, confirmIdentity } = mfaCalls(() => t);
/** The code an authenticator shows `steps` periods from now (enrollment takes this period's, sign-in the next). */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });
const quiet = { info: () => {}, error: () => {} };

/** A staff member with an authenticator, so a password sign-in answers a second-factor challenge. */
async function enrolled(email: string) {
  const auth = await t.signInStaff(email);
  await confirmIdentity(auth.headers);
  const { secret } = (await call(auth.headers, 'POST', '/api/v1/account/second-factor/totp')).json();
  expect((await call(auth.headers, 'POST', '/api/v1/account/second-factor/totp/confirm', { code: codeAt(secret) })).statusCode).toBe(200);
  return { auth, secret: secret as string };
}

async function challenge(email: string) {
  const res = await login(email);
  expect(res.statusCode).toBe(200);
  return res.json().challengeToken as string;
}

/** The token of the last password link e-mailed to `email`. */
async function emailedLink(email: string) {
  const before = await count('email_outbox');
  expect((await post('/api/v1/authentication/forgot-password', { email })).statusCode).toBe(202);
  // The link is queued just after the answer (its timing tells nothing).
  await expect.poll(() => count('email_outbox')).toBe(before + 1);
  const [row] = await t.database.query<{ body_text: string }>(
    'select body_text from email_outbox where to_address = $1 order by id desc limit 1',
    [email],
  );
  return /token=([\w-]+)/.exec(row!.body_text)![1]!;
}

const count = async (table: string, where = 'true') =>
  Number((await t.database.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`))[0]!.n);
const sessionOf = (auth: Auth) => `user_id = ${auth.userId}`;

describe('removing ended one-time rows', () => {
  it('removes ended challenges, links and long-ended sessions, and keeps every row a call can still use', async () => {
    const live = await enrolled('live@test.local');
    const aged = await enrolled('aged@test.local');
    const done = await enrolled('done@test.local');

    const liveChallenge = await challenge('live@test.local');
    await challenge('aged@test.local');
    await t.database.query(`update mfa_challenges set expires_at = now() - interval '1 second' where user_id = $1`, [aged.auth.userId]);
    const doneChallenge = await challenge('done@test.local');
    expect(
      (await post('/api/v1/authentication/second-factor', { challengeToken: doneChallenge, code: codeAt(done.secret, 1) })).statusCode,
    ).toBe(200);

    // A passkey sign-in's challenge: one live, one expired.
    for (let i = 0; i < 2; i++) expect((await post('/api/v1/authentication/passkey/options', {})).statusCode).toBe(200);
    await t.database.query(
      `update webauthn_challenges set expires_at = now() - interval '1 second' where id = (select min(id) from webauthn_challenges)`,
    );

    const liveLink = await emailedLink('live@test.local');
    await emailedLink('aged@test.local');
    await t.database.query(`update password_tokens set expires_at = now() - interval '1 second' where user_id = $1`, [aged.auth.userId]);
    const usedLink = await emailedLink('done@test.local');
    expect((await post('/api/v1/authentication/password', { token: usedLink, password: 'another long password 1' })).statusCode).toBe(200);

    // Sessions: ended eight days ago go; ended an hour ago (idle, revoked or past their limit) stay.
    const oldSessions = await Promise.all([t.signInStaff('old1@test.local'), t.signInStaff('old2@test.local')]);
    const recentSessions = await Promise.all([t.signInStaff('recent1@test.local'), t.signInStaff('recent2@test.local')]);
    await t.database.query(`update sessions set revoked_at = now() - interval '8 days' where ${sessionOf(oldSessions[0]!)}`);
    await t.database.query(`update sessions set expires_at = now() - interval '8 days' where ${sessionOf(oldSessions[1]!)}`);
    await t.database.query(`update sessions set revoked_at = now() - interval '1 hour' where ${sessionOf(recentSessions[0]!)}`);
    await t.database.query(`update sessions set expires_at = now() - interval '1 hour' where ${sessionOf(recentSessions[1]!)}`);
    const sessionsBefore = await count('sessions');

    await t.database.query(
      `insert into sign_in_throttle (account, address, failures, updated_at) values ('quiet', '', 1, now() - interval '2 days'), ('recent', '', 1, now())`,
    );
    await t.database.query(
      `insert into rate_limits (key, hits, window_ends_at) values ('ended', 3, now() - interval '2 minutes'), ('open', 3, now() + interval '1 minute')`,
    );

    // SSO sign-ins under way and their hand-overs: used, expired, live.
    const portal = await t.createSponsor('SSOCLEAN');
    for (const [table, key] of [
      ['sso_logins', 'state_hash'],
      ['sso_handoffs', 'token_hash'],
    ] as const) {
      const extra = table === 'sso_logins' ? ', browser_hash' : '';
      const value = table === 'sso_logins' ? ", 'b'" : '';
      await t.database.query(
        `insert into ${table} (${key}, sponsor_id, protocol, expires_at, used_at${extra}) values
          ('used', $1, 'oidc', now() + interval '5 minutes', now()${value}),
          ('expired', $1, 'oidc', now() - interval '1 second', null${value}),
          ('live', $1, 'oidc', now() + interval '5 minutes', null${value})`,
        [portal.id],
      );
    }

    expect(await runCleanup(t.database)).toEqual({
      mfaChallenges: 2,
      webauthnChallenges: 1,
      passwordTokens: 2,
      ssoLogins: 2,
      ssoHandoffs: 2,
      sessions: 2,
      rateLimits: 1,
      signInThrottle: 1,
      samlRequests: 0,
      samlAssertions: 0,
    });
    expect(await count('mfa_challenges')).toBe(1);
    expect(await t.database.query("select account from sign_in_throttle where account in ('quiet', 'recent')")).toEqual([
      { account: 'recent' },
    ]);
    expect(await count('webauthn_challenges')).toBe(1);
    expect(await count('password_tokens')).toBe(1);
    expect(await count('sessions')).toBe(sessionsBefore - 2);
    for (const auth of oldSessions) expect(await count('sessions', sessionOf(auth))).toBe(0);
    for (const auth of recentSessions) expect(await count('sessions', sessionOf(auth))).toBe(1);
    expect(await t.database.query("select key from rate_limits where key in ('ended', 'open')")).toEqual([{ key: 'open' }]);

    // What was kept still works, once.
    const second = await post('/api/v1/authentication/second-factor', { challengeToken: liveChallenge, code: codeAt(live.secret, 1) });
    expect(second.statusCode).toBe(200);
    expect((await post('/api/v1/authentication/password', { token: liveLink, password: 'another long password 2' })).statusCode).toBe(200);
    expect((await call(live.auth.headers, 'GET', '/api/v1/authentication/me')).statusCode).toBe(401);

    // A second pass finds nothing left but what the calls just used.
    expect(await runCleanup(t.database)).toMatchObject({ mfaChallenges: 1, passwordTokens: 1, sessions: 0 });
    expect(await t.database.query('select state_hash from sso_logins')).toEqual([{ state_hash: 'live' }]);
    expect(await t.database.query('select token_hash from sso_handoffs')).toEqual([{ token_hash: 'live' }]);
    expect(await runCleanup(t.database)).toEqual({
      mfaChallenges: 0,
      webauthnChallenges: 0,
      passwordTokens: 0,
      ssoLogins: 0,
      ssoHandoffs: 0,
      sessions: 0,
      rateLimits: 0,
      signInThrottle: 0,
      samlRequests: 0,
      samlAssertions: 0,
    });
  });

  it('skips a pass while another instance runs one (PostgreSQL)', async (ctx) => {
    if (!t.database.pool) return ctx.skip();
    await t.database.query(`insert into rate_limits (key, hits, window_ends_at) values ('ended', 3, now() - interval '2 minutes')`);
    // Another instance's pass holds the lock in its own transaction.
    const other = new pg.Client({ connectionString: (t.database.pool.options as { connectionString: string }).connectionString });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(815104734)');
      expect(await runCleanup(t.database)).toBeNull();
      expect(await count('rate_limits')).toBe(1);
      await other.query('commit');
      expect(await runCleanup(t.database)).toMatchObject({ rateLimits: 1 });
    } finally {
      await other.end();
    }
  });

  it('runs on its schedule, does not keep the process alive, and stops after the pass under way', async () => {
    await t.database.query(`insert into rate_limits (key, hits, window_ends_at) values ('ended', 3, now() - interval '2 minutes')`);
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const lines: object[] = [];
    const cleanup = createCleanup({ database: t.database, intervalMs: 50, log: { ...quiet, info: (obj) => lines.push(obj) } });
    cleanup.start();
    expect(timers()).toBe(before);
    await expect.poll(() => count('rate_limits'), { timeout: 10_000 }).toBe(0);
    expect(lines).toContainEqual(expect.objectContaining({ rateLimits: 1 }));
    await cleanup.stop();
    await t.database.query(`insert into rate_limits (key, hits, window_ends_at) values ('later', 3, now() - interval '2 minutes')`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await count('rate_limits')).toBe(1);
  });

  it('never runs with an interval of 0', async () => {
    await t.database.query(`insert into rate_limits (key, hits, window_ends_at) values ('ended', 3, now() - interval '2 minutes')`);
    const cleanup = createCleanup({ database: t.database, intervalMs: 0, log: quiet });
    cleanup.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await cleanup.stop();
    expect(await count('rate_limits')).toBe(1);
  });
});
