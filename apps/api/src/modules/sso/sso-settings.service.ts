import { PEOPLE_FLAG_LABELS, presetFlags, type RolePresetId, type SsoSettings, type SsoSettingsBody } from '@vault/contract';
import { changes } from '../../lib/changes.js';
import { badRequest, conflict, forbidden } from '../../lib/errors.js';
import { sealSecret } from '../../lib/secret-box.js';
import { writeAudit } from '../../plugins/audit.js';
import type { AuthUser, RequestContext } from '../../plugins/types.js';
import { checkProviderUrl, ProviderAddressError } from './provider-fetch.js';
import { checkSamlSettings } from './saml-settings.js';
import * as repo from './sso.repo.js';

/** The sealed client secret is bound to its portal: a value copied to another portal's row fails to open. */
export const secretContext = (sponsorId: number) => `sso-client-secret:${sponsorId}`;

/** The addresses the firm's IT copies into its identity provider. */
export function serviceProviderValues(publicUrl: string, sponsorCode: string): SsoSettings['serviceProvider'] {
  const base = publicUrl.replace(/\/$/, '');
  const saml = `${base}/api/v1/sso/saml/${encodeURIComponent(sponsorCode)}`;
  return {
    oidcRedirectUri: `${base}/api/v1/sso/oidc/callback`,
    samlEntityId: `${saml}/metadata`,
    samlAcsUrl: `${saml}/acs`,
    samlMetadataUrl: `${saml}/metadata`,
  };
}

/** Staff, or an administrator of the portal with "Manage sign-in settings" (the route checks it too). */
function checkManage(user: AuthUser) {
  if (user.role !== 'staff' && !user.permissions.hasManageSignInAccess)
    throw forbidden(
      `Your administrator account does not have the "${PEOPLE_FLAG_LABELS.hasManageSignInAccess}" permission (hasManageSignInAccess).`,
    );
}

/** An administrator hands new administrators no access they lack themselves (as on the portal's form). */
function checkPresets(user: AuthUser, presets: RolePresetId[]) {
  if (user.role === 'staff') return;
  for (const preset of new Set(presets)) {
    const lacking = Object.entries(presetFlags(preset)).filter(([f, on]) => on && !user.permissions[f as keyof AuthUser['permissions']]);
    if (lacking.length)
      throw forbidden(`You cannot choose a role that grants access you do not have yourself: ${lacking.map(([f]) => f).join(', ')}.`);
  }
}

function toAnswer(row: repo.SettingsRow | null, domains: string[], sp: SsoSettings['serviceProvider']): SsoSettings {
  if (!row)
    return {
      configured: false,
      protocol: 'oidc',
      domains,
      ssoOnly: false,
      jit: false,
      jitRolePreset: null,
      groupRoleMap: [],
      mfaAuthnContext: null,
      oidc: null,
      saml: null,
      serviceProvider: sp,
    };
  return {
    configured: true,
    protocol: row.protocol,
    domains,
    ssoOnly: row.ssoOnly,
    jit: row.jit,
    jitRolePreset: row.jitRolePreset as RolePresetId | null,
    groupRoleMap: row.groupRoleMap as SsoSettings['groupRoleMap'],
    mfaAuthnContext: row.mfaAuthnContext,
    oidc:
      row.oidcIssuer && row.oidcClientId
        ? { issuer: row.oidcIssuer, clientId: row.oidcClientId, clientSecretSet: !!row.oidcClientSecret, scopes: row.oidcScopes }
        : null,
    saml:
      row.protocol === 'saml' || row.samlMetadataXml || row.samlEntityId
        ? {
            metadataXml: row.samlMetadataXml,
            entityId: row.samlEntityId,
            ssoUrl: row.samlSsoUrl,
            certificate: row.samlCertificate,
            allowIdpInitiated: row.samlAllowIdpInitiated,
          }
        : null,
    serviceProvider: sp,
  };
}

export async function getSettings(ctx: RequestContext): Promise<SsoSettings> {
  checkManage(ctx.user);
  const [row, domains] = await Promise.all([repo.findSettings(ctx.db, ctx.sponsor.id), repo.domainsOf(ctx.db, ctx.sponsor.id)]);
  return toAnswer(row, domains, serviceProviderValues(ctx.publicUrl, ctx.sponsor.sponsorCode));
}

/** What the audit entry compares: every setting but the secret, whose change is only named. */
const audited = (row: repo.SettingsRow | null, domains: string[]) => ({
  protocol: row?.protocol ?? null,
  domains,
  ssoOnly: row?.ssoOnly ?? false,
  jit: row?.jit ?? false,
  jitRolePreset: row?.jitRolePreset ?? null,
  groupRoleMap: row?.groupRoleMap ?? [],
  mfaAuthnContext: row?.mfaAuthnContext ?? null,
  oidcIssuer: row?.oidcIssuer ?? null,
  oidcClientId: row?.oidcClientId ?? null,
  oidcScopes: row?.oidcScopes ?? [],
  samlMetadataXml: row?.samlMetadataXml ? `${row.samlMetadataXml.length} characters` : null,
  samlEntityId: row?.samlEntityId ?? null,
  samlSsoUrl: row?.samlSsoUrl ?? null,
  samlCertificate: row?.samlCertificate ? `${row.samlCertificate.length} characters` : null,
  samlAllowIdpInitiated: row?.samlAllowIdpInitiated ?? false,
});

export async function putSettings(
  ctx: RequestContext,
  body: SsoSettingsBody,
  opts: { key: Buffer; allowPrivateNetwork: boolean },
): Promise<SsoSettings> {
  checkManage(ctx.user);
  checkPresets(ctx.user, [...(body.jitRolePreset ? [body.jitRolePreset] : []), ...(body.groupRoleMap ?? []).map((g) => g.preset)]);
  const sponsorId = ctx.sponsor.id;
  const domains = [...new Set(body.domains)].sort();
  const oidc = body.protocol === 'oidc' ? body.oidc : undefined;
  if (body.protocol === 'oidc') {
    if (!oidc) throw badRequest('Enter the OpenID Connect settings.', [{ field: 'oidc', message: 'Required for OpenID Connect' }]);
    try {
      checkProviderUrl(new URL(oidc.issuer), opts.allowPrivateNetwork);
    } catch (err) {
      if (err instanceof ProviderAddressError) throw badRequest(err.message, [{ field: 'oidc.issuer', message: err.message }]);
      throw err;
    }
  }
  const saml = body.protocol === 'saml' ? await checkSamlSettings(body.saml) : undefined;
  return ctx.db.transaction(async (tx) => {
    const [before, domainsBefore] = await Promise.all([repo.findSettings(tx, sponsorId), repo.domainsOf(tx, sponsorId)]);
    const add = domains.filter((d) => !domainsBefore.includes(d));
    const remove = domainsBefore.filter((d) => !domains.includes(d));
    if ((add.length || remove.length) && ctx.user.role !== 'staff')
      throw forbidden('Only the service staff may add or remove the e-mail domains of a portal.');
    const taken = await repo.domainsOfOthers(tx, sponsorId, add);
    if (taken.length)
      throw conflict(`Another portal already signs in ${taken.join(', ')}: a domain belongs to one portal.`, [
        { field: 'domains', message: `Claimed by another portal: ${taken.join(', ')}` },
      ]);
    const keepSecret = oidc && !oidc.clientSecret && before?.oidcClientId === oidc.clientId && before.oidcIssuer === oidc.issuer;
    const clientSecret = oidc?.clientSecret
      ? sealSecret(opts.key, oidc.clientSecret, secretContext(sponsorId))
      : keepSecret
        ? (before?.oidcClientSecret ?? null)
        : null;
    await repo.saveSettings(tx, {
      sponsorId,
      protocol: body.protocol,
      ssoOnly: body.ssoOnly,
      jit: body.jit,
      jitRolePreset: body.jitRolePreset ?? null,
      groupRoleMap: body.groupRoleMap ?? [],
      mfaAuthnContext: body.mfaAuthnContext ?? null,
      oidcIssuer: oidc?.issuer ?? null,
      oidcClientId: oidc?.clientId ?? null,
      oidcClientSecret: clientSecret,
      oidcScopes: [...new Set(oidc?.scopes ?? [])],
      samlMetadataXml: saml?.metadataXml ?? null,
      samlEntityId: saml?.entityId ?? null,
      samlSsoUrl: saml?.ssoUrl ?? null,
      samlCertificate: saml?.certificate ?? null,
      samlAllowIdpInitiated: saml?.allowIdpInitiated ?? false,
    });
    await repo.replaceDomains(tx, sponsorId, add, remove);
    const after = await repo.findSettings(tx, sponsorId);
    const changed = changes(audited(before, domainsBefore), audited(after, domains));
    const secretChanged = (before?.oidcClientSecret ?? null) !== clientSecret;
    if (Object.keys(changed).length || secretChanged)
      await writeAudit(tx, ctx.actor, {
        action: before ? 'sso.settings_update' : 'sso.settings_create',
        sponsorId,
        targetType: 'sponsor',
        targetId: sponsorId,
        // Only whether the client secret changed; never the secret, sealed or not.
        logJson: { changes: changed, ...(secretChanged ? { clientSecretChanged: true } : {}) },
      });
    return toAnswer(after, domains, serviceProviderValues(ctx.publicUrl, ctx.sponsor.sponsorCode));
  });
}
