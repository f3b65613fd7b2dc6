import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Auth } from '../../../test/harness.js';
import { auditReader, injector, useTestApp } from '../../../test/per-file-app.js';
import { type PostedAnswer, type SamlTestIdp, startSamlTestIdp } from '../../../test/saml-idp.js';
import { serviceProviderMetadata } from './saml.service.js';

/** SAML sign-in through HTTP, from GET /sso/start to the session, with a real samlify IdP on 127.0.0.1 (issue 32). */

const t = useTestApp();
const inject = injector(t);
const MFA = 'https://refeds.org/profile/mfa';
let idp: SamlTestIdp;
let staff: Auth;

beforeAll(async () => {
  idp = await startSamlTestIdp(serviceProviderMetadata({ publicUrl: 'http://portal.test', sponsorCode: 'ACME' }));
});
afterAll(async () => idp?.close());

const samlSettings = (saml: Record<string, unknown> = {}) => ({
  protocol: 'saml',
  domains: ['firm.test'],
  ssoOnly: false,
  jit: false,
  mfaAuthnContext: MFA,
  saml: { metadataXml: idp.metadataXml, ...saml },
});

let acmeId: number;
beforeEach(async () => {
  acmeId = (await t.createSponsor('ACME')).id;
  staff = await t.signInStaff();
  const put = await inject(staff, 'PUT', '/api/v1/sponsors/ACME/sso', samlSettings());
  expect(put.statusCode, put.body).toBe(200);
  await t.signInSponsorAdmin(acmeId, {}, 'ann@firm.test');
});

const cookie = (res: LightMyRequestResponse, name: string) =>
  (res.cookies as { name: string; value: string }[]).find((c) => c.name === name)?.value;

/** The browser cookie the last start set: the browser that started the sign-in. */
let browser: string | undefined;

/** GET /sso/start as a browser: the IdP's address with the AuthnRequest. */
async function start(email = 'ann@firm.test') {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/sso/start?email=${encodeURIComponent(email)}` });
  expect(res.statusCode, res.body).toBe(302);
  browser = cookie(res, 'sso_browser');
  return res.headers.location as string;
}

/** The IdP's form posted to the ACS, as the browser does. */
const post = (posted: PostedAnswer, path = new URL(posted.action).pathname) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      SAMLResponse: posted.SAMLResponse,
      ...(posted.RelayState ? { RelayState: posted.RelayState } : {}),
    }).toString(),
  });

/** POST /sso/finish from the portal page of a browser (by default the one that started). */
const finish = (handoff: string | undefined, from: string | null | undefined = browser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/sso/finish',
    payload: {},
    cookies: { ...(handoff ? { sso_handoff: handoff } : {}), ...(from ? { sso_browser: from } : {}) },
  });

const audits = auditReader(t);

describe('SAML sign-in through HTTP', () => {
  it("serves the portal's SP metadata at its stable address, and only for a portal that signs in with SAML", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/sso/saml/ACME/metadata' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    expect(res.body).toContain('entityID="http://portal.test/api/v1/sso/saml/ACME"');
    expect(res.body).toContain('Location="http://portal.test/api/v1/sso/saml/ACME/acs"');
    // Any case of the code names the same portal; the entity id keeps the portal's own.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sso/saml/acme/metadata' })).body).toContain(
      'entityID="http://portal.test/api/v1/sso/saml/ACME"',
    );
    await t.createSponsor('BETA');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sso/saml/BETA/metadata' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sso/saml/NOPE/metadata' })).statusCode).toBe(404);
  });

  it('signs an administrator in: start, the IdP, the ACS form post, and the portal page collecting the session', async () => {
    const posted = await idp.signIn(await start(), {
      user: { email: 'ann@firm.test', groups: ['Vault admins'], authnContextClassRef: MFA },
    });
    expect(posted.action).toBe('http://portal.test/api/v1/sso/saml/ACME/acs');
    const acs = await post(posted);
    expect(acs.statusCode, acs.body).toBe(302);
    expect(acs.headers.location).toBe('/sso/complete');
    const done = await finish(cookie(acs, 'sso_handoff'));
    expect(done.statusCode, done.body).toBe(200);
    const { accessToken } = done.json() as { accessToken: string };
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/authentication/me', headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.statusCode).toBe(200);
    const [entry] = await audits('sso.login');
    expect(entry!.logJson).toMatchObject({
      protocol: 'saml',
      subject: 'ann@firm.test',
      groups: ['Vault admins'],
      secondFactorAsserted: true,
    });
    // The same answer again is refused.
    const again = await post(posted);
    expect(again.headers.location).toMatch(/^\/login\?sso_error=/);
  });

  it('opens the session only in the browser that started the sign-in (the answer arrives cross-site, without its cookie)', async () => {
    const acs = await post(await idp.signIn(await start(), { user: { email: 'ann@firm.test' } }));
    expect(acs.headers.location).toBe('/sso/complete');
    const handoff = cookie(acs, 'sso_handoff');
    // A victim's browser made to finish an attacker's sign-in (login CSRF): no session there.
    expect((await finish(handoff, 'x'.repeat(43))).statusCode).toBe(400);
    expect((await finish(handoff, null)).statusCode).toBe(400);
    expect((await finish(handoff)).statusCode).toBe(200);
  });

  it('audits a refused answer with its reason and sends the browser to the login page with a fixed message code', async () => {
    const unsigned = await post(await idp.signIn(await start(), { user: { email: 'ann@firm.test' }, sign: 'response' }));
    expect(unsigned.statusCode).toBe(302);
    expect(unsigned.headers.location).toBe('/login?sso_error=invalid_response');
    expect(cookie(unsigned, 'sso_handoff')).toBeUndefined();
    const [entry] = await audits('sso.login_refused');
    expect(entry!.logJson).toMatchObject({ protocol: 'saml', reason: 'saml_signature' });
  });

  it('refuses an IdP-initiated answer until the portal allows them', async () => {
    const refused = await post(await idp.answer({ user: { email: 'ann@firm.test' } }));
    expect(refused.headers.location).toBe('/login?sso_error=not_allowed');
    expect((await audits('sso.login_refused'))[0]!.logJson).toMatchObject({ reason: 'saml_idp_initiated' });

    expect((await inject(staff, 'PUT', '/api/v1/sponsors/ACME/sso', samlSettings({ allowIdpInitiated: true }))).statusCode).toBe(200);
    const allowed = await post(await idp.answer({ user: { email: 'ann@firm.test' } }));
    expect(allowed.headers.location).toBe('/sso/complete');
    expect((await finish(cookie(allowed, 'sso_handoff'))).statusCode).toBe(200);
  });

  it('answers a body that is not a SAML form with 400, and no second factor asserted without the named context', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sso/saml/ACME/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'RelayState=x',
    });
    expect(bad.statusCode).toBe(400);
    const acs = await post(await idp.signIn(await start(), { user: { email: 'ann@firm.test' } }));
    expect(acs.headers.location).toBe('/sso/complete');
    expect((await audits('sso.login'))[0]!.logJson).toMatchObject({ secondFactorAsserted: false });
  });

  it('refuses metadata the SAML module cannot use when the settings are saved (400 on the field)', async () => {
    const res = await inject(
      staff,
      'PUT',
      '/api/v1/sponsors/ACME/sso',
      samlSettings({ metadataXml: '<!DOCTYPE x [<!ENTITY a "b">]><x/>' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('saml.metadataXml');
  });
});
