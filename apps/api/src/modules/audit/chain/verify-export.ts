/**
 * The offline check of an NDJSON audit export (docs/audit-verification.md). It needs nothing but
 * Node and ./canonical.ts (node:crypto): no service, no database, no network.
 *
 * The first entry's prevHash is taken as given (an export starts mid-chain); after it, every line
 * must follow the one before (seq + 1, prevHash = the previous line's hash), every entry's hash must
 * match its content, and the last line must be a checkpoint whose signature holds with the public
 * key and which signs the last entry's seq and hash. The first line that breaks a rule is named.
 */
import type { KeyObject } from 'node:crypto';
import { type ChainedContent, checkpointSignatureHolds, contentOf, entryHash } from './canonical.js';

export type ExportCheck =
  | { ok: true; entries: number; sponsorId: number | null; firstSeq: number | null; lastSeq: number; signedAt: string; keyId: string }
  | { ok: false; line: number; reason: string };

interface EntryLine extends ChainedContent {
  type: 'entry';
  prevHash: string;
  hash: string;
}
interface CheckpointLine {
  type: 'checkpoint';
  sponsorId: number | null;
  seq: number;
  hash: string;
  signedAt: string;
  keyId: string;
  signature: string;
}

const isHash = (v: unknown) => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);

export async function verifyExport(lines: AsyncIterable<string> | Iterable<string>, publicKey: KeyObject): Promise<ExportCheck> {
  let n = 0;
  let entries = 0;
  let firstSeq: number | null = null;
  let prev: EntryLine | null = null;
  let checkpoint: { line: number; value: CheckpointLine } | null = null;
  const fail = (line: number, reason: string): ExportCheck => ({ ok: false, line, reason });

  for await (const text of lines) {
    n++;
    if (text.trim() === '') return fail(n, 'an empty line');
    if (checkpoint) return fail(n, `a line after the checkpoint (line ${checkpoint.line}), which must be the last`);
    let value: EntryLine | CheckpointLine;
    try {
      value = JSON.parse(text);
    } catch {
      return fail(n, 'not JSON');
    }
    if (value?.type === 'checkpoint') {
      checkpoint = { line: n, value };
      continue;
    }
    if (value?.type !== 'entry') return fail(n, 'neither an entry nor a checkpoint');
    if (!Number.isSafeInteger(value.seq) || !isHash(value.prevHash) || !isHash(value.hash))
      return fail(n, 'an entry without seq, prevHash or hash');
    if (prev) {
      if (value.sponsorId !== prev.sponsorId)
        return fail(n, `an entry of another chain (portal ${value.sponsorId}, not ${prev.sponsorId})`);
      if (value.seq !== prev.seq + 1) {
        return fail(n, `seq ${value.seq} does not follow seq ${prev.seq} of line ${n - 1}: a line was removed or the lines reordered`);
      }
      if (value.prevHash !== prev.hash)
        return fail(n, `its prevHash is not line ${n - 1}'s hash: a line was changed, removed or reordered`);
    }
    let hash: string;
    try {
      hash = entryHash(value.prevHash, contentOf(value));
    } catch {
      return fail(n, 'an entry whose content is not plain JSON');
    }
    if (hash !== value.hash) return fail(n, 'its content does not match its hash: the line was changed');
    firstSeq ??= value.seq;
    entries++;
    prev = value;
  }

  if (!checkpoint) return fail(n + 1, 'the signed checkpoint line is missing: the file was cut short');
  const { line, value: cp } = checkpoint;
  if (!isHash(cp.hash) || !Number.isSafeInteger(cp.seq) || typeof cp.signature !== 'string') return fail(line, 'a malformed checkpoint');
  let signed = false;
  try {
    signed = checkpointSignatureHolds(publicKey, cp);
  } catch {
    signed = false;
  }
  if (!signed) return fail(line, 'the checkpoint’s signature does not hold with this public key');
  if (prev) {
    if (cp.sponsorId !== prev.sponsorId) return fail(line, 'the checkpoint is of another chain');
    if (cp.seq !== prev.seq || cp.hash !== prev.hash) {
      return fail(
        line,
        `the checkpoint signs seq ${cp.seq}, but the last entry (line ${line - 1}) is seq ${prev.seq}: lines were removed or changed at the end`,
      );
    }
  }
  return { ok: true, entries, sponsorId: cp.sponsorId, firstSeq, lastSeq: cp.seq, signedAt: cp.signedAt, keyId: cp.keyId };
}
