import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

export const PASSKEY_CANCELLED_MESSAGE = 'The passkey prompt was closed or timed out. Try again, or use another way.';

/** Whether this browser can use passkeys at all (WebAuthn, which only secure contexts have). */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function';

/** The browser's own prompt failed or was dismissed: its message is the one to show. */
export class PasskeyPromptError extends Error {}

// The WebAuthn helpers load when a passkey is used, keeping them out of the first load.
const webauthn = () => import('@simplewebauthn/browser');

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
export const createPasskey = async (options: Record<string, unknown>) => {
  const { startRegistration } = await webauthn();
  return prompt(() => startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }));
};

/** Asks the browser to sign the server's challenge with one of the person's passkeys. */
export const getPasskey = async (options: Record<string, unknown>) => {
  const { startAuthentication } = await webauthn();
  return prompt(() => startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }));
};
