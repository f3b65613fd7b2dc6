import type { Db } from '../../db/client.js';
import { sha256 } from '../../lib/crypto.js';
import { auditRefusal, completeSsoSignIn, SsoRefused } from './complete.js';
import { authorizationUrl, type OidcOptions, providerConfig, redeem } from './oidc.js';
import { registerSsoStarter } from './protocols.js';
import { ProviderAddressError } from './provider-fetch.js';
import * as repo from './sso.repo.js';
import { LOGIN_MINUTES } from './sso.service.js';
import { serviceProviderValues } from './sso-settings.service.js';

/** The OIDC sign-in: start (authorization request) and callback (checked code redemption). */

/** Whatever went wrong reaching the provider reads as "unreachable"; the log keeps the error's class only. */
async function reach<T>(what: () => Promise<T>): Promise<T> {
  try {
    return await what();
  } catch (err) {
    if (err instanceof SsoRefused) throw err;
    throw new SsoRefused('provider_unreachable', err instanceof ProviderAddressError ? 'provider_address' : 'provider_unreachable');
  }
}

registerSsoStarter('oidc', async (start) => {
  const config = await reach(() => providerConfig(start.settings, start));
  const redirectUri = serviceProviderValues(start.publicUrl, start.sponsor.sponsorCode).oidcRedirectUri;
  const { url, pending } = await authorizationUrl(config, start.settings, redirectUri, start.loginHint);
  await repo.insertLogin(start.db, {
    stateHash: sha256(pending.state),
    browserHash: start.browserHash,
    sponsorId: start.sponsor.id,
    protocol: 'oidc',
    nonce: pending.nonce,
    codeVerifier: pending.codeVerifier,
    testByUserId: start.testByUserId,
    expiresAt: new Date(Date.now() + LOGIN_MINUTES * 60_000),
  });
  return url;
});

/**
 * GET /api/v1/sso/oidc/callback: the sign-in under way with this state, from this browser, once;
 * the code redeemed with its PKCE verifier and the ID token checked (issuer, audience, signature,
 * expiry, nonce); then the shared completion.
 */
export async function oidcCallback(
  db: Db,
  input: { callbackUrl: URL; state?: string; error?: string; browserHash: string; ip: string; publicUrl: string } & OidcOptions,
): Promise<{ handoffToken: string }> {
  if (!input.state) throw new SsoRefused('invalid_response', 'no_state');
  const login = await repo.claimLogin(db, sha256(input.state), input.browserHash);
  // An unknown, used or expired state, or another browser's: nothing to audit it against.
  if (login?.protocol !== 'oidc') throw new SsoRefused('expired', 'unknown_state');
  const test = login.testByUserId;
  try {
    const settings = await repo.findSettings(db, login.sponsorId);
    if (settings?.protocol !== 'oidc') throw new SsoRefused('not_configured', 'not_configured');
    if (input.error) throw new SsoRefused('provider_refused', 'provider_error');
    const config = await reach(() => providerConfig(settings, input));
    let identity: Awaited<ReturnType<typeof redeem>>;
    try {
      identity = await redeem(config, input.callbackUrl, { state: input.state, nonce: login.nonce, codeVerifier: login.codeVerifier });
    } catch (err) {
      // openid-client's check that failed (a code, e.g. OAUTH_JWT_CLAIM_COMPARISON_FAILED), never the token.
      const code = (err as { code?: unknown }).code;
      throw new SsoRefused('invalid_response', `token_refused${typeof code === 'string' ? `:${code}` : ''}`);
    }
    const { claims, ...assertion } = identity;
    return await completeSsoSignIn(
      { db, ip: input.ip, publicUrl: input.publicUrl, test: test ? { byUserId: test, claims } : null },
      { sponsorId: login.sponsorId, protocol: 'oidc', ...assertion },
    );
  } catch (err) {
    if (!(err instanceof SsoRefused)) throw err;
    err.test = test !== null;
    if (!err.audited) await auditRefusal(db, { sponsorId: login.sponsorId, protocol: 'oidc', reason: err.reason, ip: input.ip });
    throw err;
  }
}
