import { createPrivateKey, createPublicKey, type KeyObject, randomBytes, sign } from 'node:crypto';
import type { Db } from '../../../db/client.js';
import { keptSetting } from '../../../lib/settings.repo.js';
import { type CheckpointContent, checkpointMessage, checkpointSignatureHolds, keyIdOf } from './canonical.js';

/** The DER prefix of a PKCS #8 Ed25519 private key (RFC 8410); the 32-byte seed follows it. */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The Ed25519 key that signs the audit chains' checkpoints. */
export interface AuditSigner {
  keyId: string;
  publicKey: KeyObject;
  /** SPKI PEM, as `openssl pkey -pubout` writes it. */
  publicKeyPem: string;
  /** The raw 32-byte public key in base64. */
  publicKeyBase64: string;
  sign(content: Omit<CheckpointContent, 'keyId'>): { keyId: string; signature: string };
  verify(checkpoint: CheckpointContent & { signature: string }): boolean;
}

/** AUDIT_SIGNING_KEY: the 32-byte Ed25519 private key seed in base64 (`openssl rand -base64 32`). */
export const isSigningSeed = (value: string) => /^[A-Za-z0-9+/]{43}=$/.test(value.trim()) && Buffer.from(value, 'base64').length === 32;

export function signerFromSeed(seedBase64: string): AuditSigner {
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, Buffer.from(seedBase64, 'base64')]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = createPublicKey(privateKey);
  const keyId = keyIdOf(publicKey);
  return {
    keyId,
    publicKey,
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    publicKeyBase64: Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64'),
    sign: (content) => ({ keyId, signature: sign(null, checkpointMessage({ ...content, keyId }), privateKey).toString('base64') }),
    verify: (checkpoint) => checkpointSignatureHolds(publicKey, checkpoint),
  };
}

/**
 * AUDIT_SIGNING_KEY, or (outside production, where config.ts requires it) a key made on first start
 * and kept in the database, like the XSRF and MFA keys: of several instances starting at once, the
 * first one's key is kept and every instance uses it.
 */
export async function loadAuditSigner(configured: string | undefined, db: Db): Promise<AuditSigner> {
  return signerFromSeed(configured ?? (await keptSetting(db, 'audit_signing_key', randomBytes(32).toString('base64'))));
}
