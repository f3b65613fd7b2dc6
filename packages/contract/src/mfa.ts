import { z } from 'zod';
import { loginResponse } from './auth.js';

/** Sign-ins an administrator may still make without a second factor once their sponsor requires one. */
export const MFA_GRACE_SIGN_INS = 3;
export const RECOVERY_CODE_COUNT = 10;
export const MFA_CHALLENGE_MINUTES = 5;
export const MFA_ENROLLMENT_REQUIRED_MESSAGE = 'Set up a second factor before you continue.';
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
  methods: z.array(z.enum(['totp', 'recovery'])),
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
  enrolled: z.boolean(),
  enrolledAt: z.string().nullable(),
  /** A second factor is required of this person (staff once enrolled, or the sponsor's policy). */
  required: z.boolean(),
  /** This session reaches nothing but enrollment until a factor is set up. */
  enrollmentRequired: z.boolean(),
  /** Sign-ins left without a factor under the sponsor's policy; null when no policy applies. */
  graceRemaining: z.number().int().nullable(),
  recoveryCodesRemaining: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatus>;

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
