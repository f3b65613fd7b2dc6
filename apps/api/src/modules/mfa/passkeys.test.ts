import { MFA_GRACE_SIGN_INS, PASSKEY_FAILED_MESSAGE } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mfaPasskeys, sponsors, users, webauthnChallenges } from '../../db/schema/index.js';
import { type Auth, createTestApp, type TestApp } from '../../test/harness.js';
import { SoftAuthenticator } from '../../test/soft-authenticator.js';
import { mfaCalls } from './mfa.fixtures.js';

// The harness serves PUBLIC_URL http://portal.test: the relying party is portal.test.
const ORIGIN = 'http://portal.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.reset());

const { call, post, login, sessionHeaders, audits, confirmIdentity } = mfaCalls(() => t);

async function register(auth: Auth, name = 'Laptop', authenticator = new SoftAuthenticator(ORIGIN)) {
  await confirmIdentity(auth.headers);
  const { options } = (await call(auth.headers, 'POST', '/api/v1/account/passkeys/options')).json();
  const res = await call(auth.headers, 'POST', '/api/v1/account/passkeys', { name, response: authenticator.create(options) });
  expect(res.statusCode, res.body).toBe(200);
  return { authenticator, body: res.json() };
}

/** Password, then the passkey as the second factor. */
async function secondFactorSignIn(email: string, authenticator: SoftAuthenticator, opts: Parameters<SoftAuthenticator['get']>[1] = {}) {
  const { challengeToken } = (await login(email)).json();
  const { options } = (await post('/api/v1/authentication/second-factor/passkey/options', { challengeToken })).json();
  return post('/api/v1/authentication/second-factor/passkey', { challengeToken, response: authenticator.get(options, opts) });
}

async function passkeyAlone(authenticator: SoftAuthenticator, opts: Parameters<SoftAuthenticator['get']>[1] = {}) {
  const { options } = (await post('/api/v1/authentication/passkey/options', {})).json();
  expect(options).toMatchObject({ rpId: 'portal.test', userVerification: 'required' });
  return { options, res: await post('/api/v1/authentication/passkey', { response: authenticator.get(options, opts) }) };
}

describe('passkey registration', () => {
  it('offers options for a discoverable passkey of this relying party, keeps it under its name and gives recovery codes', async () => {
    const staff = await t.signInStaff();
    await confirmIdentity(staff.headers);
    const { options } = (await call(staff.headers, 'POST', '/api/v1/account/passkeys/options')).json();
    expect(options).toMatchObject({ rp: { id: 'portal.test' }, authenticatorSelection: { residentKey: 'required' }, attestation: 'none' });
    const authenticator = new SoftAuthenticator(ORIGIN);
    const response = authenticator.create(options);
    const res = await call(staff.headers, 'POST', '/api/v1/account/passkeys', { name: 'Work laptop', response });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().passkey).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    expect(res.json().recoveryCodes).toHaveLength(10);

    // The challenge worked once: the same answer again is refused.
    const replay = await call(staff.headers, 'POST', '/api/v1/account/passkeys', { name: 'Again', response });
    expect(replay.statusCode).toBe(400);

    const list = (await call(staff.headers, 'GET', '/api/v1/account/passkeys')).json().passkeys;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Work laptop']);
    const status = (await call(staff.headers, 'GET', '/api/v1/account/second-factor')).json();
    expect(status).toMatchObject({ enrolled: true, authenticatorApp: false, passkeys: 1, recoveryCodesRemaining: 10 });
    const [audit] = await audits('mfa.passkey_registered');
    expect(audit!.logJson).toMatchObject({ name: 'Work laptop', firstFactor: true });

    // A second passkey is no first factor: no new recovery codes.
    const second = await register(staff, 'Phone');
    expect(second.body.recoveryCodes).toBeNull();
  });

  it('refuses an answer signed for another origin, and a challenge issued to someone else', async () => {
    const staff = await t.signInStaff();
    const other = await t.signInStaff('other@test.local');
    await confirmIdentity(staff.headers);
    await confirmIdentity(other.headers);
    const { options } = (await call(staff.headers, 'POST', '/api/v1/account/passkeys/options')).json();
    const authenticator = new SoftAuthenticator(ORIGIN);
    const evil = authenticator.create(options, 'http://evil.test');
    expect((await call(staff.headers, 'POST', '/api/v1/account/passkeys', { name: 'X', response: evil })).statusCode).toBe(400);

    const fresh = (await call(staff.headers, 'POST', '/api/v1/account/passkeys/options')).json().options;
    const stolen = await call(other.headers, 'POST', '/api/v1/account/passkeys', { name: 'X', response: authenticator.create(fresh) });
    expect(stolen.statusCode).toBe(400);

    // An expired challenge is refused, and swept when the next one is issued.
    const late = (await call(staff.headers, 'POST', '/api/v1/account/passkeys/options')).json().options;
    await t.db.update(webauthnChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(
      (await call(staff.headers, 'POST', '/api/v1/account/passkeys', { name: 'X', response: authenticator.create(late) })).statusCode,
    ).toBe(400);
    await call(staff.headers, 'POST', '/api/v1/account/passkeys/options');
    expect(await t.db.select().from(webauthnChallenges)).toHaveLength(1);
    expect(await t.db.select().from(mfaPasskeys)).toHaveLength(0);
  });

  it('renames and removes one of your own passkeys, never the only factor, never another person’s', async () => {
    const staff = await t.signInStaff();
    const other = await t.signInStaff('other@test.local');
    const first = (await register(staff, 'Laptop')).body.passkey;
    const removeOnly = await call(staff.headers, 'DELETE', `/api/v1/account/passkeys/${first.id}`);
    expect(removeOnly.statusCode).toBe(409);
    await register(staff, 'Phone');

    expect((await call(other.headers, 'PUT', `/api/v1/account/passkeys/${first.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(other.headers, 'DELETE', `/api/v1/account/passkeys/${first.id}`)).statusCode).toBe(404);
    const renamed = await call(staff.headers, 'PUT', `/api/v1/account/passkeys/${first.id}`, { name: 'Old laptop' });
    expect(renamed.json()).toMatchObject({ id: first.id, name: 'Old laptop' });
    expect((await call(staff.headers, 'DELETE', `/api/v1/account/passkeys/${first.id}`)).statusCode).toBe(200);
    const names = (await call(staff.headers, 'GET', '/api/v1/account/passkeys')).json().passkeys.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Phone']);
    expect(await audits('mfa.passkey_renamed')).toHaveLength(1);
    expect(await audits('mfa.passkey_removed')).toHaveLength(1);
  });
});

describe('passkey as the second factor', () => {
  it('is offered after the password and opens a session; the assertion works once and the counter must rise', async () => {
    const staff = await t.signInStaff();
    const { authenticator } = await register(staff);
    const challenge = (await login(staff.email)).json();
    expect(challenge.methods).toEqual(['passkey', 'recovery']);

    const { options } = (
      await post('/api/v1/authentication/second-factor/passkey/options', { challengeToken: challenge.challengeToken })
    ).json();
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    const response = authenticator.get(options);
    const passed = await post('/api/v1/authentication/second-factor/passkey', { challengeToken: challenge.challengeToken, response });
    expect(passed.statusCode, passed.body).toBe(200);
    expect((await call(sessionHeaders(passed), 'GET', '/api/v1/authentication/me')).json().user.email).toBe(staff.email);
    const [entry] = await audits('auth.login');
    expect(entry!.logJson).toMatchObject({ secondFactor: 'passkey' });
    const [row] = await t.db.select().from(mfaPasskeys);
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();

    // Replayed with a new password step: its challenge was used.
    const again = (await login(staff.email)).json();
    const replay = await post('/api/v1/authentication/second-factor/passkey', { challengeToken: again.challengeToken, response });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(PASSKEY_FAILED_MESSAGE);
    // A cloned authenticator whose counter did not rise.
    expect((await secondFactorSignIn(staff.email, authenticator, { counter: 1 })).statusCode).toBe(401);
    expect((await secondFactorSignIn(staff.email, authenticator)).statusCode).toBe(200);
  });

  it('refuses another origin and an unknown passkey, counting them in the sign-in throttle', async () => {
    const staff = await t.signInStaff();
    const { authenticator } = await register(staff);
    expect((await secondFactorSignIn(staff.email, authenticator, { origin: 'http://evil.test' })).statusCode).toBe(401);
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.userHandle = authenticator.userHandle;
    expect((await secondFactorSignIn(staff.email, stranger)).statusCode).toBe(401);
    const reasons = (await audits('auth.passkey_failed')).map((a) => (a.logJson as { reason: string }).reason);
    expect(reasons).toEqual(['passkey_refused', 'unknown_passkey']);
    for (let i = 0; i < 2; i++) await secondFactorSignIn(staff.email, stranger);
    // The fifth failure, then even the right passkey is held back, as after five wrong passwords.
    const { challengeToken } = (await login(staff.email)).json();
    const options = async () => (await post('/api/v1/authentication/second-factor/passkey/options', { challengeToken })).json().options;
    await post('/api/v1/authentication/second-factor/passkey', { challengeToken, response: stranger.get(await options()) });
    const right = await post('/api/v1/authentication/second-factor/passkey', {
      challengeToken,
      response: authenticator.get(await options()),
    });
    expect(right.statusCode).toBe(401);
    expect((await audits('auth.passkey_failed')).at(-1)!.logJson).toMatchObject({ reason: 'locked' });
    expect((await login(staff.email)).statusCode).toBe(401);
  });
});

describe('sign-in with a passkey alone', () => {
  it('opens the same session as a password and second factor, without counting a grace sign-in', async () => {
    const s = await t.createSponsor('ACME');
    await t.db.update(sponsors).set({ requireAdminMfa: true }).where(eq(sponsors.id, s.id));
    const admin = await t.signInSponsorAdmin(s.id, {}, 'admin@acme.example');
    const { authenticator } = await register(admin);
    for (let i = 0; i <= MFA_GRACE_SIGN_INS; i++) {
      const { res } = await passkeyAlone(authenticator);
      expect(res.statusCode, res.body).toBe(200);
      const headers = sessionHeaders(res);
      expect((await call(headers, 'GET', '/api/v1/authentication/me')).json().user.email).toBe('admin@acme.example');
      // A passkey is a second factor: the policy holds nothing back.
      expect((await call(headers, 'GET', `/api/v1/sponsors/admin?sponsorcode=ACME`)).statusCode).toBe(200);
    }
    const [u] = await t.db.select().from(users).where(eq(users.id, admin.userId));
    expect(u!.mfaGraceSignIns).toBe(0);
    expect((await audits('auth.login')).at(-1)!.logJson).toMatchObject({ secondFactor: 'passkey' });
  });

  it('refuses a replayed assertion, a made-up challenge and an unknown passkey', async () => {
    const staff = await t.signInStaff();
    const { authenticator } = await register(staff);
    const { options, res } = await passkeyAlone(authenticator);
    expect(res.statusCode).toBe(200);
    const replay = await post('/api/v1/authentication/passkey', { response: authenticator.get(options) });
    expect(replay.statusCode).toBe(401);
    const madeUp = await post('/api/v1/authentication/passkey', {
      response: authenticator.get({ ...options, challenge: 'bm90LWlzc3VlZA' }),
    });
    expect(madeUp.statusCode).toBe(401);
    expect((await passkeyAlone(new SoftAuthenticator(ORIGIN))).res.statusCode).toBe(401);
    const reasons = (await audits('auth.passkey_failed')).map((a) => (a.logJson as { reason: string }).reason);
    expect(reasons).toEqual(['wrong_challenge', 'wrong_challenge', 'unknown_passkey']);
  });
});

describe('second-factor reset', () => {
  it('removes the passkeys with the rest of the factor', async () => {
    const s = await t.createSponsor('ACME');
    const target = await t.signInSponsorAdmin(s.id, {}, 'target@acme.example');
    const { authenticator } = await register(target);
    const manager = await t.signInSponsorAdmin(s.id, { hasManageMfaAccess: true }, 'mfa@acme.example');
    const res = await call(manager.headers, 'POST', `/api/v1/sponsors/admin/${target.userId}/reset-mfa?sponsorid=${s.id}`, {});
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(mfaPasskeys)).toHaveLength(0);
    const [u] = await t.db.select().from(users).where(eq(users.id, target.userId));
    expect(u!.mfaEnabled).toBe(false);
    expect((await passkeyAlone(authenticator)).res.statusCode).toBe(401);
    expect((await login(target.email)).json().accessToken).toBeDefined();
  });
});
