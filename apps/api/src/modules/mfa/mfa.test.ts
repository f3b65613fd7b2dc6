import { MFA_CODE_FAILED_MESSAGE, MFA_ENROLLMENT_REQUIRED_MESSAGE, MFA_GRACE_SIGN_INS } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mfaChallenges, mfaRecoveryCodes, sessions, sponsors, users } from '../../db/schema/index.js';
import { sha256 } from '../../lib/crypto.js';
import { type Auth, createTestApp, type TestApp } from '../../test/harness.js';
import { mfaCalls } from './mfa.fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.reset());

/** The code an authenticator app shows `steps` periods from now. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

async function enroll(auth: Auth) {
  await confirmIdentity(auth.headers);
  const start = await call(auth.headers, 'POST', '/api/v1/account/second-factor/totp');
  expect(start.statusCode).toBe(200);
  const { secret } = start.json();
  const confirm = await call(auth.headers, 'POST', '/api/v1/account/second-factor/totp/confirm', { code: codeAt(secret) });
  expect(confirm.statusCode).toBe(200);
  return { secret: secret as string, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

const { call, post, login, sessionHeaders, audits, confirmIdentity } = mfaCalls(() => t);
const secondStep = (challengeToken: string, code: string) => post('/api/v1/authentication/second-factor', { challengeToken, code });

describe('authenticator enrollment', () => {
  it('shows a secret and QR code once, turns on with a first right code and answers ten recovery codes', async () => {
    const staff = await t.signInStaff();
    expect((await call(staff.headers, 'GET', '/api/v1/account/second-factor')).json()).toMatchObject({ enrolled: false, required: false });
    await confirmIdentity(staff.headers);
    const start = await call(staff.headers, 'POST', '/api/v1/account/second-factor/totp');
    const { secret, otpauthUrl, qrCode } = start.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const [stored] = await t.db.select().from(users).where(eq(users.id, staff.userId));
    expect(stored!.mfaSecret).not.toContain(secret);
    expect(stored!.mfaEnabled).toBe(false);

    const wrong = await call(staff.headers, 'POST', '/api/v1/account/second-factor/totp/confirm', { code: codeAt(secret, 5) });
    expect(wrong.statusCode).toBe(400);
    const ok = await call(staff.headers, 'POST', '/api/v1/account/second-factor/totp/confirm', { code: codeAt(secret) });
    expect(ok.statusCode).toBe(200);
    const codes: string[] = ok.json().recoveryCodes;
    expect(new Set(codes).size).toBe(10);
    const hashes = await t.db.select().from(mfaRecoveryCodes);
    expect(hashes).toHaveLength(10);
    expect(hashes.map((h) => h.codeHash)).not.toContain(codes[0]);

    const status = await call(staff.headers, 'GET', '/api/v1/account/second-factor');
    expect(status.json()).toMatchObject({ enrolled: true, required: true, recoveryCodesRemaining: 10 });
    expect(status.body).not.toContain(secret);
    expect((await call(staff.headers, 'POST', '/api/v1/account/second-factor/totp')).statusCode).toBe(409);
    expect(await audits('mfa.enrolled')).toHaveLength(1);
  });
});

describe('sign-in with a second factor', () => {
  it('answers a challenge instead of a session, then a session for a right code; the code works once', async () => {
    const staff = await t.signInStaff();
    const { secret } = await enroll(staff);
    const first = await login(staff.email);
    expect(first.statusCode).toBe(200);
    const challenge = first.json();
    expect(challenge).toMatchObject({ secondFactorRequired: true, methods: ['totp', 'recovery'] });
    expect(challenge.accessToken).toBeUndefined();
    expect(first.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
    // The challenge is no session.
    const asBearer = await call({ authorization: `Bearer ${challenge.challengeToken}` }, 'GET', '/api/v1/authentication/me');
    expect(asBearer.statusCode).toBe(401);

    // The enrollment used this period's code; the next period's is still within the accepted window.
    const code = codeAt(secret, 1);
    const passed = await secondStep(challenge.challengeToken, code);
    expect(passed.statusCode).toBe(200);
    const me = await call(sessionHeaders(passed), 'GET', '/api/v1/authentication/me');
    expect(me.json().user.email).toBe(staff.email);
    expect((await secondStep(challenge.challengeToken, code)).statusCode).toBe(401);

    // The same code with a fresh challenge: refused as a replay.
    const again = (await login(staff.email)).json();
    const replay = await secondStep(again.challengeToken, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(MFA_CODE_FAILED_MESSAGE);
    const [login1] = await audits('auth.login');
    expect(login1!.logJson).toMatchObject({ secondFactor: 'totp' });
  });

  it('keeps only the live challenges of a person: a used or expired one goes at the next sign-in', async () => {
    const staff = await t.signInStaff();
    const { secret } = await enroll(staff);
    const kept = async () =>
      (await t.db.select().from(mfaChallenges).where(eq(mfaChallenges.userId, staff.userId))).map((c) => c.tokenHash).sort();
    const signIn = async () => (await login(staff.email)).json().challengeToken as string;

    const used = await signIn();
    expect((await secondStep(used, codeAt(secret, 1))).statusCode).toBe(200);
    const expired = await signIn();
    expect(await kept()).toEqual([sha256(expired)]);
    await t.db
      .update(mfaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mfaChallenges.userId, staff.userId));

    const open = await signIn();
    expect(await kept()).toEqual([sha256(open)]);
    expect((await secondStep(expired, codeAt(secret, 1))).statusCode).toBe(401);
    // A challenge still open stays beside a new one.
    const another = await signIn();
    expect(await kept()).toEqual([sha256(open), sha256(another)].sort());
  });

  it('throttles wrong codes like wrong passwords: after five, even the right code and password are refused', async () => {
    const staff = await t.signInStaff();
    const { secret } = await enroll(staff);
    const { challengeToken } = (await login(staff.email)).json();
    for (let i = 0; i < 5; i++) expect((await secondStep(challengeToken, '000000')).statusCode).toBe(401);
    expect((await secondStep(challengeToken, codeAt(secret, 1))).statusCode).toBe(401);
    expect((await login(staff.email)).statusCode).toBe(401);
    const failures = await audits('auth.mfa_failed');
    expect(failures.at(-1)!.logJson).toMatchObject({ reason: 'locked' });
  });

  it('accepts each recovery code once, audits its use and counts what is left', async () => {
    const staff = await t.signInStaff();
    const { recoveryCodes } = await enroll(staff);
    const code = recoveryCodes[3]!.toUpperCase();
    const passed = await secondStep((await login(staff.email)).json().challengeToken, code);
    expect(passed.statusCode).toBe(200);
    expect((await secondStep((await login(staff.email)).json().challengeToken, code)).statusCode).toBe(401);
    const status = await call(sessionHeaders(passed), 'GET', '/api/v1/account/second-factor');
    expect(status.json().recoveryCodesRemaining).toBe(9);
    const [used] = await audits('mfa.recovery_code_used');
    expect(used!.logJson).toMatchObject({ remaining: 9 });
  });

  it('regenerates recovery codes and removes the factor only with a valid code', async () => {
    const staff = await t.signInStaff();
    const { secret, recoveryCodes } = await enroll(staff);
    expect((await call(staff.headers, 'POST', '/api/v1/account/second-factor/recovery-codes', { code: '123456' })).statusCode).toBe(400);
    const fresh = await call(staff.headers, 'POST', '/api/v1/account/second-factor/recovery-codes', { code: codeAt(secret, 1) });
    expect(fresh.statusCode).toBe(200);
    const next: string[] = fresh.json().recoveryCodes;
    expect(next).not.toContain(recoveryCodes[0]);
    expect((await call(staff.headers, 'DELETE', '/api/v1/account/second-factor', { code: recoveryCodes[0]! })).statusCode).toBe(400);
    expect((await call(staff.headers, 'DELETE', '/api/v1/account/second-factor', { code: next[0]! })).statusCode).toBe(200);
    expect((await login(staff.email)).json().accessToken).toBeDefined();
    expect(await audits('mfa.removed')).toHaveLength(1);
  });
});

describe("a sponsor's second-factor policy", () => {
  async function policySponsor() {
    const s = await t.createSponsor('ACME');
    await t.db.update(sponsors).set({ requireAdminMfa: true }).where(eq(sponsors.id, s.id));
    return s;
  }

  it('is set on the sponsor by staff only', async () => {
    const s = await t.createSponsor('ACME');
    const staff = await t.signInStaff();
    const admin = await t.signInSponsorAdmin(s.id);
    const url = `/api/v1/sponsors/${s.id}`;
    const refused = await call(admin.headers, 'PUT', url, { name: 'ACME Wealth', requireAdminMfa: true });
    expect(refused.statusCode).toBe(403);
    const set = await call(staff.headers, 'PUT', url, { name: 'ACME Wealth', requireAdminMfa: true });
    expect(set.statusCode).toBe(200);
    expect((await call(admin.headers, 'GET', url)).json().requireAdminMfa).toBe(true);
  });

  it('reaches sessions already open on their next request, when staff turns it on or off', async () => {
    const s = await t.createSponsor('ACME');
    const staff = await t.signInStaff();
    const admin = await t.signInSponsorAdmin(s.id, {}, 'jo@acme.example');
    const enrolled = await t.signInSponsorAdmin(s.id, {}, 'on@acme.example');
    await enroll(enrolled);
    // Grace used up earlier, while the policy was on.
    await t.db
      .update(users)
      .set({ mfaGraceSignIns: MFA_GRACE_SIGN_INS + 1 })
      .where(eq(users.id, admin.userId));
    const own = `/api/v1/sponsors/admin/${admin.userId}?sponsorid=${s.id}`;
    expect((await call(admin.headers, 'GET', own)).statusCode).toBe(200);

    const policy = (on: boolean) => call(staff.headers, 'PUT', `/api/v1/sponsors/${s.id}`, { name: 'ACME', requireAdminMfa: on });
    expect((await policy(true)).statusCode).toBe(200);
    const blocked = await call(admin.headers, 'GET', own);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(MFA_ENROLLMENT_REQUIRED_MESSAGE);
    expect((await call(enrolled.headers, 'GET', `/api/v1/sponsors/admin/${enrolled.userId}?sponsorid=${s.id}`)).statusCode).toBe(200);

    expect((await policy(false)).statusCode).toBe(200);
    expect((await call(admin.headers, 'GET', own)).statusCode).toBe(200);
  });

  it('lets an administrator sign in during the grace period, then opens sessions that reach only enrollment', async () => {
    const s = await policySponsor();
    const admin = await t.signInSponsorAdmin(s.id, {}, 'jo@acme.example');
    for (let i = 1; i <= MFA_GRACE_SIGN_INS; i++) {
      const headers = sessionHeaders(await login(admin.email));
      const status = (await call(headers, 'GET', '/api/v1/account/second-factor')).json();
      expect(status).toMatchObject({ required: true, enrollmentRequired: false, graceRemaining: MFA_GRACE_SIGN_INS - i });
      expect((await call(headers, 'GET', `/api/v1/sponsors/admin/${admin.userId}?sponsorid=${s.id}`)).statusCode).toBe(200);
    }
    const restricted = sessionHeaders(await login(admin.email));
    const blocked = await call(restricted, 'GET', `/api/v1/sponsors/admin/${admin.userId}?sponsorid=${s.id}`);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(MFA_ENROLLMENT_REQUIRED_MESSAGE);
    expect((await call(restricted, 'GET', '/api/v1/authentication/me')).statusCode).toBe(200);
    expect((await call(restricted, 'GET', '/api/v1/account/second-factor')).json()).toMatchObject({ enrollmentRequired: true });

    await enroll({ ...admin, headers: restricted as Auth['headers'] });
    expect((await call(restricted, 'GET', `/api/v1/sponsors/admin/${admin.userId}?sponsorid=${s.id}`)).statusCode).toBe(200);
  });

  it('is enforced on every route a session reaches, but enrollment, own status and sign-out', async () => {
    // A staff session passes every role and permission check, so each route answers from the policy alone.
    const staff = await t.signInStaff();
    await t.db.update(sessions).set({ mfaEnrollmentRequired: true }).where(eq(sessions.userId, staff.userId));
    const restricted = staff.headers;
    const open = new Set([
      'GET /api/v1/authentication/me',
      'POST /api/v1/authentication/logout',
      'GET /api/v1/account/second-factor',
      'POST /api/v1/account/confirm-identity',
      'POST /api/v1/account/confirm-identity/passkey/options',
      'POST /api/v1/account/confirm-identity/passkey',
      'POST /api/v1/account/second-factor/totp',
      'POST /api/v1/account/second-factor/totp/confirm',
      'GET /api/v1/account/passkeys',
      'POST /api/v1/account/passkeys/options',
      'POST /api/v1/account/passkeys',
    ]);
    const spec = t.app.swagger() as { paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>> };
    let checked = 0;
    for (const [path, ops] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const publicOrKey = op.security?.every((s) => !('bearer' in s));
        const name = `${method.toUpperCase()} ${path}`;
        if (publicOrKey || open.has(name) || !path.startsWith('/api/v1/')) continue;
        const url = path.replace(/\{[^}]+\}/g, '1');
        const res = await call(restricted, method.toUpperCase() as 'GET', url);
        // Integration routes take an API key, never a session.
        if (res.statusCode === 401 && res.json().message === 'A valid API key is required.') continue;
        expect(res.statusCode, name).toBe(403);
        expect(res.json().message, name).toBe(MFA_ENROLLMENT_REQUIRED_MESSAGE);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect((await call(restricted, 'POST', '/api/v1/authentication/logout')).statusCode).toBe(200);
  });
});

describe('the administrators list', () => {
  it('filters administrators with and without a second factor', async () => {
    const s = await t.createSponsor('ACME');
    const withFactor = await t.signInSponsorAdmin(s.id, {}, 'on@acme.example');
    await enroll(withFactor);
    const without = await t.signInSponsorAdmin(s.id, {}, 'off@acme.example');
    const emails = async (filter: string) =>
      (await call(without.headers, 'GET', `/api/v1/sponsors/admin?sponsorcode=ACME${filter}`))
        .json()
        .data.map((a: { email: string }) => a.email);
    expect(await emails('&secondFactor=on')).toEqual(['on@acme.example']);
    expect(await emails('&secondFactor=off')).toEqual(['off@acme.example']);
    expect(await emails('')).toHaveLength(2);
    const searched = await call(without.headers, 'POST', `/api/v1/sponsors/admin/search?sponsorId=${s.id}&secondFactor=off`, {
      fieldName: 'email',
      fieldValue: 'acme',
    });
    expect(searched.json().data.map((a: { email: string }) => a.email)).toEqual(['off@acme.example']);
  });
});

describe('second-factor reset', () => {
  it('is done by an administrator with hasManageMfaAccess, revokes the sessions and is audited; never on oneself', async () => {
    const s = await t.createSponsor('ACME');
    const target = await t.signInSponsorAdmin(s.id, {}, 'target@acme.example');
    await enroll(target);
    const manager = await t.signInSponsorAdmin(s.id, { hasManageMfaAccess: true }, 'mfa@acme.example');
    const res = await call(manager.headers, 'POST', `/api/v1/sponsors/admin/${target.userId}/reset-mfa?sponsorid=${s.id}`, {});
    expect(res.statusCode).toBe(200);
    expect((await call(target.headers, 'GET', '/api/v1/authentication/me')).statusCode).toBe(401);
    expect(await t.db.select().from(mfaRecoveryCodes)).toHaveLength(0);
    expect((await login(target.email)).json().accessToken).toBeDefined();
    expect(await audits('sponsor_admin.reset_mfa')).toHaveLength(1);

    await enroll(manager);
    const own = await call(manager.headers, 'POST', `/api/v1/sponsors/admin/${manager.userId}/reset-mfa?sponsorid=${s.id}`, {});
    expect(own.statusCode).toBe(403);
    const [u] = await t.db.select().from(users).where(eq(users.id, manager.userId));
    expect(u!.mfaEnabled).toBe(true);
  });
});
