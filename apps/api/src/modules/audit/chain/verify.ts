import type { AuditVerifyResponse } from '@vault/contract';
import type { Db } from '../../../db/client.js';
import { contentOf, entryHash, GENESIS_HASH } from './canonical.js';
import * as repo from './chain.repo.js';
import type { AuditSigner } from './signing-key.js';

const PAGE = 5_000;
/** A verification names at most this many gaps (and counts them all). */
export const MAX_GAPS_NAMED = 100;

type Broken = NonNullable<AuditVerifyResponse['firstBroken']>;

/**
 * Walks one chain from its first entry in keyset pages (constant memory): each entry's hash must be
 * SHA-256 of its predecessor's hash and its own canonical content, and its seq must follow its
 * predecessor's. A missing seq is a gap (an entry removed); across a gap the link cannot be checked.
 * The chain's checkpoints are walked alongside: each must sign (with this service's key) the hash
 * of the entry at its seq, and the newest one's seq must exist (entries removed at the end).
 * After a retention purge the walk starts from the newest `cut` checkpoint instead of the genesis
 * hash: the first kept entry must link to the cut's signed hash (decision 0045).
 */
export async function verifyChain(db: Db, chain: repo.Chain, signer: AuditSigner): Promise<AuditVerifyResponse> {
  let entries = 0;
  let firstBroken: Broken | undefined;
  const gaps: { fromSeq: number; toSeq: number }[] = [];
  let gapCount = 0;
  // After a retention purge the chain starts at its newest cut: the signed hash of the last entry dropped.
  const cut = await repo.latestCut(db, chain);
  const cutSigned =
    !cut || cut.keyId !== signer.keyId || signer.verify({ ...cut, seq: cut.chainSeq, signedAt: cut.signedAt.toISOString() });
  let prev: { seq: number; hash: string } | null = cut ? { seq: cut.chainSeq, hash: cut.hash } : null;
  let checkpoints = 0;
  let checkpointCursor = cut?.chainSeq ?? 0;
  let pendingCheckpoints: repo.CheckpointRow[] = [];
  let checkpointsDone = false;

  const broken = (row: { id: number; seq: number }, reason: Broken['reason']) => {
    firstBroken ??= { id: row.id, seq: row.seq, reason };
  };
  const gap = (fromSeq: number, toSeq: number) => {
    gapCount++;
    if (gaps.length < MAX_GAPS_NAMED) gaps.push({ fromSeq, toSeq });
  };
  // The checkpoints at or before `seq`, checked against the entry there (when it is the one at hand).
  const checkpointsUpTo = async (row: repo.ChainedRow | null, seq: number) => {
    for (;;) {
      if (pendingCheckpoints.length === 0) {
        if (checkpointsDone) return;
        pendingCheckpoints = await repo.checkpointsAfter(db, chain, checkpointCursor, PAGE);
        // A short page is the last: the walk never asks again for each entry after it.
        checkpointsDone = pendingCheckpoints.length < PAGE;
        if (pendingCheckpoints.length === 0) return;
        checkpointCursor = pendingCheckpoints[pendingCheckpoints.length - 1]!.chainSeq;
      }
      const cp = pendingCheckpoints[0]!;
      if (cp.chainSeq > seq) return;
      pendingCheckpoints.shift();
      checkpoints++;
      if (!row || cp.chainSeq !== row.seq) continue; // its entry is missing: a gap already says so
      const signed = cp.keyId !== signer.keyId || signer.verify({ ...cp, seq: cp.chainSeq, signedAt: cp.signedAt.toISOString() });
      if (cp.hash !== row.hash || !signed) broken(row, 'checkpoint');
    }
  };

  let after = cut?.chainSeq ?? 0;
  for (;;) {
    const rows = await repo.chainPage(db, chain, after, PAGE);
    for (const row of rows) {
      entries++;
      if (!cutSigned) broken(row, 'checkpoint');
      const expected: number = prev ? prev.seq + 1 : 1;
      if (row.seq !== expected) gap(expected, row.seq - 1);
      else if (row.prevHash !== (prev ? prev.hash : GENESIS_HASH)) broken(row, 'link');
      if (entryHash(row.prevHash, contentOf(row)) !== row.hash) broken(row, 'content');
      await checkpointsUpTo(row, row.seq);
      prev = { seq: row.seq, hash: row.hash };
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.seq;
  }
  // Checkpoints beyond the last entry: entries were removed at the end of the chain.
  const lastSeq = prev?.seq ?? 0;
  const latest = await repo.latestCheckpoint(db, chain);
  if (latest && latest.chainSeq > lastSeq) gap(lastSeq + 1, latest.chainSeq);
  await checkpointsUpTo(null, Number.MAX_SAFE_INTEGER);

  return {
    sponsorId: chain,
    whole: firstBroken === undefined && gapCount === 0,
    entries,
    lastSeq,
    lastHash: prev?.hash ?? GENESIS_HASH,
    ...(firstBroken ? { firstBroken } : {}),
    gaps,
    gapCount,
    checkpoints,
    latestCheckpoint: latest ? { seq: latest.chainSeq, signedAt: latest.signedAt.toISOString() } : null,
    cut: cut ? { seq: cut.chainSeq, signedAt: cut.signedAt.toISOString() } : null,
  };
}
