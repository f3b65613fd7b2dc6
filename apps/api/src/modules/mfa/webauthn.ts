import { sha256 } from '../../lib/crypto.js';

/** The relying party passkeys are bound to: the host name and origin of PUBLIC_URL. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyFor(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Vault Admin Portal' };
}

export const PASSKEY_CHALLENGE_MS = 5 * 60_000;

/** The challenge the browser signed, read from its clientDataJSON (null when unreadable). */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length > 0 && data.challenge.length <= 200 ? data.challenge : null;
  } catch {
    return null;
  }
}

export const challengeHash = (challenge: string) => sha256(`webauthn:${challenge}`);

export const toBase64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
export const fromBase64url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

/** The WebAuthn user handle of a person: their id, so a discoverable credential names its owner. */
export const userHandleOf = (userId: number) => new TextEncoder().encode(`user:${userId}`);

/** Options as the contract declares them: a JSON object passed to the browser as it is. */
export const optionsAnswer = (options: { challenge: string }) => ({ options: options as { challenge: string } & Record<string, unknown> });
