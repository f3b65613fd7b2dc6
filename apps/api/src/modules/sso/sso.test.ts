import { SSO_ONLY_MESSAGE, STATUS } from '@vault/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, sponsorAdmins, ssoLogins, users } from '../../db/schema/index.js';
import { type Auth, TEST_PASSWORD } from '../../test/harness.js';
import { signInAtProvider, startOidcProvider, type TestProvider } from '../../test/oidc-provider.js';
import { injector, useTestApp } from '../../test/per-file-app.js';

/** Enterprise sign-in through a real OpenID Connect provider (oidc-provider) on 127.0.0.1 (issue 32). */

const t = useTestApp();
const inject = injector(t);
const REDIRECT = 'http://portal.test/api/v1/sso/oidc/callback';
let idp: TestProvider;

beforeAll(async () => {
  idp = await startOidcProvider({
    clients: [
      { client_id: 'portal-a', client_secret: 'a-secret-of-the-portal', redirect_uris: [REDIRECT] },
      { client_id: 'another-app', client_secret: 'another-secret-value', redirect_uris: [REDIRECT] },
    ],
    accounts: {
      'mfa@acme.example': { amr: ['pwd', 'otp'] },
      'new.person@acme.example': { given_name: 'Nora', family_name: 'New', groups: ['vault-team'] },
      'unverified@acme.example': { email_verified: false },
    },
  });
});
afterAll(async () => idp?.close());

let a: { id: number; sponsorCode: string };
let b: { id: number; sponsorCode: string };
let staff: Auth;

const oidcSettings = (over: Record<string, unknown> = {}) => ({
  protocol: 'oidc',
  domains: ['acme.example'],
  ssoOnly: false,
  jit: false,
  oidc: { issuer: idp.issuer, clientId: 'portal-a', clientSecret: 'a-secret-of-the-portal' },
  ...over,
});

const cookie = (res: LightMyRequestResponse, name: string) =>
  (res.cookies as { name: string; value: string }[]).find((c) => c.name === name)?.value;

async function addAdmin(sponsorId: number, email: string, values: Partial<typeof users.$inferInsert> = {}) {
  const [u] = await t.db
    .insert(users)
    .values({ role: 'sponsor_admin', sponsorId, email, firstName: 'Ann', lastName: 'Admin', statusId: STATUS.active, ...values })
    .returning();
  await t.db.insert(sponsorAdmins).values({ userId: u!.id, sponsorId });
  return u!;
}

/** GET /sso/start as a browser: the provider's address and the browser's cookie. */
async function start(email: string, browser?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/sso/start?email=${encodeURIComponent(email)}`,
    ...(browser ? { cookies: { sso_browser: browser } } : {}),
  });
  return { res, location: res.headers.location as string, browser: cookie(res, 'sso_browser') ?? browser ?? '' };
}

const callback = (at: URL, browser: string) =>
  t.app.inject({ method: 'GET', url: `${at.pathname}${at.search}`, cookies: { sso_browser: browser } });

const finish = (handoff: string | undefined) =>
  t.app.inject({ method: 'POST', url: '/api/v1/sso/finish', payload: {}, ...(handoff ? { cookies: { sso_handoff: handoff } } : {}) });

/** The whole sign-in: start, the provider's login page, the callback, and the portal page's collection. */
async function signInWithSso(email: string, login = email) {
  const s = await start(email);
  expect(s.res.statusCode).toBe(302);
  const back = await signInAtProvider(s.location, login);
  const cb = await callback(back, s.browser);
  return { cb, back, browser: s.browser, done: cb.headers.location === '/sso/complete' ? await finish(cookie(cb, 'sso_handoff')) : null };
}

// In the order written: without an order the database answers in its index's (newest first, since 0036).
const audits = (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);

beforeEach(async () => {
  a = await t.createSponsor('ACME');
  b = await t.createSponsor('BETA');
  staff = await t.signInStaff();
  const put = await inject(staff, 'PUT', '/api/v1/sponsors/ACME/sso', oidcSettings());
  expect(put.statusCode, put.body).toBe(200);
});

describe('settings', () => {
  it('keeps the client secret sealed, never answers it, and keeps it when a change leaves it out', async () => {
    const got = await inject(staff, 'GET', '/api/v1/sponsors/ACME/sso');
    expect(got.json()).toMatchObject({
      configured: true,
      domains: ['acme.example'],
      oidc: { issuer: idp.issuer, clientId: 'portal-a', clientSecretSet: true },
      serviceProvider: { oidcRedirectUri: REDIRECT, samlMetadataUrl: 'http://portal.test/api/v1/sso/saml/ACME/metadata' },
    });
    expect(got.body).not.toContain('a-secret-of-the-portal');
    const [row] = await t.database.query<{ s: string }>('select oidc_client_secret as s from sso_settings');
    expect(row!.s).toMatch(/^v1\./);
    expect(row!.s).not.toContain('a-secret');
    const again = await inject(
      staff,
      'PUT',
      '/api/v1/sponsors/ACME/sso',
      oidcSettings({ oidc: { issuer: idp.issuer, clientId: 'portal-a' }, jit: true }),
    );
    expect(again.json().oidc.clientSecretSet).toBe(true);
    const entries = await audits('sso.settings_update');
    expect(JSON.stringify(entries)).not.toContain('a-secret');
    expect(entries.at(-1)!.logJson).toMatchObject({ changes: { jit: { from: false, to: true } } });
    // The sign-in still works with the kept secret.
    await addAdmin(a.id, 'ann@acme.example');
    expect((await signInWithSso('ann@acme.example')).done!.statusCode).toBe(200);
  });

  it('normalizes domains, keeps each for one portal (409), and lets only staff claim one', async () => {
    const upper = await inject(staff, 'PUT', '/api/v1/sponsors/ACME/sso', oidcSettings({ domains: ['ACME.example', ' acme.example '] }));
    expect(upper.json().domains).toEqual(['acme.example']);
    const taken = await inject(staff, 'PUT', '/api/v1/sponsors/BETA/sso', oidcSettings({ domains: ['acme.example'] }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0].field).toBe('domains');
    const manager = await t.signInSponsorAdmin(a.id, { hasManageSignInAccess: true }, 'manager@acme.example');
    const claim = await inject(
      manager,
      'PUT',
      '/api/v1/sponsors/ACME/sso',
      oidcSettings({ domains: ['acme.example', 'acme-other.example'] }),
    );
    expect(claim.statusCode).toBe(403);
    const drop = await inject(manager, 'PUT', '/api/v1/sponsors/ACME/sso', oidcSettings({ domains: [] }));
    expect(drop.statusCode).toBe(403);
    const same = await inject(manager, 'PUT', '/api/v1/sponsors/ACME/sso', oidcSettings({ ssoOnly: true }));
    expect(same.statusCode, same.body).toBe(200);
    const bad = await inject(staff, 'PUT', '/api/v1/sponsors/ACME/sso', oidcSettings({ domains: ['not a domain'] }));
    expect(bad.statusCode).toBe(400);
  });

  it("keeps a portal's settings from another portal's administrator and from one without the flag", async () => {
    const other = await t.signInSponsorAdmin(b.id, { hasManageSignInAccess: true }, 'boss@beta.example');
    expect((await inject(other, 'GET', '/api/v1/sponsors/ACME/sso')).statusCode).toBe(403);
    expect((await inject(other, 'PUT', '/api/v1/sponsors/ACME/sso', oidcSettings())).statusCode).toBe(403);
    expect((await inject(other, 'POST', '/api/v1/sponsors/ACME/sso/test', {})).statusCode).toBe(403);
    const flagless = await t.signInSponsorAdmin(a.id, {}, 'plain@acme.example');
    expect((await inject(flagless, 'GET', '/api/v1/sponsors/ACME/sso')).statusCode).toBe(403);
    const own = await inject(other, 'GET', '/api/v1/sponsors/BETA/sso');
    expect(own.json()).toMatchObject({ configured: false, domains: [] });
  });

  it('refuses an issuer that is not https, and a private one when the private network is not allowed', async () => {
    const plain = await inject(
      staff,
      'PUT',
      '/api/v1/sponsors/ACME/sso',
      oidcSettings({ oidc: { issuer: 'http://idp.example', clientId: 'x' } }),
    );
    expect(plain.statusCode).toBe(400);
    const production = await t.addInstance({ SSO_ALLOW_PRIVATE_NETWORK: 'false' });
    const res = await production.inject({
      method: 'PUT',
      url: '/api/v1/sponsors/ACME/sso',
      headers: staff.headers,
      payload: oidcSettings(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('oidc.issuer');
    // Settings saved earlier: the start refuses to reach the provider at all.
    const started = await production.inject({ method: 'GET', url: '/api/v1/sso/start?email=ann@acme.example' });
    expect(started.headers.location).toBe('/login?sso_error=provider_unreachable');
  });
});

describe('OIDC sign-in', () => {
  it('signs the administrator in with the same session as a password, and audits it with the subject', async () => {
    const ann = await addAdmin(a.id, 'Ann@Acme.example');
    const { done } = await signInWithSso('ann@acme.example');
    expect(done!.statusCode, done!.body).toBe(200);
    const session = done!.json();
    expect(session.user).toMatchObject({ id: ann.id, sponsorId: a.id, role: 'sponsor_admin' });
    expect(cookie(done!, 'XSRF-TOKEN')).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/authentication/me',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    const [entry] = await audits('sso.login');
    expect(entry!.logJson).toMatchObject({ protocol: 'oidc', subject: 'ann@acme.example', secondFactorAsserted: false });
    // The hand-over works once.
    expect((await finish(cookie(done!, 'sso_handoff'))).statusCode).toBe(400);
  });

  it('answers an unknown e-mail domain on the login page with a fixed message', async () => {
    const s = await start('someone@<script>.example');
    expect(s.location).toBe('/login?sso_error=unknown_domain');
    expect((await start('x@nowhere.example')).location).toBe('/login?sso_error=unknown_domain');
  });

  it('refuses a wrong state, and a state from another browser', async () => {
    await addAdmin(a.id, 'ann@acme.example');
    const s = await start('ann@acme.example');
    const back = await signInAtProvider(s.location, 'ann@acme.example');
    const forged = new URL(back);
    forged.searchParams.set('state', 'a-state-this-portal-never-issued');
    expect((await callback(forged, s.browser)).headers.location).toBe('/login?sso_error=expired');
    const thief = await start('ann@acme.example');
    expect((await callback(back, thief.browser)).headers.location).toBe('/login?sso_error=expired');
    // The right browser still can (neither refusal used the sign-in up).
    const cb = await callback(back, s.browser);
    expect(cb.headers.location).toBe('/sso/complete');
  });

  it('refuses a wrong nonce', async () => {
    await addAdmin(a.id, 'ann@acme.example');
    const s = await start('ann@acme.example');
    await t.db.update(ssoLogins).set({ nonce: 'not-the-nonce-sent' });
    const back = await signInAtProvider(s.location, 'ann@acme.example');
    expect((await callback(back, s.browser)).headers.location).toBe('/login?sso_error=invalid_response');
    const [entry] = await audits('sso.login_refused');
    expect(String(entry!.logJson.reason)).toMatch(/^token_refused/);
  });

  it('refuses a code issued to another client (wrong audience)', async () => {
    await addAdmin(a.id, 'ann@acme.example');
    const s = await start('ann@acme.example');
    const url = new URL(s.location);
    url.searchParams.set('client_id', 'another-app');
    const back = await signInAtProvider(url.href, 'ann@acme.example');
    expect(back.searchParams.get('code')).toBeTruthy();
    expect((await callback(back, s.browser)).headers.location).toBe('/login?sso_error=invalid_response');
  });

  it('refuses a replayed code, with its own state or a new one', async () => {
    await addAdmin(a.id, 'ann@acme.example');
    const first = await signInWithSso('ann@acme.example');
    expect(first.done!.statusCode).toBe(200);
    expect((await callback(first.back, first.browser)).headers.location).toBe('/login?sso_error=expired');
    const s = await start('ann@acme.example', first.browser);
    const replay = new URL(first.back);
    replay.searchParams.set('state', new URL(s.location).searchParams.get('state')!);
    expect((await callback(replay, s.browser)).headers.location).toBe('/login?sso_error=invalid_response');
  });

  it("refuses an e-mail of another portal's domain, a deactivated administrator, other accounts, and an unknown address without JIT", async () => {
    const put = await inject(staff, 'PUT', '/api/v1/sponsors/BETA/sso', oidcSettings({ domains: ['beta.example'] }));
    expect(put.statusCode).toBe(200);
    await addAdmin(b.id, 'bob@beta.example');
    // Portal A's provider asserts an address of B's domain.
    const s = await start('ann@acme.example');
    const back = await signInAtProvider(s.location, 'bob@beta.example');
    expect((await callback(back, s.browser)).headers.location).toBe('/login?sso_error=wrong_portal');

    await addAdmin(a.id, 'gone@acme.example', { statusId: STATUS.inactive });
    expect((await signInWithSso('gone@acme.example')).cb.headers.location).toBe('/login?sso_error=not_allowed');
    await t.signInStaff('ops@acme.example');
    expect((await signInWithSso('ops@acme.example')).cb.headers.location).toBe('/login?sso_error=not_allowed');
    expect((await signInWithSso('stranger@acme.example')).cb.headers.location).toBe('/login?sso_error=not_allowed');
    expect((await signInWithSso('unverified@acme.example')).cb.headers.location).toBe('/login?sso_error=not_allowed');
    const reasons = (await audits('sso.login_refused')).map((e) => e.logJson.reason);
    expect(reasons).toEqual(['domain_of_another_portal', 'not_active', 'not_an_administrator', 'unknown_email', 'email_not_verified']);
  });

  it('JIT creates an unknown address of the claimed domain as an administrator with the preset its group maps to', async () => {
    await inject(
      staff,
      'PUT',
      '/api/v1/sponsors/ACME/sso',
      oidcSettings({
        jit: true,
        jitRolePreset: 'read_only',
        groupRoleMap: [{ group: 'vault-team', preset: 'vault_manager' }],
        oidc: { issuer: idp.issuer, clientId: 'portal-a', scopes: ['groups'] },
      }),
    );
    const { done } = await signInWithSso('new.person@acme.example');
    expect(done!.statusCode, done!.body).toBe(200);
    const [u] = await t.db.select().from(users).where(eq(users.email, 'new.person@acme.example'));
    expect(u).toMatchObject({ statusId: STATUS.active, firstName: 'Nora', lastName: 'New', passwordHash: null });
    const [admin] = await t.db.select().from(sponsorAdmins).where(eq(sponsorAdmins.userId, u!.id));
    expect(admin).toMatchObject({ sponsorId: a.id, hasArchiveVaultAccess: true, hasManageAdminsAccess: false });
    expect(await t.db.select().from(emailOutbox)).toEqual([]);
    const [created] = await audits('sso.user_created');
    expect(created!.logJson).toMatchObject({ preset: 'vault_manager', subject: 'new.person@acme.example' });
    // Without a mapped group: the portal's preset.
    const second = await signInWithSso('plain.person@acme.example');
    expect(second.done!.statusCode).toBe(200);
    const [plain] = await t.db.select().from(users).where(eq(users.email, 'plain.person@acme.example'));
    const [plainAdmin] = await t.db.select().from(sponsorAdmins).where(eq(sponsorAdmins.userId, plain!.id));
    expect(plainAdmin).toMatchObject({ hasEnterpriseDashboardAccess: true, hasArchiveVaultAccess: false });
  });

  it("meets the portal's second-factor policy with the provider's amr, and asks for the portal's own factor otherwise", async () => {
    await t.database.query('update sponsors set require_admin_mfa = true where id = $1', [a.id]);
    await addAdmin(a.id, 'mfa@acme.example', { mfaGraceSignIns: 10 });
    const asserted = await signInWithSso('mfa@acme.example');
    expect(asserted.done!.json().accessToken).toBeTruthy();
    const vaults = await t.app.inject({
      method: 'GET',
      url: '/api/v1/authentication/me',
      headers: { authorization: `Bearer ${asserted.done!.json().accessToken}` },
    });
    expect(vaults.statusCode).toBe(200);
    const [session] = await t.database.query<{ m: boolean }>('select mfa_enrollment_required as m from sessions');
    expect(session!.m).toBe(false);
    // The person has an authenticator and the provider asserted none: the portal's second-factor step.
    await addAdmin(a.id, 'two@acme.example', { mfaEnabled: true, mfaEnrolledAt: new Date() });
    const step = await signInWithSso('two@acme.example');
    expect(step.done!.json()).toMatchObject({ secondFactorRequired: true, methods: ['totp', 'recovery'] });
  });

  it('"Test sign-in" shows the claims in a new tab and signs nobody in', async () => {
    await addAdmin(a.id, 'ann@acme.example');
    const ticket = await inject(staff, 'POST', '/api/v1/sponsors/ACME/sso/test', {});
    expect(ticket.statusCode).toBe(200);
    const started = await t.app.inject({ method: 'GET', url: ticket.json().url });
    expect(started.statusCode).toBe(302);
    const back = await signInAtProvider(started.headers.location as string, 'ann@acme.example');
    const cb = await callback(back, cookie(started, 'sso_browser')!);
    const shown = await finish(cookie(cb, 'sso_handoff'));
    expect(shown.json()).toMatchObject({ test: true, subject: 'ann@acme.example', email: 'ann@acme.example', outcome: { allowed: true } });
    expect(shown.json().claims.iss).toBe(idp.issuer);
    expect(await audits('sso.login')).toEqual([]);
    expect(
      await t.db
        .select()
        .from(users)
        .where(and(eq(users.email, 'ann@acme.example'), sql`${users.lastLoginAt} is not null`)),
    ).toEqual([]);
    // The ticket works once.
    expect((await t.app.inject({ method: 'GET', url: ticket.json().url })).headers.location).toBe('/sso/complete?sso_error=expired');
  });
});

describe('"SSO only"', () => {
  const login = (username: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/authentication/login', payload: { username, password: TEST_PASSWORD } });

  it('refuses the password (after checking it) and the reset, except for a break-glass account', async () => {
    await inject(staff, 'PUT', '/api/v1/sponsors/ACME/sso', oidcSettings({ ssoOnly: true }));
    const admin = await t.signInSponsorAdmin(a.id, {}, 'ann@acme.example');
    const refused = await login('ann@acme.example');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SSO_ONLY_MESSAGE);
    // A wrong password answers as for anyone: no hint that the account exists or signs in with SSO.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      payload: { username: 'ann@acme.example', password: 'wrong password!' },
    });
    expect(wrong.statusCode).toBe(401);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/forgot-password',
      payload: { email: 'ann@acme.example' },
    });
    expect(reset.statusCode).toBe(202);
    await expect.poll(async () => (await t.db.select().from(emailOutbox)).map((m) => m.template)).toEqual(['sso_only_notice']);
    const [notice] = await t.db.select().from(emailOutbox);
    expect(notice!.bodyText).toMatch(/single sign-on/);
    expect(notice!.bodyText).toMatch(/\/login\n/);
    expect(notice!.bodyHtml).toContain('Sign in with SSO');
    expect(await t.database.query('select 1 from password_tokens')).toEqual([]);
    // The admin list says how each signs in; staff mark break-glass, and the password works again.
    const list = await inject(staff, 'GET', '/api/v1/sponsors/admin?sponsorcode=ACME&signIn=sso_only');
    expect(list.json().data.map((r: { email: string }) => r.email)).toEqual(['ann@acme.example']);
    const manager = await t.signInSponsorAdmin(a.id, { hasManageAdminsAccess: true }, 'manager@acme.example');
    expect(
      (await inject(manager, 'PUT', `/api/v1/sponsors/admin/${admin.userId}?sponsorid=${a.id}`, { ssoBreakGlass: true })).statusCode,
    ).toBe(403);
    const marked = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${admin.userId}?sponsorid=${a.id}`, { ssoBreakGlass: true });
    expect(marked.json()).toMatchObject({ ssoBreakGlass: true, signInMethod: 'break_glass' });
    expect((await login('ann@acme.example')).statusCode).toBe(200);
    const glass = await inject(staff, 'GET', '/api/v1/sponsors/admin?sponsorcode=ACME&signIn=break_glass');
    expect(glass.json().data.map((r: { email: string }) => r.email)).toEqual(['ann@acme.example']);
    // Staff are never held to a portal's SSO.
    expect((await login('staff@test.local')).statusCode).toBe(200);
  });
});
