import { z } from 'zod';
import { ROLE_PRESET_IDS } from './admin-roles.js';
import { loginResult } from './mfa.js';

/*
 * Enterprise sign-in (issue 32, decisions 0037 and 0038): a portal's identity provider, the e-mail
 * domains it claims, and the sign-in through it.
 */

export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];

/** A DNS name such as `example.com`: labels of letters, digits and inner hyphens, a top level of letters. */
export const SSO_DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const ssoDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(SSO_DOMAIN_PATTERN, 'Enter a domain like example.com, without @ or www');

const rolePreset = z.enum(ROLE_PRESET_IDS);
/** Where the identity provider is; the server fetches it over HTTPS only (decision 0037). */
const providerUrl = z.url({ protocol: /^https?$/, error: 'Enter the address, starting with https://' }).max(500);
/** An OAuth scope token (RFC 6749 3.3). */
const scope = z
  .string()
  .trim()
  .regex(/^[\x21\x23-\x5B\x5D-\x7E]{1,100}$/, 'A scope is one word without spaces or quotes');
const shortText = (what: string, max = 300) => z.string().trim().min(1, `${what} is required`).max(max, `${what} is too long`);

export const ssoOidcSettingsBody = z.strictObject({
  issuer: providerUrl,
  clientId: shortText('Client id', 255),
  /** Kept encrypted, never answered back; left out on a change, the stored one stays. */
  clientSecret: shortText('Client secret', 1000).optional(),
  /** Besides `openid email profile`, which are always asked for. */
  scopes: z.array(scope).max(20).optional(),
});

export const ssoSamlSettingsBody = z.strictObject({
  /** The identity provider's metadata document (the easier way), or the three values below. */
  metadataXml: z.string().trim().min(1).max(200_000, 'The metadata is larger than 200 KB').optional(),
  entityId: shortText('Entity id', 500).optional(),
  ssoUrl: providerUrl.optional(),
  /** The signing certificate, PEM or base64. */
  certificate: z.string().trim().min(1).max(20_000).optional(),
  /** Accept a sign-in the identity provider starts (from its app dashboard); off by default. */
  allowIdpInitiated: z.boolean().optional(),
});

export const groupRoleSchema = z.strictObject({
  group: shortText('Group', 200),
  preset: rolePreset,
});

export const ssoSettingsBody = z.strictObject({
  protocol: z.enum(SSO_PROTOCOLS),
  /** E-mail domains whose addresses sign in through this portal's provider (staff add and remove them). */
  domains: z.array(ssoDomainSchema).max(50, 'At most 50 domains'),
  /** "Administrators sign in with SSO only": passwords and password reset stop, break-glass accounts excepted. */
  ssoOnly: z.boolean(),
  /** Just-in-time: an unknown address of a claimed domain becomes an administrator at its first sign-in. */
  jit: z.boolean(),
  jitRolePreset: rolePreset.nullable().optional(),
  /** The first group in this list that the provider's `groups` claim names decides the preset. */
  groupRoleMap: z.array(groupRoleSchema).max(50).optional(),
  /** SAML: the authentication context class that counts as a second factor. */
  mfaAuthnContext: shortText('Authentication context', 300).nullable().optional(),
  oidc: ssoOidcSettingsBody.optional(),
  saml: ssoSamlSettingsBody.optional(),
});
export type SsoSettingsBody = z.infer<typeof ssoSettingsBody>;

export const ssoSettings = z.object({
  /** False until the portal's settings are first saved (the rest are then the defaults). */
  configured: z.boolean(),
  protocol: z.enum(SSO_PROTOCOLS),
  domains: z.array(z.string()),
  ssoOnly: z.boolean(),
  jit: z.boolean(),
  jitRolePreset: rolePreset.nullable(),
  groupRoleMap: z.array(z.object({ group: z.string(), preset: rolePreset })),
  mfaAuthnContext: z.string().nullable(),
  oidc: z.object({ issuer: z.string(), clientId: z.string(), clientSecretSet: z.boolean(), scopes: z.array(z.string()) }).nullable(),
  saml: z
    .object({
      metadataXml: z.string().nullable(),
      entityId: z.string().nullable(),
      ssoUrl: z.string().nullable(),
      certificate: z.string().nullable(),
      allowIdpInitiated: z.boolean(),
    })
    .nullable(),
  /** The values the firm's IT copies into its identity provider. */
  serviceProvider: z.object({
    oidcRedirectUri: z.string(),
    samlEntityId: z.string(),
    samlAcsUrl: z.string(),
    samlMetadataUrl: z.string(),
  }),
});
export type SsoSettings = z.infer<typeof ssoSettings>;

export const ssoStartQuery = z.strictObject({
  email: z.string().trim().min(3).max(254).optional(),
  /** A one-time "Test sign-in" ticket from POST /sponsors/{sponsorCode}/sso/test. */
  test: z.string().min(20).max(200).optional(),
});

export const ssoCallbackQuery = z.strictObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  error_uri: z.string().max(2000).optional(),
  iss: z.string().max(500).optional(),
  session_state: z.string().max(500).optional(),
});

export const ssoTestTicket = z.object({ url: z.string() });

/** What "Test sign-in" shows: the provider's claims and what a real sign-in would do. */
export const ssoTestResult = z.object({
  test: z.literal(true),
  protocol: z.enum(SSO_PROTOCOLS),
  subject: z.string(),
  email: z.string().nullable(),
  groups: z.array(z.string()),
  secondFactorAsserted: z.boolean(),
  claims: z.record(z.string(), z.unknown()),
  outcome: z.object({ allowed: z.boolean(), message: z.string() }),
});
export type SsoTestResult = z.infer<typeof ssoTestResult>;

/** POST /api/v1/sso/finish: the session (or second-factor step) of the sign-in, or a test's claims. */
export const ssoFinishResult = z.union([loginResult, ssoTestResult]);
export type SsoFinishResult = z.infer<typeof ssoFinishResult>;

/**
 * Why an SSO sign-in did not happen, as `/login?sso_error=<code>` names it: the login page shows the
 * message of a code it knows and nothing of the address (no input is reflected).
 */
export const SSO_ERRORS = {
  unknown_domain: 'No portal signs in with single sign-on for this e-mail domain. Sign in with your password, or ask your administrator.',
  not_configured: 'Single sign-on is not set up for this portal yet. Ask your administrator.',
  provider_unreachable: 'The identity provider could not be reached. Try again in a moment, or ask your administrator.',
  provider_refused: 'The identity provider did not sign you in. Try again, or ask your administrator.',
  expired: 'The sign-in took too long or was already used. Start again with "Sign in with SSO".',
  invalid_response: 'The identity provider’s answer could not be verified. Start again, or ask your administrator.',
  not_allowed: 'This account cannot sign in to the portal with single sign-on. Ask your administrator.',
  wrong_portal: 'This e-mail address belongs to another portal’s domain. Ask your administrator.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;

/** The password sign-in and reset answer of an administrator whose portal signs in with SSO only. */
export const SSO_ONLY_MESSAGE = 'Your portal signs in with single sign-on only. Use "Sign in with SSO" with your work e-mail.';

/** How an administrator signs in, as the administrators list shows and filters it. */
export const SIGN_IN_METHODS = ['password', 'sso', 'sso_only', 'break_glass'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
export const SIGN_IN_METHOD_LABELS: Record<SignInMethod, string> = {
  password: 'Password',
  sso: 'SSO or password',
  sso_only: 'SSO',
  break_glass: 'SSO, break-glass',
};
