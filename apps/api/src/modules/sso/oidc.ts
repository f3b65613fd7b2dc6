import * as client from 'openid-client';
import { openSecret } from '../../lib/secret-box.js';
import { providerFetch } from './provider-fetch.js';
import type { SettingsRow } from './sso.repo.js';
import { secretContext } from './sso-settings.service.js';

/**
 * The portal as an OpenID Connect relying party, through openid-client: discovery, the
 * authorization request (code flow with PKCE, state and nonce) and the checked token answer. No
 * token or signature is checked by hand here.
 */

export const BASE_SCOPES = ['openid', 'email', 'profile'];

/** RFC 8176 methods that are, or include, a factor beyond a password. */
const SECOND_FACTOR_AMR = new Set(['mfa', 'otp', 'hwk', 'swk', 'sc', 'fpt', 'face', 'iris', 'retina', 'vbm', 'sms', 'tel']);

export const amrAssertsSecondFactor = (amr: unknown): boolean =>
  Array.isArray(amr) && amr.some((m) => typeof m === 'string' && SECOND_FACTOR_AMR.has(m.toLowerCase()));

export interface OidcOptions {
  key: Buffer;
  allowPrivateNetwork: boolean;
}

/** The provider's configuration (discovery), with the portal's client; over the checked fetch only. */
export async function providerConfig(settings: SettingsRow, opts: OidcOptions): Promise<client.Configuration> {
  if (!settings.oidcIssuer || !settings.oidcClientId) throw new Error('OIDC is not configured');
  const secret = settings.oidcClientSecret ? openSecret(opts.key, settings.oidcClientSecret, secretContext(settings.sponsorId)) : undefined;
  const fetchImpl = providerFetch(opts.allowPrivateNetwork);
  return client.discovery(
    new URL(settings.oidcIssuer),
    settings.oidcClientId,
    secret ? { client_secret: secret } : undefined,
    secret ? client.ClientSecretPost(secret) : client.None(),
    {
      [client.customFetch]: fetchImpl as client.CustomFetch,
      // The checked fetch refuses plain http itself, except to an allowed private address.
      ...(opts.allowPrivateNetwork ? { execute: [client.allowInsecureRequests] } : {}),
    },
  );
}

export interface PendingOidc {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function authorizationUrl(
  config: client.Configuration,
  settings: SettingsRow,
  redirectUri: string,
  loginHint?: string,
): Promise<{ url: URL; pending: PendingOidc }> {
  const pending = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
  const scope = [...new Set([...BASE_SCOPES, ...settings.oidcScopes])].join(' ');
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
    response_type: 'code',
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
    ...(loginHint ? { login_hint: loginHint } : {}),
  });
  return { url, pending };
}

export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean | null;
  groups: string[];
  secondFactorAsserted: boolean;
  givenName: string | null;
  familyName: string | null;
  claims: Record<string, unknown>;
}

/** Redeems the code (PKCE) and checks the ID token: issuer, audience, signature, expiry, nonce, state. */
export async function redeem(
  config: client.Configuration,
  callbackUrl: URL,
  pending: { state: string; nonce: string | null; codeVerifier: string | null },
): Promise<OidcIdentity> {
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: pending.codeVerifier ?? undefined,
    expectedState: pending.state,
    expectedNonce: pending.nonce ?? undefined,
    idTokenExpected: true,
  });
  const idToken = { ...tokens.claims()! } as Record<string, unknown>;
  // Providers that keep the scopes' claims out of the ID token (oidc-provider, some Okta set-ups)
  // answer them at userinfo, for the ID token's subject only (openid-client checks it).
  const claims =
    typeof idToken.email === 'string' || !tokens.access_token
      ? idToken
      : { ...(await client.fetchUserInfo(config, tokens.access_token, String(idToken.sub))), ...idToken };
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const groups = Array.isArray(claims.groups) ? claims.groups.filter((g): g is string => typeof g === 'string') : [];
  return {
    subject: String(claims.sub),
    email: text(claims.email),
    emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : null,
    groups,
    secondFactorAsserted: amrAssertsSecondFactor(claims.amr),
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    claims,
  };
}
