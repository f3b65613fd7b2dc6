import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCleanup } from '../../../maintenance/cleanup.js';
import { useTestApp } from '../../../test/per-file-app.js';
import { type AnswerOptions, type PostedAnswer, type SamlTestIdp, startSamlTestIdp, testKeys } from '../../../test/saml-idp.js';
import { idpFromFields, MAX_METADATA_BYTES, parseIdpMetadata, resolveIdp, type SamlIdp, SamlSettingsError } from './saml.idp.js';
import { finishSamlSignIn, type SamlSp, serviceProviderMetadata, startSamlSignIn } from './saml.service.js';

const t = useTestApp();
const PUBLIC_URL = 'http://portal.test';
const ACME = { publicUrl: PUBLIC_URL, sponsorCode: 'ACME' };
const ACS = `${PUBLIC_URL}/api/v1/sso/saml/ACME/acs`;
const ENTITY = `${PUBLIC_URL}/api/v1/sso/saml/ACME`;

let idp: SamlTestIdp;
/** The IdP as the portal knows it: read from the IdP's own metadata. */
let known: SamlIdp;
let sp: SamlSp;
beforeAll(async () => {
  idp = await startSamlTestIdp(serviceProviderMetadata(ACME));
  known = parseIdpMetadata(idp.metadataXml);
});
afterAll(async () => idp?.close());
beforeEach(async () => {
  const { id } = await t.createSponsor('ACME');
  sp = { ...ACME, sponsorId: id };
});

const user = { email: 'ann@firm.test', groups: ['Vault admins', 'R&D'] };

/** An SP-initiated sign-in up to the IdP's answer, which `answer` may alter. */
async function signedInAtIdp(answer: Partial<AnswerOptions> = {}, started: { testByUserId?: number; browserHash?: string } = {}) {
  const start = await startSamlSignIn(known, { db: t.db, sp, ...started });
  return idp.signIn(start.url, { user, ...answer });
}

const finish = (posted: Pick<PostedAnswer, 'SAMLResponse' | 'RelayState'>, allowIdpInitiated = false) =>
  finishSamlSignIn(known, posted, { db: t.db, sp, allowIdpInitiated });

async function refusedFor(posted: Pick<PostedAnswer, 'SAMLResponse' | 'RelayState'>, allowIdpInitiated = false) {
  const result = await finish(posted, allowIdpInitiated);
  if (result.ok) throw new Error('accepted');
  return result.reason;
}

const count = async (table: string) => Number((await t.database.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n);

// Signature-wrapping tools: the answer's XML, changed as an attacker holding one signed answer would.
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const decode = (posted: PostedAnswer) =>
  new DOMParser().parseFromString(Buffer.from(posted.SAMLResponse, 'base64').toString('utf8'), 'text/xml');
const encode = (doc: Document) => Buffer.from(new XMLSerializer().serializeToString(doc)).toString('base64');
const assertionOf = (doc: Document) => doc.getElementsByTagNameNS(ASSERTION_NS, 'Assertion')[0]!;
/** A copy of the signed assertion without its signature, naming another person. */
function forged(doc: Document) {
  const evil = assertionOf(doc).cloneNode(true) as Element;
  evil.setAttribute('ID', '_evil');
  const signature = evil.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature')[0];
  if (signature) evil.removeChild(signature);
  for (const el of Array.from(evil.getElementsByTagNameNS(ASSERTION_NS, 'NameID'))) el.textContent = 'mallory@firm.test';
  for (const el of Array.from(evil.getElementsByTagNameNS(ASSERTION_NS, 'AttributeValue'))) el.textContent = 'mallory@firm.test';
  return evil;
}

describe('the portal as a SAML service provider', () => {
  it('serves metadata with its entity id, its HTTP-POST ACS, e-mail NameID and signed assertions wanted', () => {
    const doc = new DOMParser().parseFromString(serviceProviderMetadata(ACME), 'text/xml');
    const md = 'urn:oasis:names:tc:SAML:2.0:metadata';
    expect(doc.documentElement.getAttribute('entityID')).toBe(ENTITY);
    const descriptor = doc.getElementsByTagNameNS(md, 'SPSSODescriptor')[0]!;
    expect(descriptor.getAttribute('WantAssertionsSigned')).toBe('true');
    const acs = doc.getElementsByTagNameNS(md, 'AssertionConsumerService')[0]!;
    expect(acs.getAttribute('Location')).toBe(ACS);
    expect(acs.getAttribute('Binding')).toBe('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect(doc.getElementsByTagNameNS(md, 'NameIDFormat')[0]!.textContent).toBe('urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress');
  });

  it('signs a person in through the IdP (SP-initiated) and remembers the request only until it is answered', async () => {
    const browserHash = 'b'.repeat(64);
    const start = await startSamlSignIn(known, { db: t.db, sp, browserHash });
    const url = new URL(start.url);
    expect(`${url.origin}${url.pathname}`).toBe(idp.ssoUrl);
    expect(url.searchParams.get('RelayState')).toBe(start.relayState);
    expect(await count('saml_requests')).toBe(1);

    const posted = await idp.signIn(start.url, { user: { ...user, authnContextClassRef: 'https://refeds.org/profile/mfa' } });
    expect(posted.action).toBe(ACS);
    expect(posted.RelayState).toBe(start.relayState);
    const result = await finish(posted);
    expect(result).toEqual({
      ok: true,
      identity: {
        subject: 'ann@firm.test',
        email: 'ann@firm.test',
        groups: ['Vault admins', 'R&D'],
        authnContextClassRef: 'https://refeds.org/profile/mfa',
        issuer: idp.entityId,
        assertionId: expect.stringMatching(/^_/),
        testByUserId: null,
        browserHash,
        inResponseTo: start.requestId,
      },
    });
    expect(await count('saml_requests')).toBe(0);
    expect(await count('saml_used_assertions')).toBe(1);
  });

  it('tells a "Test sign-in" answer from a sign-in, and takes the e-mail from the NameID when no attribute carries it', async () => {
    const staff = await t.signInStaff();
    const posted = await signedInAtIdp({ user: { email: 'ann@firm.test', noEmailAttribute: true } }, { testByUserId: staff.userId });
    const result = await finish(posted);
    expect(result).toMatchObject({
      ok: true,
      identity: { email: 'ann@firm.test', groups: [], testByUserId: staff.userId, browserHash: null },
    });
  });

  it('refuses an assertion for another audience, recipient, destination or issuer', async () => {
    expect(await refusedFor(await signedInAtIdp({ audience: 'https://other.example/sp' }))).toBe('audience');
    expect(await refusedFor(await signedInAtIdp({ recipient: 'https://other.example/acs' }))).toBe('destination');
    expect(await refusedFor(await signedInAtIdp({ destination: 'https://other.example/acs' }))).toBe('destination');
    expect(await refusedFor(await signedInAtIdp({ issuer: 'https://other.example/idp' }))).toBe('issuer');
  });

  it('refuses an expired and a not-yet-valid assertion, with a small clock skew either way', async () => {
    const now = Date.now();
    expect(
      await refusedFor(await signedInAtIdp({ notBefore: new Date(now - 20 * 60_000), notOnOrAfter: new Date(now - 5 * 60_000) })),
    ).toBe('expired');
    expect(
      await refusedFor(await signedInAtIdp({ notBefore: new Date(now + 10 * 60_000), notOnOrAfter: new Date(now + 20 * 60_000) })),
    ).toBe('not_yet_valid');
    // An IdP clock a minute ahead or behind is still accepted.
    expect((await finish(await signedInAtIdp({ notBefore: new Date(now + 60_000) }))).ok).toBe(true);
    expect((await finish(await signedInAtIdp({ notOnOrAfter: new Date(now - 60_000) }))).ok).toBe(true);
  });

  it('refuses a replayed assertion until it expires, and the cleanup job forgets it after', async () => {
    const posted = await signedInAtIdp();
    expect((await finish(posted)).ok).toBe(true);
    // Its request is answered: the same answer again names a request the portal no longer waits for.
    expect(await refusedFor(posted)).toBe('in_response_to');

    // Where IdP-initiated answers are allowed, the used-assertion store alone refuses the replay.
    const unsolicited = await idp.answer({ user });
    expect((await finish(unsolicited, true)).ok).toBe(true);
    expect(await refusedFor(unsolicited, true)).toBe('replay');
    expect(await count('saml_used_assertions')).toBe(2);

    await t.database.query(`update saml_used_assertions set expires_at = now() - interval '1 second'`);
    expect(await runCleanup(t.database)).toMatchObject({ samlAssertions: 2 });
    expect(await count('saml_used_assertions')).toBe(0);
  });

  it('refuses an unsigned assertion, even inside a signed response', async () => {
    expect(await refusedFor(await signedInAtIdp({ sign: 'none' }))).toBe('signature');
    expect(await refusedFor(await signedInAtIdp({ sign: 'response' }))).toBe('signature');
    // Signed twice (response and assertion) is fine.
    expect((await finish(await signedInAtIdp({ sign: 'both' }))).ok).toBe(true);
  });

  it('refuses an answer signed by a key the portal does not know', async () => {
    expect(await refusedFor(await signedInAtIdp({ stranger: true }))).toBe('signature');
  });

  it('refuses signature-wrapped assertions (XSW): a forged one beside, around or instead of the signed one', async () => {
    const variants: ((doc: Document) => void)[] = [
      // A second, unsigned assertion before the signed one.
      (doc) => doc.documentElement.insertBefore(forged(doc), assertionOf(doc)),
      // The signed assertion wrapped inside the forged one, which takes its place.
      (doc) => {
        const signed = assertionOf(doc);
        const evil = forged(doc);
        doc.documentElement.replaceChild(evil, signed);
        evil.appendChild(signed);
      },
      // The signed assertion moved into the response's Extensions, the forged one in its place.
      (doc) => {
        const signed = assertionOf(doc);
        const evil = forged(doc);
        doc.documentElement.replaceChild(evil, signed);
        const extensions = doc.createElementNS('urn:oasis:names:tc:SAML:2.0:protocol', 'samlp:Extensions');
        extensions.appendChild(signed);
        doc.documentElement.insertBefore(extensions, doc.documentElement.firstChild!.nextSibling);
      },
      // The signed assertion itself, its person changed after signing.
      (doc) => {
        for (const el of Array.from(assertionOf(doc).getElementsByTagNameNS(ASSERTION_NS, 'NameID'))) el.textContent = 'mallory@firm.test';
      },
    ];
    for (const wrap of variants) {
      const posted = await signedInAtIdp();
      const doc = decode(posted);
      wrap(doc as unknown as Document);
      const result = await finish({ ...posted, SAMLResponse: encode(doc as unknown as Document) });
      expect(result).toMatchObject({ ok: false, reason: 'signature' });
    }
  });

  it('refuses an answer to a request it did not send, sent for another portal, or with another RelayState', async () => {
    expect(await refusedFor(await signedInAtIdp({ inResponseTo: `_${'a'.repeat(40)}` }))).toBe('in_response_to');

    const beta = await t.createSponsor('BETA');
    const betaStart = await startSamlSignIn(known, { db: t.db, sp: { publicUrl: PUBLIC_URL, sponsorCode: 'BETA', sponsorId: beta.id } });
    expect(await refusedFor(await signedInAtIdp({ inResponseTo: betaStart.requestId }))).toBe('in_response_to');

    const posted = await signedInAtIdp();
    expect(await refusedFor({ ...posted, RelayState: 'x'.repeat(43) })).toBe('relay_state');
  });

  it('refuses an IdP-initiated answer unless the portal allows them', async () => {
    expect(await refusedFor(await idp.answer({ user }))).toBe('idp_initiated');
    expect(await finish(await idp.answer({ user }), true)).toMatchObject({
      ok: true,
      identity: { email: 'ann@firm.test', testByUserId: null, browserHash: null },
    });
  });

  it('refuses an answer without an e-mail address, and one that is not a SAML response at all', async () => {
    expect(await refusedFor(await signedInAtIdp({ user: { email: 'ann@firm.test', nameId: 'ann-42', noEmailAttribute: true } }))).toBe(
      'no_email',
    );
    expect(await refusedFor({ SAMLResponse: 'not base64 !' })).toBe('malformed');
    expect(await refusedFor({ SAMLResponse: Buffer.from('<a/>').toString('base64') })).toBe('malformed');
    const withDoctype = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa">]>${Buffer.from((await signedInAtIdp()).SAMLResponse, 'base64').toString('utf8')}`;
    expect(await refusedFor({ SAMLResponse: Buffer.from(withDoctype).toString('base64') })).toBe('malformed');
  });

  it('forgets unanswered requests once they expire (cleanup job)', async () => {
    await startSamlSignIn(known, { db: t.db, sp });
    await startSamlSignIn(known, { db: t.db, sp });
    await t.database.query(
      `update saml_requests set expires_at = now() - interval '1 second' where id = (select min(id) from saml_requests)`,
    );
    expect(await runCleanup(t.database)).toMatchObject({ samlRequests: 1 });
    expect(await count('saml_requests')).toBe(1);
  });
});

describe("reading the IdP's metadata", () => {
  const refusal = (act: () => unknown) => {
    try {
      act();
    } catch (err) {
      expect(err).toBeInstanceOf(SamlSettingsError);
      expect((err as SamlSettingsError).statusCode).toBe(400);
      return `${(err as SamlSettingsError).field}: ${(err as Error).message}`;
    }
    throw new Error('accepted');
  };
  const md = (inner: string, entityId = 'https://idp.firm.test') =>
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">${inner}</md:EntityDescriptor>`;
  const idpDescriptor = (inner: string) =>
    `<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">${inner}</md:IDPSSODescriptor>`;
  const sso = (binding: 'HTTP-Redirect' | 'HTTP-POST', location: string) =>
    `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:${binding}" Location="${location}"/>`;
  const keyDescriptor = (certificate: string, use = 'signing') =>
    `<md:KeyDescriptor use="${use}"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certificate}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;

  it("reads a real IdP's metadata: entity id, sign-in URL and signing certificate", () => {
    expect(parseIdpMetadata(idp.metadataXml)).toEqual({
      entityId: idp.entityId,
      ssoUrl: idp.ssoUrl,
      ssoBinding: 'redirect',
      certificates: [idp.keys.certificate],
    });
  });

  it('prefers HTTP-Redirect, takes HTTP-POST otherwise, and keeps every signing certificate but no encryption one', async () => {
    const other = await testKeys('stranger');
    const wrapped = idp.keys.certificate.replace(/(.{64})/g, '$1\n  ');
    const xml = md(
      idpDescriptor(
        keyDescriptor(wrapped) +
          keyDescriptor(other.certificate, 'encryption') +
          sso('HTTP-POST', 'https://idp.firm.test/post') +
          sso('HTTP-Redirect', 'https://idp.firm.test/redirect'),
      ),
    );
    expect(parseIdpMetadata(xml)).toEqual({
      entityId: 'https://idp.firm.test',
      ssoUrl: 'https://idp.firm.test/redirect',
      ssoBinding: 'redirect',
      certificates: [idp.keys.certificate],
    });
    const postOnly = md(idpDescriptor(keyDescriptor(idp.keys.certificate) + sso('HTTP-POST', 'https://idp.firm.test/post')));
    expect(parseIdpMetadata(postOnly)).toMatchObject({ ssoUrl: 'https://idp.firm.test/post', ssoBinding: 'post' });
    // The portal sends its requests by HTTP-Redirect: settings with a POST-only IdP are refused.
    expect(refusal(() => resolveIdp({ metadataXml: postOnly }))).toMatch(/^saml\.metadataXml: .*HTTP-POST only/);
    expect(resolveIdp({ metadataXml: xml })).toMatchObject({ ssoBinding: 'redirect' });
  });

  it('refuses unsafe or unusable metadata with a clear message on saml.metadataXml', () => {
    const good = idpDescriptor(keyDescriptor(idp.keys.certificate) + sso('HTTP-Redirect', 'https://idp.firm.test/sso'));
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>${md(good, '&lol2;')}`;
    expect(refusal(() => parseIdpMetadata(laughs))).toMatch(/^saml\.metadataXml: .*document type declaration/);
    const xxe = `<!DOCTYPE md [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${md(good, '&xxe;')}`;
    expect(refusal(() => parseIdpMetadata(xxe))).toMatch(/document type declaration/);
    expect(refusal(() => parseIdpMetadata(md(good) + ' '.repeat(MAX_METADATA_BYTES)))).toMatch(/larger than 256 KB/);
    expect(refusal(() => parseIdpMetadata('<md:EntityDescriptor'))).toMatch(/not well-formed/);
    expect(refusal(() => parseIdpMetadata('<html><body>Sign in</body></html>'))).toMatch(/not SAML 2.0 metadata/);
    expect(refusal(() => parseIdpMetadata(md('')))).toMatch(/no SAML 2.0 identity provider/);
    expect(refusal(() => parseIdpMetadata(md(good, '')))).toMatch(/entity id is missing/);
    expect(refusal(() => parseIdpMetadata(md(idpDescriptor(keyDescriptor(idp.keys.certificate)))))).toMatch(/no sign-in URL/);
    expect(refusal(() => parseIdpMetadata(md(idpDescriptor(sso('HTTP-Redirect', 'https://idp.firm.test/sso')))))).toMatch(
      /no signing certificate/,
    );
    expect(
      refusal(() =>
        parseIdpMetadata(md(idpDescriptor(keyDescriptor('bm90IGEgY2VydA==') + sso('HTTP-Redirect', 'https://idp.firm.test/sso')))),
      ),
    ).toMatch(/not a certificate/);
    for (const location of ['javascript:alert(1)', 'http://idp.firm.test/sso', 'not a url']) {
      expect(
        refusal(() => parseIdpMetadata(md(idpDescriptor(keyDescriptor(idp.keys.certificate) + sso('HTTP-Redirect', location))))),
      ).toMatch(/sign-in URL/);
    }
    expect(
      refusal(() =>
        parseIdpMetadata(`<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata">${md(good)}</md:EntitiesDescriptor>`),
      ),
    ).toMatch(/several entities/);
  });

  it('takes the entity id, sign-in URL and certificate typed in instead, and names the field it refuses', () => {
    expect(idpFromFields({ entityId: idp.entityId, ssoUrl: idp.ssoUrl, certificate: idp.keys.certificatePem })).toEqual({
      entityId: idp.entityId,
      ssoUrl: idp.ssoUrl,
      ssoBinding: 'redirect',
      certificates: [idp.keys.certificate],
    });
    expect(refusal(() => idpFromFields({ entityId: ' ', ssoUrl: idp.ssoUrl, certificate: idp.keys.certificate }))).toMatch(
      /^saml\.entityId: /,
    );
    expect(refusal(() => idpFromFields({ entityId: 'x', ssoUrl: 'ftp://idp/sso', certificate: idp.keys.certificate }))).toMatch(
      /^saml\.ssoUrl: /,
    );
    expect(refusal(() => idpFromFields({ entityId: 'x', ssoUrl: idp.ssoUrl, certificate: 'hello' }))).toMatch(/^saml\.certificate: /);
    expect(resolveIdp({ entityId: idp.entityId, ssoUrl: idp.ssoUrl, certificate: idp.keys.certificate })).toMatchObject({
      entityId: idp.entityId,
    });
    expect(refusal(() => resolveIdp({ entityId: idp.entityId, certificate: idp.keys.certificate }))).toMatch(/^saml\.ssoUrl: /);
  });
});
