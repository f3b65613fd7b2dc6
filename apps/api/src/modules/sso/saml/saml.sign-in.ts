import type { Db } from '../../../db/client.js';
import { sponsorByCode } from '../../../plugins/tenant.repo.js';
import { auditRefusal, completeSsoSignIn, SsoRefused } from '../complete.js';
import { registerSsoStarter } from '../protocols.js';
import * as sso from '../sso.repo.js';
import { resolveIdp, type SamlIdp } from './saml.idp.js';
import { finishSamlSignIn, type SamlRefusalReason, type SamlSp, serviceProviderMetadata, startSamlSignIn } from './saml.service.js';

/** The SAML sign-in as the portal runs it: GET /sso/start's 'saml' start, the metadata, the ACS. */

type Settings = NonNullable<Awaited<ReturnType<typeof sso.findSettings>>>;

/** The portal's IdP from its stored settings; settings that no longer read are "not set up". */
function idpOf(settings: Settings): SamlIdp {
  try {
    return resolveIdp({
      ...(settings.samlMetadataXml ? { metadataXml: settings.samlMetadataXml } : {}),
      ...(settings.samlEntityId ? { entityId: settings.samlEntityId } : {}),
      ...(settings.samlSsoUrl ? { ssoUrl: settings.samlSsoUrl } : {}),
      ...(settings.samlCertificate ? { certificate: settings.samlCertificate } : {}),
    });
  } catch {
    throw new SsoRefused('not_configured', 'saml_settings');
  }
}

registerSsoStarter('saml', async (start) => {
  const { url } = await startSamlSignIn(idpOf(start.settings), {
    db: start.db,
    sp: { publicUrl: start.publicUrl, sponsorId: start.sponsor.id, sponsorCode: start.sponsor.sponsorCode },
    browserHash: start.browserHash || null,
    testByUserId: start.testByUserId,
  });
  return new URL(url);
});

/** The portal a SAML address names (any case), with its SAML settings, or null when it has none. */
async function samlPortal(db: Db, sponsorCode: string) {
  const sponsor = await sponsorByCode(db, sponsorCode.toLowerCase());
  const settings = sponsor ? await sso.findSettings(db, sponsor.id) : null;
  return sponsor && settings?.protocol === 'saml' ? { sponsor, settings } : null;
}

/** GET /api/v1/sso/saml/{sponsorCode}/metadata: the portal's SP metadata, for a portal that signs in with SAML. */
export async function samlMetadata(db: Db, sponsorCode: string, publicUrl: string): Promise<string | null> {
  const portal = await samlPortal(db, sponsorCode);
  return portal ? serviceProviderMetadata({ publicUrl, sponsorCode: portal.sponsor.sponsorCode }) : null;
}

/** How the login page words each refusal (SSO_ERRORS). */
const CODE: Record<SamlRefusalReason, ConstructorParameters<typeof SsoRefused>[0]> = {
  malformed: 'invalid_response',
  status: 'provider_refused',
  signature: 'invalid_response',
  issuer: 'invalid_response',
  audience: 'invalid_response',
  destination: 'invalid_response',
  expired: 'expired',
  not_yet_valid: 'invalid_response',
  in_response_to: 'expired',
  idp_initiated: 'not_allowed',
  relay_state: 'expired',
  replay: 'expired',
  no_email: 'not_allowed',
};

/**
 * POST /api/v1/sso/saml/{sponsorCode}/acs: the IdP's answer checked (saml.service.ts), then the
 * shared completion; a refusal is audited with its reason (`saml_<reason>`) and thrown as SsoRefused.
 */
export async function samlAcs(
  db: Db,
  input: { sponsorCode: string; SAMLResponse: string; RelayState?: string; ip: string; publicUrl: string },
): Promise<{ handoffToken: string }> {
  const portal = await samlPortal(db, input.sponsorCode);
  if (!portal) throw new SsoRefused('not_configured', 'not_configured');
  const { sponsor, settings } = portal;
  const sp: SamlSp = { publicUrl: input.publicUrl, sponsorId: sponsor.id, sponsorCode: sponsor.sponsorCode };
  let test = false;
  try {
    const result = await finishSamlSignIn(idpOf(settings), input, { db, sp, allowIdpInitiated: settings.samlAllowIdpInitiated });
    if (!result.ok) throw new SsoRefused(CODE[result.reason], `saml_${result.reason}`);
    const { identity } = result;
    test = identity.testByUserId !== null;
    const claims = {
      issuer: identity.issuer,
      nameId: identity.subject,
      email: identity.email,
      groups: identity.groups,
      authnContextClassRef: identity.authnContextClassRef ?? null,
    };
    return await completeSsoSignIn(
      {
        db,
        ip: input.ip,
        publicUrl: input.publicUrl,
        browserHash: identity.browserHash,
        test: identity.testByUserId ? { byUserId: identity.testByUserId, claims } : null,
      },
      {
        sponsorId: sponsor.id,
        protocol: 'saml',
        subject: identity.subject,
        email: identity.email,
        groups: identity.groups,
        secondFactorAsserted: !!settings.mfaAuthnContext && identity.authnContextClassRef === settings.mfaAuthnContext,
      },
    );
  } catch (err) {
    if (!(err instanceof SsoRefused)) throw err;
    err.test = test;
    if (!err.audited) await auditRefusal(db, { sponsorId: sponsor.id, protocol: 'saml', reason: err.reason, ip: input.ip });
    throw err;
  }
}
