import { LOGIN_FAILED_MESSAGE } from '@vault/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditLog, signInThrottle } from '../../db/schema/index.js';
import { TEST_PASSWORD } from '../../test/harness.js';
import { useTestApp } from '../../test/per-file-app.js';
import { mfaCalls } from '../mfa/mfa.fixtures.js';
import { THROTTLE } from './sign-in-throttle.js';

const t = useTestApp();

const OWNER = '10.0.0.1';
const login = (username: string, password: string, remoteAddress: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: '/api/v1/authentication/login', payload: { username, password }, remoteAddress });

const pairRow = async (account: string, address: string) =>
  (
    await t.db
      .select()
      .from(signInThrottle)
      .where(and(eq(signInThrottle.account, account), eq(signInThrottle.address, address)))
  )[0]!;

/** Seconds from now until the row's block ends. */
const blockedFor = (row: { blockedUntil: Date | null }) => ((row.blockedUntil?.getTime() ?? 0) - Date.now()) / 1000;

describe('sign-in throttling', () => {
  it('answers a throttled sign-in byte for byte as a wrong password and an unknown user', async () => {
    await t.signInStaff('a@test.local');
    const wrong = await login('a@test.local', 'nope', OWNER);
    const unknown = await login('ghost@test.local', 'nope', OWNER);
    for (let i = 1; i < THROTTLE.pair.after; i++) await login('a@test.local', 'nope', OWNER);
    const throttled = await login('a@test.local', TEST_PASSWORD, OWNER);
    for (const res of [wrong, unknown, throttled]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toBe(wrong.headers['content-type']);
      expect(res.body).toBe(wrong.body);
    }
    expect(wrong.json().errorMsg).toBe(LOGIN_FAILED_MESSAGE);
    const reasons = (await t.db.select().from(auditLog))
      .filter((e) => e.action === 'auth.login_failed')
      .map((e) => (e.logJson as { reason: string }).reason);
    expect(reasons.at(-1)).toBe('throttled');
  }, 30_000);

  it('holds back the guessing address, not the owner signing in from another', async () => {
    await t.signInStaff('staff@test.local');
    for (let i = 0; i < THROTTLE.pair.after + 2; i++) await login('staff@test.local', 'guess', '198.51.100.7');
    expect((await login('staff@test.local', TEST_PASSWORD, '198.51.100.7')).statusCode).toBe(401);
    expect((await login('staff@test.local', TEST_PASSWORD, OWNER)).statusCode).toBe(200);
  }, 30_000);

  it('lets the owner in from their usual address while guesses come from many others', async () => {
    await t.signInStaff('staff@test.local');
    expect((await login('staff@test.local', TEST_PASSWORD, OWNER)).statusCode).toBe(200);
    // One guess per address, so no pair is ever held back: only the account-wide count grows.
    for (let i = 0; i < THROTTLE.account.after + 1; i++) await login('staff@test.local', 'guess', `198.51.100.${i + 10}`);
    expect((await login('staff@test.local', TEST_PASSWORD, OWNER)).statusCode).toBe(200);
    // An address the account never signed in from waits out the account-wide block.
    expect((await login('staff@test.local', TEST_PASSWORD, '203.0.113.50')).statusCode).toBe(401);
  }, 60_000);

  it('holds back one address trying many accounts, and only that address', async () => {
    await t.signInStaff('staff@test.local');
    for (let i = 0; i < THROTTLE.address.after; i++) await login(`user${i}@test.local`, 'guess', '198.51.100.9');
    expect((await login('staff@test.local', TEST_PASSWORD, '198.51.100.9')).statusCode).toBe(401);
    expect((await login('staff@test.local', TEST_PASSWORD, OWNER)).statusCode).toBe(200);
  }, 60_000);

  it('blocks for longer after each further failure, and does not count tries made while held back', async () => {
    await t.signInStaff('staff@test.local');
    for (let i = 0; i < THROTTLE.pair.after; i++) await login('staff@test.local', 'guess', OWNER);
    const first = await pairRow('staff@test.local', OWNER);
    expect(blockedFor(first)).toBeGreaterThan(THROTTLE.pair.baseSeconds - 5);
    expect(blockedFor(first)).toBeLessThanOrEqual(THROTTLE.pair.baseSeconds);
    await login('staff@test.local', 'guess', OWNER);
    expect((await pairRow('staff@test.local', OWNER)).failures).toBe(THROTTLE.pair.after);
    // The block has run out: the next failure blocks for twice as long.
    await t.db
      .update(signInThrottle)
      .set({ blockedUntil: new Date(Date.now() - 1000) })
      .where(eq(signInThrottle.account, 'staff@test.local'));
    await login('staff@test.local', 'guess', OWNER);
    const second = await pairRow('staff@test.local', OWNER);
    expect(blockedFor(second)).toBeGreaterThan(2 * THROTTLE.pair.baseSeconds - 5);
    expect(blockedFor(second)).toBeLessThanOrEqual(2 * THROTTLE.pair.baseSeconds);
  }, 30_000);

  it('counts guesses made through two instances on one database together', async () => {
    await t.signInStaff('staff@test.local');
    const other = await t.addInstance();
    for (let i = 0; i < THROTTLE.pair.after; i++) await login('staff@test.local', 'guess', OWNER, i % 2 ? t.app : other);
    expect((await login('staff@test.local', TEST_PASSWORD, OWNER, t.app)).statusCode).toBe(401);
    expect((await login('staff@test.local', TEST_PASSWORD, OWNER, other)).statusCode).toBe(401);
  }, 30_000);

  describe('bursts of concurrent guesses (issue 30, defect 2)', () => {
    const reasons = async (action: string) =>
      (await t.db.select().from(auditLog)).filter((e) => e.action === action).map((e) => (e.logJson as { reason: string }).reason);
    const addresses = Array.from({ length: 8 }, (_, i) => `198.51.100.${i + 1}`);

    it('checks no more passwords of a burst from one address than the pair allows', async () => {
      await t.signInStaff('staff@test.local');
      // Under the route's rate limit (30 a minute an address), so every guess reaches the throttle.
      await Promise.all(Array.from({ length: 25 }, () => login('staff@test.local', 'guess', '198.51.100.99')));
      const checked = (await reasons('auth.login_failed')).filter((r) => r === 'wrong_password');
      expect(checked.length).toBeGreaterThan(0);
      expect(checked.length).toBeLessThanOrEqual(THROTTLE.pair.after);
    }, 120_000);

    it('checks no more passwords of a burst from many addresses than the account allows', async () => {
      await t.signInStaff('staff@test.local');
      await Promise.all(Array.from({ length: 90 }, (_, i) => login('staff@test.local', 'guess', addresses[i % addresses.length]!)));
      const checked = (await reasons('auth.login_failed')).filter((r) => r === 'wrong_password');
      expect(checked.length).toBeGreaterThan(0);
      expect(checked.length).toBeLessThanOrEqual(THROTTLE.account.after);
      // The owner, from an address the account never used, waits too; nothing of the burst got in.
      expect((await login('staff@test.local', TEST_PASSWORD, '203.0.113.77')).statusCode).toBe(401);
    }, 120_000);

    it('checks no more second-factor codes of a burst from many addresses than the account allows', async () => {
      const { call, confirmIdentity } = mfaCalls(() => t);
      const staff = await t.signInStaff('staff@test.local');
      await confirmIdentity(staff.headers);
      const { secret } = (await call(staff.headers, 'POST', '/api/v1/account/second-factor/totp')).json();
      const { TOTP, Secret } = await import('otpauth');
      const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
      expect((await call(staff.headers, 'POST', '/api/v1/account/second-factor/totp/confirm', { code })).statusCode).toBe(200);
      const { challengeToken } = (await login('staff@test.local', TEST_PASSWORD, OWNER)).json();
      expect(challengeToken).toBeTruthy();
      // 29 an address: under the route's rate limit, so every code reaches the throttle.
      const guesses = Array.from({ length: 29 * addresses.length }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/authentication/second-factor',
          payload: { challengeToken, code: String(100000 + i) },
          remoteAddress: addresses[i % addresses.length],
        }),
      );
      const answers = await Promise.all(guesses);
      expect(answers.every((a) => a.statusCode === 401)).toBe(true);
      const checked = (await reasons('auth.mfa_failed')).filter((r) => r === 'wrong_code');
      expect(checked.length).toBeGreaterThan(0);
      expect(checked.length).toBeLessThanOrEqual(THROTTLE.account.after);
    }, 120_000);
  });
});
