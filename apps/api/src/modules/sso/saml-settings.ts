import type { SsoSettingsBody } from '@vault/contract';
import { badRequest } from '../../lib/errors.js';
import { resolveIdp } from './saml/saml.idp.js';

export type SamlSettings = NonNullable<SsoSettingsBody['saml']>;

/**
 * The one check of a portal's SAML settings before they are stored: the identity provider's
 * metadata, or its entity id, sign-in URL and signing certificate. The SAML module's metadata
 * parser takes this place when it joins (it answers the values it read, or a 400 naming the field).
 */
export async function checkSamlSettings(saml: SamlSettings | undefined): Promise<SamlSettings> {
  if (!saml) throw badRequest('Enter the SAML settings.', [{ field: 'saml', message: 'Required for SAML' }]);
  if (!saml.metadataXml) {
    const missing = (['entityId', 'ssoUrl', 'certificate'] as const).filter((k) => !saml[k]);
    if (missing.length)
      throw badRequest(
        'Paste the identity provider’s metadata, or give its entity id, sign-in URL and signing certificate.',
        missing.map((k) => ({ field: `saml.${k}`, message: 'Required without metadata' })),
      );
  }
  // The SAML module reads them as a sign-in will (a 400 naming the field it cannot use).
  resolveIdp(saml);
  return saml;
}
