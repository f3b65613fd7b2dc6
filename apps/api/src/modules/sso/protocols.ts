import type { SsoProtocol } from '@vault/contract';
import type { Db } from '../../db/client.js';
import type { SettingsRow } from './sso.repo.js';

/** What a protocol module needs to send a browser to the portal's identity provider. */
export interface SsoStart {
  db: Db;
  settings: SettingsRow;
  sponsor: { id: number; sponsorCode: string };
  /** Hash of the browser's httpOnly cookie: the answer must come back through the same browser. */
  browserHash: string;
  publicUrl: string;
  /** The address the person typed, as a hint for the provider's sign-in page. */
  loginHint?: string;
  /** "Test sign-in" by this user: the claims are shown, nobody is signed in. */
  testByUserId: number | null;
  /** The server key that opens sealed settings (the OIDC client secret). */
  key: Buffer;
  /** SSO_ALLOW_PRIVATE_NETWORK: the provider may sit on a private or loopback address. */
  allowPrivateNetwork: boolean;
}

/** A protocol module's start: the address of the provider's sign-in page. */
export type SsoStarter = (start: SsoStart) => Promise<URL>;

/**
 * The protocol map of GET /api/v1/sso/start: the portal's protocol picks its module. OIDC registers
 * here (oidc-sign-in.ts); the SAML module registers 'saml' the same way.
 */
const starters = new Map<SsoProtocol, SsoStarter>();

export const registerSsoStarter = (protocol: SsoProtocol, starter: SsoStarter) => {
  starters.set(protocol, starter);
};
export const ssoStarter = (protocol: SsoProtocol) => starters.get(protocol);
