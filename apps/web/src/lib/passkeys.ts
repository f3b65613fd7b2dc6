import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';

export const PASSKEY_CANCELLED_MESSAGE = 'The passkey prompt was closed or timed out. Try again, or use another way.';

/** Whether this browser can use passkeys at all (WebAuthn in a secure context). */
export const passkeysSupported = () => browserSupportsWebAuthn();

/** The browser's own prompt failed or was dismissed: its message is the one to show. */
export class PasskeyPromptError extends Error {}

async function prompt<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const name = (err as { name?: string; cause?: { name?: string } }).cause?.name ?? (err as { name?: string }).name;
    if (name === 'InvalidStateError') throw new PasskeyPromptError('This passkey is already registered on your account.');
    throw new PasskeyPromptError(PASSKEY_CANCELLED_MESSAGE);
  }
}

/** Asks the browser for a new passkey with the server's creation options. */
export const createPasskey = (options: Record<string, unknown>) =>
  prompt(() => startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }));

/** Asks the browser to sign the server's challenge with one of the person's passkeys. */
export const getPasskey = (options: Record<string, unknown>) =>
  prompt(() => startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }));
