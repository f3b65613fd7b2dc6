import { randomBytes } from 'node:crypto';
import { type CacheProvider, generateServiceProviderMetadata, SAML, SamlStatusError, ValidateInResponseTo } from '@node-saml/node-saml';
import { SAML_RESPONSE_MAX_CHARS } from '@vault/contract';
import type { Db } from '../../../db/client.js';
import { randomToken, safeEqual } from '../../../lib/crypto.js';
import { assertNoDocumentType, childrenNamed, parseXmlStrictly, type SamlIdp } from './saml.idp.js';
import * as repo from './saml.repo.js';

/** How far the IdP's clock may be from ours when NotBefore and NotOnOrAfter are checked. */
export const SAML_CLOCK_SKEW_MS = 2 * 60_000;
/** How long an AuthnRequest waits for its answer: a person signing in at the IdP, perhaps with a second factor. */
export const SAML_REQUEST_TTL_MS = 10 * 60_000;

export const NAMEID_EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

/** The attribute names read for the e-mail address (else the NameID) and for the groups, as README "SAML" lists them. */
export const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
export const GROUP_ATTRIBUTES = ['groups', 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups', 'memberOf'];

/** This portal as a SAML service provider. */
export interface SamlSp {
  /** The service's public address (PUBLIC_URL). */
  publicUrl: string;
  sponsorId: number;
  sponsorCode: string;
}

export const samlEntityId = (sp: Pick<SamlSp, 'publicUrl' | 'sponsorCode'>) =>
  `${sp.publicUrl.replace(/\/+$/, '')}/api/v1/sso/saml/${encodeURIComponent(sp.sponsorCode)}`;
export const samlAcsUrl = (sp: Pick<SamlSp, 'publicUrl' | 'sponsorCode'>) => `${samlEntityId(sp)}/acs`;
export const samlMetadataUrl = (sp: Pick<SamlSp, 'publicUrl' | 'sponsorCode'>) => `${samlEntityId(sp)}/metadata`;

/** The portal's SP metadata for the firm's IT to import: entity id, ACS (HTTP-POST), NameID e-mail, signed assertions wanted. */
export function serviceProviderMetadata(sp: Pick<SamlSp, 'publicUrl' | 'sponsorCode'>): string {
  return generateServiceProviderMetadata({
    issuer: samlEntityId(sp),
    callbackUrl: samlAcsUrl(sp),
    identifierFormat: NAMEID_EMAIL,
    wantAssertionsSigned: true,
    generateUniqueId: requestId,
  });
}

const requestId = () => `_${randomBytes(20).toString('hex')}`;

/**
 * node-saml's store of request ids, kept in PostgreSQL so the answer may reach any instance. It
 * remembers which request a response took (`taken`), so the caller learns that request's RelayState,
 * browser and "Test sign-in", and whether another answer took it first.
 */
function requestStore(db: Db, sponsorId: number, start?: { relayState: string; browserHash: string | null; testByUserId: number | null }) {
  const store = {
    saved: undefined as string | undefined,
    taken: undefined as repo.SamlRequestRow | null | undefined,
    async saveAsync(key: string, value: string) {
      if (!start) throw new Error('no sign-in is being started');
      store.saved = key;
      await repo.insertRequest(db, { id: key, sponsorId, ...start, expiresAt: new Date(Date.now() + SAML_REQUEST_TTL_MS) });
      return { value, createdAt: Date.now() };
    },
    async getAsync(key: string) {
      return (await repo.findLiveRequest(db, sponsorId, key))?.createdAt.toISOString() ?? null;
    },
    async removeAsync(key: string | null) {
      if (!key) return null;
      const row = await repo.takeRequest(db, sponsorId, key);
      store.taken ??= row;
      return row ? key : null;
    },
  } satisfies CacheProvider & { saved: unknown; taken: unknown };
  return store;
}

function client(sp: SamlSp, idp: SamlIdp, cacheProvider: CacheProvider, allowIdpInitiated: boolean) {
  return new SAML({
    issuer: samlEntityId(sp),
    audience: samlEntityId(sp),
    callbackUrl: samlAcsUrl(sp),
    entryPoint: idp.ssoUrl,
    authnRequestBinding: 'HTTP-Redirect',
    idpCert: idp.certificates,
    identifierFormat: NAMEID_EMAIL,
    // The IdP chooses how the person proves who they are (it may ask a second factor and say so).
    disableRequestedAuthnContext: true,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    validateInResponseTo: allowIdpInitiated ? ValidateInResponseTo.ifPresent : ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
    cacheProvider,
    generateUniqueId: requestId,
  });
}

export interface SamlStart {
  /** The IdP's sign-in URL with the AuthnRequest (HTTP-Redirect binding) and the RelayState. */
  url: string;
  requestId: string;
  relayState: string;
}

/**
 * Starts an SP-initiated sign-in: an AuthnRequest for the IdP (HTTP-Redirect binding, see resolveIdp), remembered (with a random RelayState,
 * the starting browser's hash and whether it is a "Test sign-in") until its answer comes back or
 * SAML_REQUEST_TTL_MS passes.
 */
export async function startSamlSignIn(
  idp: SamlIdp,
  ctx: { db: Db; sp: SamlSp; browserHash?: string | null; testByUserId?: number | null },
): Promise<SamlStart> {
  const relayState = randomToken();
  const started = { relayState, browserHash: ctx.browserHash ?? null, testByUserId: ctx.testByUserId ?? null };
  const store = requestStore(ctx.db, ctx.sp.sponsorId, started);
  const url = await client(ctx.sp, idp, store, false).getAuthorizeUrlAsync(relayState, undefined, {});
  return { url, requestId: store.saved!, relayState };
}

/** What a refused SAML response was refused for (audited as the reason). */
export type SamlRefusalReason =
  | 'malformed'
  | 'status'
  | 'signature'
  | 'issuer'
  | 'audience'
  | 'destination'
  | 'expired'
  | 'not_yet_valid'
  | 'in_response_to'
  | 'idp_initiated'
  | 'relay_state'
  | 'replay'
  | 'no_email';

export interface SamlIdentity {
  /** The IdP's NameID for the person. */
  subject: string;
  email: string;
  groups: string[];
  authnContextClassRef?: string;
  /** The IdP's entity id, as the signed assertion names it. */
  issuer: string;
  assertionId: string;
  /** The settings page's "Test sign-in" by this user: show the claims, sign nobody in. */
  testByUserId: number | null;
  /**
   * The hash the start recorded of the starting browser's cookie (null for IdP-initiated): the ACS
   * is a cross-site POST that carries no SameSite cookie, so whoever hands the sign-in over to the
   * portal page compares it there.
   */
  browserHash: string | null;
  /** The request this answers; absent for an IdP-initiated sign-in. */
  inResponseTo?: string;
}

export type SamlResult = { ok: true; identity: SamlIdentity } | { ok: false; reason: SamlRefusalReason; detail: string };

const refuse = (reason: SamlRefusalReason, detail: string): SamlResult => ({ ok: false, reason, detail });

/** node-saml's refusals, by the words of its messages, to a reason. */
function reasonOf(err: unknown, xml: string): SamlRefusalReason {
  if (err instanceof SamlStatusError) return 'status';
  const message = err instanceof Error ? err.message : String(err);
  if (/signature|Cannot obtain assertion/i.test(message)) return 'signature';
  if (/audience/i.test(message)) return 'audience';
  if (/not yet valid/i.test(message)) return 'not_yet_valid';
  if (/expired/i.test(message)) return 'expired';
  if (/InResponseTo is missing/i.test(message)) return 'idp_initiated';
  if (/InResponseTo/i.test(message)) return 'in_response_to';
  // Raised only when no bearer confirmation is valid at this time: a NotBefore ahead, or a NotOnOrAfter past.
  if (/subject confirmation/i.test(message)) return confirmationStartsLater(xml) ? 'not_yet_valid' : 'expired';
  return 'malformed';
}

function confirmationStartsLater(xml: string): boolean {
  const doc = parseXmlStrictly(xml);
  const data = doc ? Array.from(doc.getElementsByTagNameNS(ASSERTION_NS, 'SubjectConfirmationData')) : [];
  return data.some((d) => Date.parse(d.getAttribute('NotBefore') ?? '') > Date.now() + SAML_CLOCK_SKEW_MS);
}

const child = (parent: Element | undefined, local: string) => (parent ? childrenNamed(parent, ASSERTION_NS, local)[0] : undefined);
const text = (el: Element | undefined) => el?.textContent?.trim() || undefined;

/** What the signed assertion (already verified by node-saml) says, read from its own elements only. */
function readAssertion(assertionXml: string) {
  const assertion = parseXmlStrictly(assertionXml)?.documentElement;
  if (!assertion || assertion.namespaceURI !== ASSERTION_NS || assertion.localName !== 'Assertion') return null;
  const subject = child(assertion, 'Subject');
  const bearer = subject
    ? childrenNamed(subject, ASSERTION_NS, 'SubjectConfirmation').filter((c) => c.getAttribute('Method') === BEARER)
    : [];
  const confirmations = bearer.flatMap((c) => childrenNamed(c, ASSERTION_NS, 'SubjectConfirmationData'));
  const conditions = child(assertion, 'Conditions');
  const attributes = new Map<string, string[]>();
  for (const statement of childrenNamed(assertion, ASSERTION_NS, 'AttributeStatement')) {
    for (const attribute of childrenNamed(statement, ASSERTION_NS, 'Attribute')) {
      const values = childrenNamed(attribute, ASSERTION_NS, 'AttributeValue')
        .map(text)
        .filter((v): v is string => !!v);
      attributes.set(attribute.getAttribute('Name') ?? '', [...(attributes.get(attribute.getAttribute('Name') ?? '') ?? []), ...values]);
    }
  }
  const notOnOrAfter = [conditions, ...confirmations]
    .map((el) => Date.parse(el?.getAttribute('NotOnOrAfter') ?? ''))
    .filter((ms) => Number.isFinite(ms));
  return {
    id: assertion.getAttribute('ID') ?? '',
    issuer: text(child(assertion, 'Issuer')),
    nameId: text(child(subject, 'NameID')),
    recipients: confirmations.map((d) => d.getAttribute('Recipient') ?? ''),
    inResponseTo: confirmations.map((d) => d.getAttribute('InResponseTo')).find((v): v is string => !!v),
    authnContextClassRef: text(child(child(child(assertion, 'AuthnStatement'), 'AuthnContext'), 'AuthnContextClassRef')),
    /** The latest moment any of its conditions allows: it is kept as used until then (plus the skew). */
    expiresAtMs: notOnOrAfter.length ? Math.max(...notOnOrAfter) : null,
    attributes,
  };
}

const EMAIL = /^[^\s@<>"]{1,64}@[^\s@<>"]{1,255}$/;

/**
 * Checks an IdP's answer posted to the ACS (HTTP-POST binding) and answers the person it names, or
 * why it is refused. node-saml checks the signature (the assertion must be signed by one of the
 * IdP's certificates; one unsigned, wrapped or moved is refused), the time conditions with
 * SAML_CLOCK_SKEW_MS, the audience and the InResponseTo of an SP-initiated answer. This adds the
 * issuer, Destination and Recipient, the RelayState of the request, IdP-initiated answers only
 * where allowed, and replay: an assertion accepted once is refused again until it expires.
 */
export async function finishSamlSignIn(
  idp: SamlIdp,
  form: { SAMLResponse?: string; RelayState?: string },
  ctx: { db: Db; sp: SamlSp; allowIdpInitiated: boolean },
): Promise<SamlResult> {
  const { db, sp, allowIdpInitiated } = ctx;
  const encoded = form.SAMLResponse ?? '';
  if (!encoded || encoded.length > SAML_RESPONSE_MAX_CHARS || !/^[A-Za-z0-9+/=\s]+$/.test(encoded)) {
    return refuse('malformed', 'SAMLResponse is missing, too large or not base64');
  }
  const xml = Buffer.from(encoded, 'base64').toString('utf8');
  try {
    assertNoDocumentType(xml, null);
  } catch (err) {
    return refuse('malformed', (err as Error).message);
  }
  const response = parseXmlStrictly(xml)?.documentElement;
  if (!response || response.namespaceURI !== PROTOCOL_NS || response.localName !== 'Response') {
    return refuse('malformed', 'not a SAML 2.0 Response');
  }

  const store = requestStore(db, sp.sponsorId);
  let assertionXml: string;
  try {
    const { profile } = await client(sp, idp, store, allowIdpInitiated).validatePostResponseAsync({ SAMLResponse: encoded });
    if (!profile?.getAssertionXml) return refuse('malformed', 'no assertion');
    assertionXml = profile.getAssertionXml();
  } catch (err) {
    return refuse(reasonOf(err, xml), err instanceof Error ? err.message : 'refused');
  }

  const assertion = readAssertion(assertionXml);
  if (!assertion) return refuse('malformed', 'the signed element is not a SAML 2.0 Assertion');
  if (assertion.issuer !== idp.entityId) return refuse('issuer', 'the assertion is not issued by the configured identity provider');
  const acs = samlAcsUrl(sp);
  const destination = response.getAttribute('Destination');
  if (destination && destination !== acs) return refuse('destination', 'the response is addressed to another service');
  if (!assertion.recipients.includes(acs)) return refuse('destination', 'the assertion is confirmed for another recipient');
  if (!assertion.id || assertion.id.length > 256) return refuse('malformed', 'the assertion has no usable ID');
  if (assertion.expiresAtMs === null) return refuse('malformed', 'the assertion has no NotOnOrAfter');

  // The signed confirmation's InResponseTo, else the response's (node-saml refused them differing).
  const inResponseTo = assertion.inResponseTo ?? (response.getAttribute('InResponseTo') || undefined);
  let started: Pick<SamlIdentity, 'testByUserId' | 'browserHash'> = { testByUserId: null, browserHash: null };
  if (inResponseTo) {
    const request = store.taken === undefined ? await repo.takeRequest(db, sp.sponsorId, inResponseTo) : store.taken;
    if (!request || request.id !== inResponseTo)
      return refuse('in_response_to', 'the request this answers is unknown, expired or already answered');
    if (!safeEqual(request.relayState, form.RelayState ?? '')) return refuse('relay_state', 'the RelayState is not the request’s');
    started = { testByUserId: request.testByUserId, browserHash: request.browserHash };
  } else if (!allowIdpInitiated) {
    return refuse('idp_initiated', 'IdP-initiated sign-in is not allowed for this portal');
  }

  const email = (EMAIL_ATTRIBUTES.map((name) => assertion.attributes.get(name)?.[0]).find(Boolean) ?? assertion.nameId ?? '').trim();
  if (!EMAIL.test(email)) return refuse('no_email', 'the assertion carries no e-mail address');
  if (!(await repo.recordAssertionUse(db, sp.sponsorId, assertion.id, new Date(assertion.expiresAtMs + SAML_CLOCK_SKEW_MS)))) {
    return refuse('replay', 'this assertion was already used');
  }
  return {
    ok: true,
    identity: {
      subject: assertion.nameId ?? email,
      email,
      groups: [...new Set(GROUP_ATTRIBUTES.flatMap((name) => assertion.attributes.get(name) ?? []))],
      ...(assertion.authnContextClassRef ? { authnContextClassRef: assertion.authnContextClassRef } : {}),
      issuer: assertion.issuer,
      assertionId: assertion.id,
      ...started,
      ...(inResponseTo ? { inResponseTo } : {}),
    },
  };
}
