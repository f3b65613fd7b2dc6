import { Secret, TOTP } from 'otpauth';

const ISSUER = 'Vault Admin Portal';
const PERIOD = 30;

const totp = (secret: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** A new 160-bit secret (RFC 4226's recommended length), in base32 as authenticator apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const otpauthUrl = (secret: string, label: string) => totp(secret, label).toString();

/**
 * The time step a code belongs to, or null when it matches none. One step either side is
 * accepted for clock drift; the caller refuses a step already used, so a code works once.
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp(secret, '').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}
