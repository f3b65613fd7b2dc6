/**
 * The audit chain's canonical form, shared by the service, the seeders and the offline verifier
 * (scripts/audit-verify-export). It imports nothing but node:crypto, so an auditor's copy needs
 * nothing else. docs/audit-verification.md says the same in words; the database writes it in SQL
 * (migration 0023, audit_entry_canonical) and canonical.test.ts keeps the two equal.
 *
 * An entry's canonical JSON is RFC 8785 (JCS) of exactly these members, keys sorted, no white space:
 *   action, actorEmail, actorSponsorId, actorUserId, clientIp, id, logJson, occurredAt, outcome,
 *   seq, sponsorId, targetId, targetType
 * - numbers are integers (ids, seq), null when absent; strings escaped as JSON.stringify does;
 * - occurredAt is UTC with microseconds: "2026-03-10T18:40:00.123456Z";
 * - logJson is a string: the text PostgreSQL answers for the stored jsonb (`log_json::text`), so
 *   the details are hashed exactly as stored, without re-encoding their numbers.
 *
 * hash = lowercase hex of SHA-256(UTF-8(prevHash + canonicalJson)); the first entry of a chain has
 * prevHash = 64 zeros. A checkpoint's signature is Ed25519 over the UTF-8 of the canonical JSON of
 * { hash, keyId, seq, signedAt, sponsorId, type: "vault-audit-checkpoint/1" }.
 */
import { createHash, createPublicKey, type KeyObject, verify } from 'node:crypto';

export const GENESIS_HASH = '0'.repeat(64);
export const CHECKPOINT_TYPE = 'vault-audit-checkpoint/1';

/** The hashed members of an entry. */
export interface ChainedContent {
  id: number;
  seq: number;
  occurredAt: string;
  actorUserId: number | null;
  actorEmail: string | null;
  actorSponsorId: number | null;
  sponsorId: number | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: string;
  clientIp: string | null;
  logJson: string;
}

export const CONTENT_KEYS = [
  'action',
  'actorEmail',
  'actorSponsorId',
  'actorUserId',
  'clientIp',
  'id',
  'logJson',
  'occurredAt',
  'outcome',
  'seq',
  'sponsorId',
  'targetId',
  'targetType',
] as const satisfies readonly (keyof ChainedContent)[];

/** RFC 8785 canonical JSON of plain JSON values: object keys sorted by UTF-16 code units, no white space. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonical JSON has no NaN or Infinity');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new TypeError(`canonical JSON cannot hold a ${typeof value}`);
}

/** Only the hashed members, whatever else the object carries (an export line has hash and prevHash too). */
export const contentOf = (e: ChainedContent): ChainedContent =>
  Object.fromEntries(CONTENT_KEYS.map((k) => [k, e[k] === undefined ? null : e[k]])) as unknown as ChainedContent;

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export const entryHash = (prevHash: string, e: ChainedContent) => sha256Hex(prevHash + canonicalJson(contentOf(e)));

export interface CheckpointContent {
  sponsorId: number | null;
  seq: number;
  hash: string;
  signedAt: string;
  keyId: string;
}

/** The bytes a checkpoint's signature covers. */
export const checkpointMessage = (c: CheckpointContent) =>
  Buffer.from(
    canonicalJson({ type: CHECKPOINT_TYPE, sponsorId: c.sponsorId, seq: c.seq, hash: c.hash, signedAt: c.signedAt, keyId: c.keyId }),
    'utf8',
  );

/** A key's id: the first 16 hex digits of SHA-256 of its raw 32-byte public key. */
export const keyIdOf = (publicKey: KeyObject) => {
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  return createHash('sha256').update(raw).digest('hex').slice(0, 16);
};

/** An Ed25519 public key given as PEM (SPKI) or as its raw 32 bytes in base64. */
export function parsePublicKey(text: string): KeyObject {
  const t = text.trim();
  if (t.startsWith('-----BEGIN')) return createPublicKey(t);
  const raw = Buffer.from(t, 'base64');
  if (raw.length !== 32) throw new Error('An Ed25519 public key is PEM, or 32 bytes in base64');
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
}

export const checkpointSignatureHolds = (publicKey: KeyObject, c: CheckpointContent & { signature: string }) =>
  verify(null, checkpointMessage(c), publicKey, Buffer.from(c.signature, 'base64'));
