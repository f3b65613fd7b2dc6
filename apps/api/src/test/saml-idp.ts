import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as samlify from 'samlify';
import { generate } from 'selfsigned';

/**
 * A real SAML 2.0 identity provider for tests (samlify), on 127.0.0.1 at a random port. It serves
 * its metadata, takes the portal's AuthnRequest on the HTTP-Redirect binding at /sso, and answers
 * as a real IdP does: an HTML page whose form posts SAMLResponse and RelayState to the portal's ACS.
 * samlify signs every answer with this IdP's key (an RSA key and certificate made at start).
 *
 * samlify validates the XML it receives against the SAML schemas only through a validator module
 * it is given; the modules it offers need Java or native builds, so this test IdP alone uses a
 * permissive one (decision 0039). It only reads the portal's AuthnRequest to answer its ID: the
 * checks under test are the portal's, on the IdP's signed answer.
 */
samlify.setSchemaValidator({ validate: async () => 'skipped: test identity provider' });

export interface TestKeys {
  privateKey: string;
  certificatePem: string;
  /** The certificate as base64 DER, as metadata and the portal's settings hold it. */
  certificate: string;
}

const keyPairs = new Map<string, Promise<TestKeys>>();
/** An RSA key and self-signed certificate, made once per name in this process. */
export function testKeys(name = 'idp'): Promise<TestKeys> {
  let made = keyPairs.get(name);
  if (!made) {
    made = generate([{ name: 'commonName', value: `${name}.saml.test` }], { keySize: 2048, algorithm: 'sha256' }).then((pems) => ({
      privateKey: pems.private,
      certificatePem: pems.cert,
      certificate: pems.cert.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, ''),
    }));
    keyPairs.set(name, made);
  }
  return made;
}

export interface TestIdpUser {
  email: string;
  /** The NameID; the e-mail when not given. */
  nameId?: string;
  groups?: string[];
  authnContextClassRef?: string;
  /** Instead of an `email` attribute (the e-mail then travels only as the NameID). */
  noEmailAttribute?: boolean;
}

/** What one answer says and how it is signed; by default what a correct IdP sends. */
export interface AnswerOptions {
  user: TestIdpUser;
  /** 'assertion' (default), 'response' (the Response only, the assertion not), 'both', or 'none'. */
  sign?: 'assertion' | 'response' | 'both' | 'none';
  /** Sign with a key the portal does not know (same entity id). */
  stranger?: boolean;
  audience?: string;
  destination?: string;
  recipient?: string;
  issuer?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  /** The request answered; null for none (IdP-initiated). Defaults to the request's ID. */
  inResponseTo?: string | null;
  relayState?: string;
}

export interface PostedAnswer {
  /** The form's action: where the browser posts it. */
  action: string;
  SAMLResponse: string;
  RelayState?: string;
}

export interface SamlTestIdp {
  entityId: string;
  ssoUrl: string;
  metadataUrl: string;
  metadataXml: string;
  keys: TestKeys;
  /**
   * Follows the portal's redirect to this IdP as a browser does, "signs in" as `answer.user`, and
   * reads the form the IdP answers with.
   */
  signIn(redirectUrl: string, answer: AnswerOptions): Promise<PostedAnswer>;
  /** An answer to no request (IdP-initiated), or to `inResponseTo` when given. */
  answer(answer: AnswerOptions): Promise<PostedAnswer>;
  close(): Promise<void>;
}

const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';
const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** samlify's default login response, plus an AuthnStatement and an AttributeStatement (e-mail, groups). */
const TEMPLATE =
  `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="${ASSERTION}" ID="{ID}" Version="2.0" IssueInstant="{IssueInstant}" Destination="{Destination}" InResponseTo="{InResponseTo}">` +
  '<saml:Issuer>{Issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
  `<saml:Assertion xmlns:saml="${ASSERTION}" ID="{AssertionID}" Version="2.0" IssueInstant="{IssueInstant}"><saml:Issuer>{Issuer}</saml:Issuer>` +
  '<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">{NameID}</saml:NameID>' +
  '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="{NotOnOrAfter}" Recipient="{Recipient}" InResponseTo="{InResponseTo}"/></saml:SubjectConfirmation></saml:Subject>' +
  '<saml:Conditions NotBefore="{NotBefore}" NotOnOrAfter="{NotOnOrAfter}"><saml:AudienceRestriction><saml:Audience>{Audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>' +
  '<saml:AuthnStatement AuthnInstant="{IssueInstant}" SessionIndex="{AssertionID}"><saml:AuthnContext><saml:AuthnContextClassRef>{AuthnContextClassRef}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>' +
  '{Claims}</saml:Assertion></samlp:Response>';

function attributeStatement(user: TestIdpUser): string {
  const attribute = (name: string, values: string[]) =>
    values.length === 0
      ? ''
      : `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${values
          .map((v) => `<saml:AttributeValue>${escapeXml(v)}</saml:AttributeValue>`)
          .join('')}</saml:Attribute>`;
  const attributes = attribute('email', user.noEmailAttribute ? [] : [user.email]) + attribute('groups', user.groups ?? []);
  return attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '';
}

const samlId = () => `_${randomBytes(16).toString('hex')}`;

/** Starts the IdP for the portal whose SP metadata is `spMetadataXml`. */
export async function startSamlTestIdp(spMetadataXml: string, opts: { loginPage?: boolean } = {}): Promise<SamlTestIdp> {
  const [keys, strangerKeys] = await Promise.all([testKeys('idp'), testKeys('stranger')]);
  let pending: AnswerOptions | null = null;

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (req.method === 'GET' && url.pathname === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(metadataXml);
      return;
    }
    // With a login page (the browser journeys): the person signs in here first, as at a real IdP.
    if (opts.loginPage && req.method === 'GET' && url.pathname === '/sso') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(url.search.slice(1)));
      return;
    }
    if (opts.loginPage && req.method === 'POST' && url.pathname === '/login') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        respondToRequest(new URL(`/sso?${form.get('request') ?? ''}`, base), { user: { email: form.get('email') ?? '' } })
          .then((posted) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(formPage(posted)))
          .catch((err: Error) => res.writeHead(400, { 'content-type': 'text/plain' }).end(`SAML request refused: ${err.message}`));
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/sso') {
      const answer = pending ?? { user: { email: 'someone@firm.test' } };
      pending = null;
      respondToRequest(url, answer)
        .then((posted) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(formPage(posted)))
        .catch((err: Error) => res.writeHead(400, { 'content-type': 'text/plain' }).end(`SAML request refused: ${err.message}`));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${base}/idp`;
  const ssoUrl = `${base}/sso`;

  const idpFor = (k: TestKeys) =>
    samlify.IdentityProvider({
      entityID: entityId,
      privateKey: k.privateKey,
      signingCert: k.certificatePem,
      nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
      singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: ssoUrl }],
      loginResponseTemplate: { context: TEMPLATE, attributes: [] },
      generateID: samlId,
    });
  const idp = idpFor(keys);
  const stranger = idpFor(strangerKeys);
  const metadataXml = idp.getMetadata();
  // The portal's metadata as it serves it; variants only for answers signed otherwise than it asks.
  const sp = samlify.ServiceProvider({ metadata: spMetadataXml });
  const spSigning = {
    assertion: sp,
    both: samlify.ServiceProvider({ metadata: spMetadataXml, wantMessageSigned: true }),
    response: samlify.ServiceProvider({ metadata: spMetadataXml.replace('WantAssertionsSigned="true"', 'WantAssertionsSigned="false"') }),
  };
  const acsUrl = sp.entityMeta.getAssertionConsumerService('post') as string;

  async function build(answer: AnswerOptions, requestId: string | null): Promise<PostedAnswer> {
    const now = new Date();
    const values: Record<string, string | null> = {
      ID: samlId(),
      AssertionID: samlId(),
      IssueInstant: now.toISOString(),
      Destination: answer.destination ?? acsUrl,
      InResponseTo: answer.inResponseTo === undefined ? requestId : answer.inResponseTo,
      Issuer: answer.issuer ?? entityId,
      NameID: answer.user.nameId ?? answer.user.email,
      Recipient: answer.recipient ?? acsUrl,
      NotBefore: (answer.notBefore ?? now).toISOString(),
      NotOnOrAfter: (answer.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)).toISOString(),
      Audience: answer.audience ?? (sp.entityMeta.getEntityID() as string),
      AuthnContextClassRef: answer.user.authnContextClassRef ?? 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport',
    };
    const fill = (template: string) =>
      Object.entries(values)
        .reduce(
          (xml, [tag, value]) => (value === null ? xml.replaceAll(` ${tag}="{${tag}}"`, '') : xml.replaceAll(`{${tag}}`, escapeXml(value))),
          template,
        )
        .replace('{Claims}', attributeStatement(answer.user));
    const relay = answer.relayState === undefined ? {} : { RelayState: answer.relayState };
    const sign = answer.sign ?? 'assertion';
    if (sign === 'none') return { action: acsUrl, SAMLResponse: Buffer.from(fill(TEMPLATE)).toString('base64'), ...relay };
    const signer = answer.stranger ? stranger : idp;
    const { context } = (await signer.createLoginResponse(
      spSigning[sign],
      { extract: {} } as never,
      'post',
      { email: answer.user.email },
      {
        customTagReplacement: (template: string) => ({ id: values.ID!, context: fill(template) }),
      },
    )) as { context: string };
    return { action: acsUrl, SAMLResponse: context, ...relay };
  }

  async function respondToRequest(url: URL, answer: AnswerOptions): Promise<PostedAnswer> {
    const query = Object.fromEntries(url.searchParams);
    const { extract } = await idp.parseLoginRequest(sp, 'redirect', { query, octetString: url.search.slice(1) });
    const relayState = answer.relayState ?? url.searchParams.get('RelayState') ?? undefined;
    return build({ ...answer, ...(relayState === undefined ? {} : { relayState }) }, extract.request?.id as string);
  }

  return {
    entityId,
    ssoUrl,
    metadataUrl: `${base}/metadata`,
    metadataXml,
    keys,
    async signIn(redirectUrl, answer) {
      pending = answer;
      const page = await fetch(redirectUrl);
      const html = await page.text();
      if (!page.ok) throw new Error(html);
      return readForm(html);
    },
    answer: (answer) => build(answer, null),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The IdP's own sign-in page: the portal's request rides along in a hidden field. */
function loginPage(request: string): string {
  return `<!doctype html><html lang="en"><head><title>Test identity provider</title></head><body><main><h1>Test identity provider</h1><form method="post" action="/login"><input type="hidden" name="request" value="${escapeXml(
    request,
  )}"><label>E-mail <input type="email" name="email" required></label> <button type="submit">Sign in</button></form></main></body></html>`;
}

/** The auto-posting page a real IdP answers with (no script needed by the tests that read it). */
function formPage(posted: PostedAnswer): string {
  const input = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeXml(value)}">`;
  return `<!doctype html><html lang="en"><head><title>Signing in</title></head><body onload="document.forms[0].submit()"><form method="post" action="${escapeXml(
    posted.action,
  )}">${input('SAMLResponse', posted.SAMLResponse)}${posted.RelayState === undefined ? '' : input('RelayState', posted.RelayState)}<button type="submit">Continue</button></form></body></html>`;
}

function readForm(html: string): PostedAnswer {
  const unescapeXml = (v: string) =>
    v.replace(/&(amp|lt|gt|quot|apos);/g, (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e as string]!);
  const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
  const field = (name: string) => {
    const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
    return value === undefined ? undefined : unescapeXml(value);
  };
  const SAMLResponse = field('SAMLResponse');
  if (!action || !SAMLResponse) throw new Error('the IdP answered no SAML form');
  const RelayState = field('RelayState');
  return { action: unescapeXml(action), SAMLResponse, ...(RelayState === undefined ? {} : { RelayState }) };
}
