import { Readable } from 'node:stream';
import type { Db } from '../../../db/client.js';
import { CONTENT_KEYS, GENESIS_HASH } from './canonical.js';
import * as repo from './chain.repo.js';
import { signCheckpoint } from './checkpoints.js';
import type { AuditSigner } from './signing-key.js';

const PAGE = 2_000;

/** An export line of an entry: its hashed members, then its hash and its predecessor's. */
const entryLine = (row: repo.ChainedRow) =>
  `${JSON.stringify({ type: 'entry', ...Object.fromEntries(CONTENT_KEYS.map((k) => [k, row[k]])), prevHash: row.prevHash, hash: row.hash })}\n`;

/**
 * One chain's stretch as NDJSON: every entry from the first to the last that happened in [from, to)
 * (entries between them that carry a time outside the range are included, so the stretch has no
 * hole), one per line in chain order, then a line with a checkpoint signed now for the last entry.
 * Streamed in keyset pages, so memory stays flat whatever the range holds.
 */
export async function exportChainNdjson(db: Db, signer: AuditSigner, chain: repo.Chain, from: Date, to: Date): Promise<Readable> {
  const range = await repo.seqRange(db, chain, from, to);
  // An empty range still ends with a signed checkpoint: of the chain's head, which the file then vouches for.
  const last = range ? await repo.entryAt(db, chain, range.last) : await repo.chainHead(db, chain);
  const checkpoint = await signCheckpoint(
    db,
    signer,
    { sponsorId: chain, seq: last?.seq ?? 0, hash: last?.hash ?? GENESIS_HASH },
    'export',
  );
  const checkpointLine = `${JSON.stringify({
    type: 'checkpoint',
    sponsorId: chain,
    seq: checkpoint.chainSeq,
    hash: checkpoint.hash,
    signedAt: checkpoint.signedAt.toISOString(),
    keyId: checkpoint.keyId,
    signature: checkpoint.signature,
  })}\n`;
  async function* lines() {
    if (range) {
      let after = range.first - 1;
      for (;;) {
        const rows = await repo.chainPage(db, chain, after, PAGE, range.last);
        if (rows.length > 0) yield rows.map(entryLine).join('');
        if (rows.length < PAGE) break;
        after = rows[rows.length - 1]!.seq;
      }
    }
    yield checkpointLine;
  }
  return Readable.from(lines());
}
