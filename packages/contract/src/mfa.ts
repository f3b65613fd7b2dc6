import { z } from 'zod';
import { loginResponse } from './auth.js';

export { MFA_ENROLLMENT_REQUIRED_MESSAGE } from './constants.js';

/** Sign-ins an administrator may still make without a second factor once their sponsor requires one. */
export const MFA_GRACE_SIGN_INS = 3;
export const RECOVERY_CODE_COUNT = 10;
export const MFA_CHALLENGE_MINUTES = 5;
export const MFA_CODE_FAILED_MESSAGE = 'The code is not valid. Try the current code from your app, or a recovery code.';

/** Six digits from the authenticator app, or a recovery code (letters and digits, dashes ignored). */
export const secondFactorCode = z
  .string()
  .trim()
  .min(6, 'Enter the 6-digit code')
  .max(24, 'The code is too long')
  .regex(/^[0-9A-Za-z -]+$/, 'Use the digits from your app or a recovery code');

/** The login answer when the password was right and a second factor must follow. */
export const secondFactorChallenge = z.object({
  secondFactorRequired: z.literal(true),
  challengeToken: z.string(),
  expiresAt: z.string(),
  /** What this person can answer with: a passkey only when they registered one. */
  methods: z.array(z.enum(['totp', 'recovery', 'passkey'])),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallenge>;

/** Login answers either a session or a second-factor challenge. */
export const loginResult = z.union([loginResponse, secondFactorChallenge]);
export type LoginResult = z.infer<typeof loginResult>;

export const secondFactorVerifyBody = z.strictObject({
  challengeToken: z.string().min(20).max(200),
  code: secondFactorCode,
});

export const mfaStatus = z.object({
  /** Has a second factor: an authenticator app, a passkey, or both. */
  enrolled: z.boolean(),
  /** The authenticator app is set up. */
  authenticatorApp: z.boolean(),
  /** When the authenticator app was set up. */
  enrolledAt: z.string().nullable(),
  passkeys: z.number().int(),
  /** A second factor is required of this person (staff once enrolled, or the sponsor's policy). */
  required: z.boolean(),
  /** This session reaches nothing but enrollment until a factor is set up. */
  enrollmentRequired: z.boolean(),
  /** Sign-ins left without a factor under the sponsor's policy; null when no policy applies. */
  graceRemaining: z.number().int().nullable(),
  recoveryCodesRemaining: z.number().int(),
  /** Until when this session may add a factor without proving it is the person again; null when it must. */
  identityConfirmedUntil: z.string().nullable(),
});
export type MfaStatus = z.infer<typeof mfaStatus>;

/** How long a proof of identity lets a session add or replace a second factor. */
export const IDENTITY_CONFIRMATION_MINUTES = 5;
export const IDENTITY_CONFIRMATION_NEEDED_MESSAGE =
  'Confirm it is you first: enter your password, or a code or passkey when you have a second factor.';
export const IDENTITY_PASSWORD_FAILED_MESSAGE = 'The password is not right.';

/**
 * A fresh proof before a factor is added or replaced: the password when the account has no second
 * factor, else a current authenticator or recovery code (a passkey has its own call).
 */
export const confirmIdentityBody = z.union([
  z.strictObject({ password: z.string().min(1, 'Enter your password').max(1024) }),
  z.strictObject({ code: secondFactorCode }),
]);
export type ConfirmIdentityBody = z.infer<typeof confirmIdentityBody>;
export const identityConfirmed = z.object({ identityConfirmedUntil: z.string() });
export type IdentityConfirmed = z.infer<typeof identityConfirmed>;

export const totpEnrollment = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** An SVG data URL of the QR code of otpauthUrl. */
  qrCode: z.string(),
});
export type TotpEnrollment = z.infer<typeof totpEnrollment>;

export const confirmCodeBody = z.strictObject({ code: secondFactorCode });

export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

export const PASSKEY_FAILED_MESSAGE = 'The passkey was not accepted. Try again, or use another way to sign in.';

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url');

/** What every browser answer of @simplewebauthn/browser carries besides its response. */
const credentialFields = {
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string().max(100), z.unknown()),
};

/** A browser's answer to navigator.credentials.create(). */
export const passkeyRegistrationResponse = z.strictObject({
  ...credentialFields,
  response: z.strictObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    publicKey: base64url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    transports: z
      .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
      .max(10)
      .optional(),
  }),
});

/** A browser's answer to navigator.credentials.get(). */
export const passkeyAuthenticationResponse = z.strictObject({
  ...credentialFields,
  response: z.strictObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

/**
 * WebAuthn options for the browser (PublicKeyCredentialCreationOptionsJSON or
 * PublicKeyCredentialRequestOptionsJSON): handed to @simplewebauthn/browser as they are.
 */
export const passkeyOptions = z.object({ options: z.looseObject({ challenge: z.string(), timeout: z.number().optional() }) });

export const passkeyName = z.string().trim().min(1, 'Enter a name for the passkey').max(60, 'Use at most 60 characters');

export const passkey = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkey>;

export const passkeyList = z.object({ passkeys: z.array(passkey) });

export const passkeyRegisterBody = z.strictObject({ name: passkeyName, response: passkeyRegistrationResponse });
export const passkeyRenameBody = z.strictObject({ name: passkeyName });

/** A new passkey; when it is the person's first second factor, their ten recovery codes (shown this once). */
export const passkeyRegistered = z.object({ passkey, recoveryCodes: z.array(z.string()).nullable() });
export type PasskeyRegistered = z.infer<typeof passkeyRegistered>;

export const passkeyChallengeBody = z.strictObject({ challengeToken: z.string().min(20).max(200) });
export const passkeySecondFactorBody = z.strictObject({
  challengeToken: z.string().min(20).max(200),
  response: passkeyAuthenticationResponse,
});
export const passkeySignInBody = z.strictObject({ response: passkeyAuthenticationResponse });
export const passkeySignInOptionsBody = z.strictObject({});
