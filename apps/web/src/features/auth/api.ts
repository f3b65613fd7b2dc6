import type { LoginResponse, LoginResult, SsoFinishResult } from '@vault/contract';
import { api, LOGIN_PATH, SECOND_FACTOR_PATH } from '../../lib/api';
import { getPasskey } from '../../lib/passkeys';

export const login = (username: string, password: string) => api<LoginResult>('POST', LOGIN_PATH, { body: { username, password } });
export const verifySecondFactor = (challengeToken: string, code: string) =>
  api<LoginResponse>('POST', SECOND_FACTOR_PATH, { body: { challengeToken, code } });
export const logout = () => api<{ message: string }>('POST', '/api/v1/authentication/logout');
export const setPassword = (token: string, password: string) =>
  api<{ message: string }>('POST', '/api/v1/authentication/password', { body: { token, password } });
export const forgotPassword = (email: string) =>
  api<{ message: string }>('POST', '/api/v1/authentication/forgot-password', { body: { email } });

type Options = { options: Record<string, unknown> };

/** The code step answered with a passkey: options for this sign-in, the browser's prompt, the check. */
export async function passkeySecondFactor(challengeToken: string) {
  const { options } = await api<Options>('POST', `${SECOND_FACTOR_PATH}/passkey/options`, { body: { challengeToken } });
  const response = await getPasskey(options);
  return api<LoginResponse>('POST', `${SECOND_FACTOR_PATH}/passkey`, { body: { challengeToken, response } });
}

/** Signing in with a passkey alone: the browser offers the passkeys it holds for this portal. */
export async function passkeySignIn() {
  const { options } = await api<Options>('POST', '/api/v1/authentication/passkey/options', { body: {} });
  const response = await getPasskey(options);
  return api<LoginResponse>('POST', '/api/v1/authentication/passkey', { body: { response } });
}

/** Collects the SSO sign-in the identity provider's answer left for this browser (its httpOnly cookie). */
export const finishSso = () => api<SsoFinishResult>('POST', '/api/v1/sso/finish');

/** Where "Sign in with SSO" sends the browser: the e-mail's domain picks the portal's identity provider. */
export const ssoStartUrl = (email: string) => `/api/v1/sso/start?email=${encodeURIComponent(email.trim())}`;
