import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { TEST_PASSWORD } from '../../test/harness.js';
import { useTestApp } from '../../test/per-file-app.js';
import { THROTTLE } from './sign-in-throttle.js';

const t = useTestApp();

/** The forgotten-password route allows this many requests per address and minute. */
const FORGOT_MAX = 5;
const SOCKET = '192.0.2.10';

const forgot = (app: FastifyInstance, forwardedFor?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/authentication/forgot-password',
    payload: { email: 'someone@test.local' },
    remoteAddress: SOCKET,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

const signIn = (app: FastifyInstance, forwardedFor: string, password = TEST_PASSWORD) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/authentication/login',
    payload: { username: 'staff@test.local', password },
    remoteAddress: SOCKET,
    headers: { 'x-forwarded-for': forwardedFor },
  });

const auditedAddresses = async (action: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id)).map((e) => e.clientIp);

describe('client address (TRUST_PROXY)', () => {
  it('by default ignores X-Forwarded-For: a new forged address on each try neither escapes the limit nor reaches the audit log', async () => {
    const answers: number[] = [];
    for (let i = 0; i <= FORGOT_MAX; i++) answers.push((await forgot(t.app, `203.0.113.${i + 1}`)).statusCode);
    expect(answers).toEqual([...Array(FORGOT_MAX).fill(202), 429]);

    await t.signInStaff('staff@test.local');
    expect((await signIn(t.app, '203.0.113.99')).statusCode).toBe(200);
    expect(await auditedAddresses('auth.login')).toEqual([SOCKET]);

    // Wrong guesses under ever new forged addresses are all counted on the one real address.
    for (let i = 0; i < THROTTLE.pair.after; i++) await signIn(t.app, `203.0.113.${i + 100}`, 'guess');
    expect((await signIn(t.app, '203.0.113.200')).statusCode).toBe(401);
    expect(new Set(await auditedAddresses('auth.login_failed'))).toEqual(new Set([SOCKET]));
  });

  it('with TRUST_PROXY=1 takes the address the proxy forwards, for the limits and the audit log', async () => {
    const behindProxy = await t.addInstance({ TRUST_PROXY: '1' });
    for (let i = 0; i <= FORGOT_MAX; i++) expect((await forgot(behindProxy, `203.0.113.${i + 1}`)).statusCode).toBe(202);
    await t.signInStaff('staff@test.local');
    // Only the last hop (added by our proxy) is believed, not what the client wrote before it.
    expect((await signIn(behindProxy, '198.51.100.1, 203.0.113.99')).statusCode).toBe(200);
    expect(await auditedAddresses('auth.login')).toEqual(['203.0.113.99']);
  });

  it('shares the limits between two instances on one database', async () => {
    const other = await t.addInstance();
    const answers: number[] = [];
    for (let i = 0; i <= FORGOT_MAX; i++) answers.push((await forgot(i % 2 ? t.app : other)).statusCode);
    expect(answers).toEqual([...Array(FORGOT_MAX).fill(202), 429]);
    expect((await forgot(t.app)).json()).toEqual({ message: 'Too many requests. Please wait a moment and try again.' });
  });
});
