import type { Database, Db } from '../../../db/client.js';
import * as repo from './chain.repo.js';
import type { AuditSigner } from './signing-key.js';

/** Signs a chain's hash at a seq and keeps the checkpoint (append-only). */
export async function signCheckpoint(
  db: Db,
  signer: AuditSigner,
  head: { sponsorId: repo.Chain; seq: number; hash: string },
  reason: 'daily' | 'export' | 'cut',
) {
  const signedAt = new Date();
  const { keyId, signature } = signer.sign({ sponsorId: head.sponsorId, seq: head.seq, hash: head.hash, signedAt: signedAt.toISOString() });
  return repo.insertCheckpoint(db, { sponsorId: head.sponsorId, chainSeq: head.seq, hash: head.hash, signedAt, keyId, signature, reason });
}

/** Checkpoints are signed at least this often. */
export const DAILY_MS = 24 * 3600_000;

/**
 * The daily pass: when the last daily checkpoints are a day old (or there are none), signs the head
 * of every chain that grew since its newest checkpoint. Under a transaction-scoped advisory lock, so
 * of several instances one signs and the others skip (answer null).
 */
export async function signDailyCheckpoints(database: Database, signer: AuditSigner, now = new Date()): Promise<number | null> {
  return database.db.transaction(async (tx) => {
    if (!(await repo.tryCheckpointLock(tx))) return null;
    const last = await repo.lastDailyCheckpointAt(tx);
    if (last && now.getTime() - last.getTime() < DAILY_MS) return 0;
    let signed = 0;
    for (const head of await repo.chainHeads(tx)) {
      const latest = await repo.latestCheckpoint(tx, head.sponsorId);
      if (latest && latest.chainSeq === head.seq) continue;
      await signCheckpoint(tx, signer, head, 'daily');
      signed++;
    }
    return signed;
  });
}
