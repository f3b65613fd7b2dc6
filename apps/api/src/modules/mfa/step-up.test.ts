import {
  IDENTITY_CONFIRMATION_NEEDED_MESSAGE,
  IDENTITY_PASSWORD_FAILED_MESSAGE,
  MFA_ENROLLMENT_REQUIRED_MESSAGE,
  MFA_GRACE_SIGN_INS,
} from '@vault/contract';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { sessions, sponsors, users } from '../../db/schema/index.js';
import { type Auth, TEST_PASSWORD } from '../../test/harness.js';
import { useTestApp } from '../../test/per-file-app.js';
import { SoftAuthenticator } from '../../test/soft-authenticator.js';
import { mfaCalls } from './mfa.fixtures.js';

/** Issue 30, defect 3: a session alone cannot add a second factor; a fresh proof of identity is needed. */
const ORIGIN = 'http://portal.test';
const t = useTestApp();

const { call, post, login, sessionHeaders, audits } = mfaCalls(() => t);
type Headers = Auth['headers'];
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });
const confirm = (headers: Headers, body: object) => call(headers, 'POST', '/api/v1/account/confirm-identity', body);
const startTotp = (headers: Headers) => call(headers, 'POST', '/api/v1/account/second-factor/totp');
const passkeyOptions = (headers: Headers) => call(headers, 'POST', '/api/v1/account/passkeys/options');
const status = async (headers: Headers) => (await call(headers, 'GET', '/api/v1/account/second-factor')).json();

async function enrollTotp(headers: Headers) {
  expect((await confirm(headers, { password: TEST_PASSWORD })).statusCode).toBe(200);
  const { secret } = (await startTotp(headers)).json();
  const done = await call(headers, 'POST', '/api/v1/account/second-factor/totp/confirm', { code: codeAt(secret) });
  expect(done.statusCode).toBe(200);
  return { secret: secret as string, recoveryCodes: done.json().recoveryCodes as string[] };
}

describe('adding a second factor', () => {
  it('is refused to a session that has not proved it is the person, for an authenticator app and a passkey alike', async () => {
    const staff = await t.signInStaff();
    for (const res of [await startTotp(staff.headers), await passkeyOptions(staff.headers)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(IDENTITY_CONFIRMATION_NEEDED_MESSAGE);
    }
    // Options issued to a confirmed session of the same person do not let this one register.
    const confirmed = await t.signInAgain(staff.email);
    expect((await confirm(confirmed.headers, { password: TEST_PASSWORD })).statusCode).toBe(200);
    const { options } = (await passkeyOptions(confirmed.headers)).json();
    const response = new SoftAuthenticator(ORIGIN).create(options);
    expect((await call(staff.headers, 'POST', '/api/v1/account/passkeys', { name: 'Thief', response })).statusCode).toBe(403);
    const [u] = await t.db.select().from(users).where(eq(users.id, staff.userId));
    expect(u).toMatchObject({ mfaEnabled: false, mfaSecret: null });
  });

  it('takes the password while the account has no factor; a wrong one is refused, audited and counted', async () => {
    const staff = await t.signInStaff();
    const wrong = await confirm(staff.headers, { password: 'not it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ field: 'password', message: IDENTITY_PASSWORD_FAILED_MESSAGE }]);
    expect(await audits('auth.identity_confirmation_failed')).toHaveLength(1);
    expect((await startTotp(staff.headers)).statusCode).toBe(403);

    const right = await confirm(staff.headers, { password: TEST_PASSWORD });
    expect(right.statusCode).toBe(200);
    const until = new Date(right.json().identityConfirmedUntil).getTime();
    expect(until).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect((await status(staff.headers)).identityConfirmedUntil).toBe(right.json().identityConfirmedUntil);
    expect((await startTotp(staff.headers)).statusCode).toBe(200);
    expect(await audits('auth.identity_confirmed')).toHaveLength(1);
  });

  it('holds for this session only, and for a few minutes only', async () => {
    const staff = await t.signInStaff();
    const other = await t.signInAgain(staff.email);
    expect((await confirm(staff.headers, { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await startTotp(other.headers)).statusCode).toBe(403);
    await t.db
      .update(sessions)
      .set({ identityConfirmedAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.userId, staff.userId));
    expect((await startTotp(staff.headers)).statusCode).toBe(403);
    expect((await status(staff.headers)).identityConfirmedUntil).toBeNull();
  });

  it('takes a code, never the password alone, once the account has a factor', async () => {
    const staff = await t.signInStaff();
    const { secret } = await enrollTotp(staff.headers);
    const later = await t.signInAgain(staff.email);
    const password = await confirm(later.headers, { password: TEST_PASSWORD });
    expect(password.statusCode).toBe(400);
    expect(password.json().details[0].field).toBe('password');
    expect((await passkeyOptions(later.headers)).statusCode).toBe(403);
    expect((await confirm(later.headers, { code: codeAt(secret, 1) })).statusCode).toBe(200);
    expect((await passkeyOptions(later.headers)).statusCode).toBe(200);
  });

  it('takes one of the own passkeys of a passkey-only account, and no one else’s', async () => {
    const staff = await t.signInStaff();
    const other = await t.signInStaff('other@test.local');
    const authenticator = new SoftAuthenticator(ORIGIN);
    expect((await confirm(staff.headers, { password: TEST_PASSWORD })).statusCode).toBe(200);
    const { options } = (await passkeyOptions(staff.headers)).json();
    expect(
      (await call(staff.headers, 'POST', '/api/v1/account/passkeys', { name: 'Laptop', response: authenticator.create(options) }))
        .statusCode,
    ).toBe(200);

    const later = await t.signInAgain(staff.email);
    expect((await startTotp(later.headers)).statusCode).toBe(403);
    const ask = (await call(later.headers, 'POST', '/api/v1/account/confirm-identity/passkey/options')).json().options;
    // Another person's session cannot use this person's assertion.
    expect(
      (await call(other.headers, 'POST', '/api/v1/account/confirm-identity/passkey', { response: authenticator.get(ask) })).statusCode,
    ).toBe(400);
    const fresh = (await call(later.headers, 'POST', '/api/v1/account/confirm-identity/passkey/options')).json().options;
    const ok = await call(later.headers, 'POST', '/api/v1/account/confirm-identity/passkey', { response: authenticator.get(fresh) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await startTotp(later.headers)).statusCode).toBe(200);
    expect((await audits('auth.identity_confirmed')).map((e) => (e.logJson as { method: string }).method)).toEqual(['password', 'passkey']);
  });
});

describe('removing one’s last factor where the portal requires one', () => {
  it('hands out no new grace sign-ins and holds back the session that removed it', async () => {
    const s = await t.createSponsor('ACME');
    await t.db.update(sponsors).set({ requireAdminMfa: true }).where(eq(sponsors.id, s.id));
    const admin = await t.signInSponsorAdmin(s.id, {}, 'jo@acme.example');
    const { secret } = await enrollTotp(admin.headers);
    const own = `/api/v1/sponsors/admin/${admin.userId}?sponsorid=${s.id}`;
    expect((await call(admin.headers, 'GET', own)).statusCode).toBe(200);

    expect((await call(admin.headers, 'DELETE', '/api/v1/account/second-factor', { code: codeAt(secret, 1) })).statusCode).toBe(200);
    const held = await call(admin.headers, 'GET', own);
    expect(held.statusCode).toBe(403);
    expect(held.json().message).toBe(MFA_ENROLLMENT_REQUIRED_MESSAGE);
    expect(await status(admin.headers)).toMatchObject({ enrollmentRequired: true, graceRemaining: 0 });

    const next = sessionHeaders(await login(admin.email));
    expect((await call(next, 'GET', own)).statusCode).toBe(403);
    const [u] = await t.db.select().from(users).where(eq(users.id, admin.userId));
    expect(u!.mfaGraceSignIns).toBeGreaterThan(MFA_GRACE_SIGN_INS);
  });
});

describe('the confirm-identity call', () => {
  it('needs a session, and refuses unknown fields with 400', async () => {
    const staff = await t.signInStaff();
    expect((await post('/api/v1/account/confirm-identity', {})).statusCode).toBe(401);
    expect((await call(staff.headers, 'POST', '/api/v1/account/confirm-identity', { password: TEST_PASSWORD, extra: 1 })).statusCode).toBe(
      400,
    );
  });
});
