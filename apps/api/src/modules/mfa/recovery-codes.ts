import { createHmac, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@vault/contract';

// No 0/o, 1/l/i: codes are read off paper.
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const LENGTH = 10;

/** Ten codes like `7hk2m-9qxte` (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What a person typed, as it was generated: case, spaces and dashes do not matter. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

export const looksLikeRecoveryCode = (code: string) => normaliseRecoveryCode(code).length === LENGTH;

/** Keyed with the server's MFA key, so a copy of the table alone cannot be searched offline. */
export const hashRecoveryCode = (key: Buffer, code: string) =>
  createHmac('sha256', key)
    .update(`recovery:${normaliseRecoveryCode(code)}`)
    .digest('hex');
