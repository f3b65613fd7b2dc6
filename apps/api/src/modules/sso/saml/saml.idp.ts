import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { AppError } from '../../../lib/errors.js';

/** What the portal needs of a firm's SAML identity provider. */
export interface SamlIdp {
  entityId: string;
  /** Where the browser is sent with the AuthnRequest. */
  ssoUrl: string;
  ssoBinding: 'redirect' | 'post';
  /** The IdP's signing certificates, base64 DER (PEM without its armour); any of them may sign. */
  certificates: string[];
}

/** Metadata larger than this is refused before it is parsed (real IdP metadata is a few kilobytes). */
export const MAX_METADATA_BYTES = 256 * 1024;
const MAX_ENTITY_ID = 1024;
const MAX_CERTIFICATES = 10;

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const SAML2_PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
export const BINDING = {
  redirect: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
  post: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
} as const;

/** The settings fields a refusal names, as the SSO settings body spells them. */
export type SamlSettingsField = 'saml.metadataXml' | 'saml.entityId' | 'saml.ssoUrl' | 'saml.certificate';

/** A SAML setting that cannot be used: answered 400 with the field it is about. */
export class SamlSettingsError extends AppError {
  constructor(
    readonly field: SamlSettingsField,
    message: string,
  ) {
    super(400, message, [{ field, message }]);
  }
}

/**
 * Refuses what an XML parser could be tricked with before any parser sees it: a document type
 * declaration is where entity expansion (billion laughs) and external entities (XXE) live, and no
 * SAML message or metadata needs one.
 */
export function assertNoDocumentType(xml: string, field: SamlSettingsField | null): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
    const message = 'XML with a document type declaration (DOCTYPE or ENTITY) is refused.';
    throw field ? new SamlSettingsError(field, message) : new Error(message);
  }
}

/** Parses XML strictly: any warning, error or fatal error of the parser refuses the document. */
export function parseXmlStrictly(xml: string): Document | null {
  let failed = false;
  const fail = () => {
    failed = true;
  };
  const doc = new DOMParser({ errorHandler: { warning: fail, error: fail, fatalError: fail } }).parseFromString(xml, 'text/xml');
  return failed || !doc?.documentElement ? null : (doc as unknown as Document);
}

/** The element children of `parent` with this namespace and local name (never deeper descendants). */
export const childrenNamed = (parent: Element, ns: string, local: string): Element[] =>
  Array.from(parent.childNodes).filter(
    (n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === local,
  );

/**
 * The IdP's single sign-on address: https, or http only on this machine (a test or development
 * IdP), never anything a browser would run (javascript:, data:).
 */
function checkSsoUrl(value: string, field: SamlSettingsField): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new SamlSettingsError(field, 'The sign-in URL is not a valid absolute URL.');
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new SamlSettingsError(field, 'The sign-in URL must use https.');
  }
  if (url.username || url.password) throw new SamlSettingsError(field, 'The sign-in URL must not hold a user name or password.');
  return url.toString();
}

function checkEntityId(value: string, field: SamlSettingsField): string {
  const id = value.trim();
  if (!id) throw new SamlSettingsError(field, 'The entity id is missing.');
  if (id.length > MAX_ENTITY_ID) throw new SamlSettingsError(field, `The entity id is longer than ${MAX_ENTITY_ID} characters.`);
  return id;
}

/** One certificate, PEM or bare base64, answered as base64 DER once node:crypto has read it as X.509. */
function checkCertificate(value: string, field: SamlSettingsField): string {
  const body = value
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '')
    .trim();
  if (!body || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) throw new SamlSettingsError(field, 'The signing certificate is not a certificate.');
  try {
    new X509Certificate(Buffer.from(body, 'base64'));
  } catch {
    throw new SamlSettingsError(field, 'The signing certificate is not a certificate.');
  }
  return body;
}

/**
 * Reads a firm's IdP metadata (an EntityDescriptor with an IDPSSODescriptor): its entity id, its
 * single sign-on URL (HTTP-Redirect preferred, else HTTP-POST) and its signing certificates.
 * Refuses, with a SamlSettingsError on `saml.metadataXml`, anything too large, with a document type
 * declaration, not well-formed, or missing one of those.
 */
export function parseIdpMetadata(xml: string): SamlIdp {
  const field = 'saml.metadataXml';
  if (Buffer.byteLength(xml, 'utf8') > MAX_METADATA_BYTES) {
    throw new SamlSettingsError(field, `The metadata is larger than ${MAX_METADATA_BYTES / 1024} KB.`);
  }
  assertNoDocumentType(xml, field);
  const doc = parseXmlStrictly(xml);
  if (!doc) throw new SamlSettingsError(field, 'The metadata is not well-formed XML.');
  const root = doc.documentElement;
  if (root.namespaceURI === MD && root.localName === 'EntitiesDescriptor') {
    throw new SamlSettingsError(field, 'The metadata describes several entities: give the metadata of your one identity provider.');
  }
  if (root.namespaceURI !== MD || root.localName !== 'EntityDescriptor') {
    throw new SamlSettingsError(field, 'The metadata is not SAML 2.0 metadata (an EntityDescriptor).');
  }
  const entityId = checkEntityId(root.getAttribute('entityID') ?? '', field);
  const idp = childrenNamed(root, MD, 'IDPSSODescriptor').find((d) =>
    (d.getAttribute('protocolSupportEnumeration') ?? '').split(/\s+/).includes(SAML2_PROTOCOL),
  );
  if (!idp) throw new SamlSettingsError(field, 'The metadata has no SAML 2.0 identity provider (IDPSSODescriptor).');

  const services = childrenNamed(idp, MD, 'SingleSignOnService');
  const service =
    services.find((s) => s.getAttribute('Binding') === BINDING.redirect) ??
    services.find((s) => s.getAttribute('Binding') === BINDING.post);
  if (!service) throw new SamlSettingsError(field, 'The metadata has no sign-in URL with the HTTP-Redirect or HTTP-POST binding.');
  const ssoUrl = checkSsoUrl(service.getAttribute('Location') ?? '', field);
  const ssoBinding = service.getAttribute('Binding') === BINDING.redirect ? 'redirect' : 'post';

  const certificates = [
    ...new Set(
      childrenNamed(idp, MD, 'KeyDescriptor')
        .filter((k) => (k.getAttribute('use') ?? 'signing') === 'signing')
        .flatMap((k) => Array.from(k.getElementsByTagNameNS(DS, 'X509Certificate')))
        .map((c) => checkCertificate(c.textContent ?? '', field)),
    ),
  ];
  if (certificates.length === 0) throw new SamlSettingsError(field, 'The metadata has no signing certificate.');
  if (certificates.length > MAX_CERTIFICATES)
    throw new SamlSettingsError(field, `The metadata has more than ${MAX_CERTIFICATES} signing certificates.`);
  return { entityId, ssoUrl, ssoBinding, certificates };
}

/** The same three values typed in instead of metadata (the sign-in URL is taken as HTTP-Redirect). */
export function idpFromFields(fields: { entityId: string; ssoUrl: string; certificate: string }): SamlIdp {
  return {
    entityId: checkEntityId(fields.entityId, 'saml.entityId'),
    ssoUrl: checkSsoUrl(fields.ssoUrl, 'saml.ssoUrl'),
    ssoBinding: 'redirect',
    certificates: [checkCertificate(fields.certificate, 'saml.certificate')],
  };
}

/**
 * The IdP of SAML settings: from the metadata when given, else from the three fields. The check
 * before settings are stored too: it refuses an IdP that takes sign-in requests by HTTP-POST only
 * (the portal sends them by HTTP-Redirect, which Entra ID, Okta, Google, ADFS and Keycloak all take).
 */
export function resolveIdp(settings: { metadataXml?: string; entityId?: string; ssoUrl?: string; certificate?: string }): SamlIdp {
  if (settings.metadataXml) {
    const idp = parseIdpMetadata(settings.metadataXml);
    if (idp.ssoBinding !== 'redirect') {
      throw new SamlSettingsError(
        'saml.metadataXml',
        'The identity provider takes sign-in requests by HTTP-POST only: enable its HTTP-Redirect binding, or give its sign-in URL for HTTP-Redirect.',
      );
    }
    return idp;
  }
  const { entityId, ssoUrl, certificate } = settings;
  if (!entityId) throw new SamlSettingsError('saml.entityId', 'Give the metadata XML, or the entity id, sign-in URL and certificate.');
  if (!ssoUrl) throw new SamlSettingsError('saml.ssoUrl', 'Give the metadata XML, or the entity id, sign-in URL and certificate.');
  if (!certificate)
    throw new SamlSettingsError('saml.certificate', 'Give the metadata XML, or the entity id, sign-in URL and certificate.');
  return idpFromFields({ entityId, ssoUrl, certificate });
}
