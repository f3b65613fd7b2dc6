import type { Database, Db } from '../../../db/client.js';
import { writeAudit } from '../../../plugins/audit.js';
import type { Actor } from '../../../plugins/types.js';
import * as chainRepo from '../chain/chain.repo.js';
import { signCheckpoint } from '../chain/checkpoints.js';
import type { AuditSigner } from '../chain/signing-key.js';
import * as purgeRepo from './purge.repo.js';
import * as repo from './retention.repo.js';
import { minimumMonths } from './retention.service.js';
import { effectiveMonths, keepsFrom, monthStart } from './retention-rules.js';

/** Partitions are made this many months ahead, so the DEFAULT partition stays empty. */
export const MONTHS_AHEAD = 3;

/** The purge writes as the service itself. */
const SERVICE: Actor = { userId: null, email: null, sponsorId: null, ip: null };

export interface PurgeResult {
  /** The months dropped, as YYYY-MM. */
  months: string[];
  rows: number;
  /** Rows per chain (the portal's id, 0 for no portal). */
  chains: { chain: number; rows: number; cutSeq: number }[];
  /** Why the oldest expired month was kept, when one was. */
  keptBecause?: 'hold' | 'not-expired' | 'chain-order';
}

const monthLabel = (d: Date) => d.toISOString().slice(0, 7);

/**
 * One pass of the retention job (decision 0045), in one transaction under a try-lock so one instance
 * purges at a time: makes the coming months' partitions, then drops the oldest run of months that are
 * expired for every portal with entries in them (the no-portal entries count as a portal kept for the
 * minimum) and where no such portal is on legal hold. Months are dropped whole, oldest first, only
 * as a run from the oldest partition, and only where each chain's dropped entries all come before its
 * kept ones, so every chain keeps an unbroken tail. Before the drop each chain's last dropped entry is
 * signed as a `cut` checkpoint (verification starts there); after it every affected chain, and the
 * chain of no portal, gets an `audit.purge` entry with the months and row counts.
 * Answers null when another instance holds the lock. The coming months' partitions are made first,
 * in a transaction of their own.
 */
export async function purgeExpiredMonths(database: Database, signer: AuditSigner, now = new Date()): Promise<PurgeResult | null> {
  // A partition made takes an exclusive lock on audit_log until commit: its own short transaction.
  const ahead = await database.db.transaction(async (tx) => {
    if (!(await purgeRepo.tryPurgeLock(tx))) return false;
    for (let i = 0; i <= MONTHS_AHEAD; i++) await purgeRepo.ensureMonth(tx, monthStart(now, -i));
    return true;
  });
  if (!ahead) return null;
  return database.db.transaction(async (tx) => {
    if (!(await purgeRepo.tryPurgeLock(tx))) return null;
    const minimum = await minimumMonths(tx);
    const settings = new Map((await repo.allRetention(tx)).map((r) => [r.sponsorId, r]));
    const keptFrom = (chain: number) => keepsFrom(now, effectiveMonths(chain === 0 ? null : settings.get(chain)?.months, minimum));
    const held = (chain: number) => chain !== 0 && settings.get(chain)?.legalHold === true;

    let keptBecause: PurgeResult['keptBecause'];
    const dropping: { name: string; start: Date; end: Date; chains: purgeRepo.ChainStretch[] }[] = [];
    let accepted = 0;
    for (const month of await purgeRepo.monthPartitions(tx)) {
      const chains = await purgeRepo.chainsIn(tx, month.name);
      if (!(chains.every((c) => month.end <= keptFrom(c.chain)) && month.end <= keptFrom(0))) {
        keptBecause = 'not-expired';
        break;
      }
      if (chains.some((c) => held(c.chain))) {
        keptBecause = 'hold';
        break;
      }
      dropping.push({ ...month, chains });
      // A run is dropped only when each chain's dropped entries come before all it keeps.
      if (await chainsEndBefore(tx, dropping)) accepted = dropping.length;
    }
    if (accepted < dropping.length) keptBecause = 'chain-order';
    const result: PurgeResult = { months: [], rows: 0, chains: [], ...(keptBecause ? { keptBecause } : {}) };
    const run = dropping.slice(0, accepted);
    if (run.length === 0) return result;

    const perChain = new Map<number, { rows: number; cutSeq: number }>();
    for (const month of run)
      for (const c of month.chains) {
        const had = perChain.get(c.chain);
        perChain.set(c.chain, { rows: (had?.rows ?? 0) + c.rows, cutSeq: Math.max(had?.cutSeq ?? 0, c.maxSeq) });
      }
    for (const [chain, { cutSeq }] of perChain) {
      const sponsorId = chain === 0 ? null : chain;
      const entry = await chainRepo.entryAt(tx, sponsorId, cutSeq);
      await signCheckpoint(tx, signer, { sponsorId, seq: cutSeq, hash: entry!.hash }, 'cut');
    }
    for (const month of run) await purgeRepo.dropPartition(tx, month.name);

    result.months = run.map((m) => monthLabel(m.start));
    result.chains = [...perChain].map(([chain, v]) => ({ chain, ...v }));
    result.rows = result.chains.reduce((n, c) => n + c.rows, 0);
    for (const c of result.chains.filter((x) => x.chain !== 0))
      await writeAudit(tx, SERVICE, {
        action: 'audit.purge',
        sponsorId: c.chain,
        targetType: 'audit_log',
        logJson: { months: result.months, rows: c.rows, cutSeq: c.cutSeq },
      });
    const noPortal = perChain.get(0);
    await writeAudit(tx, SERVICE, {
      action: 'audit.purge',
      sponsorId: null,
      targetType: 'audit_log',
      logJson: {
        months: result.months,
        rows: result.rows,
        portals: result.chains.filter((c) => c.chain !== 0).length,
        ...(noPortal ? { cutSeq: noPortal.cutSeq } : {}),
      },
    });
    return result;
  });
}

/** Every chain of the run ends (by seq) before its first entry that stays. */
async function chainsEndBefore(tx: Db, run: { end: Date; chains: purgeRepo.ChainStretch[] }[]): Promise<boolean> {
  const keptFrom = run[run.length - 1]!.end;
  const last = new Map<number, number>();
  for (const month of run) for (const c of month.chains) last.set(c.chain, Math.max(last.get(c.chain) ?? 0, c.maxSeq));
  for (const [chain, maxSeq] of last) {
    const kept = [await purgeRepo.firstSeqFrom(tx, chain, keptFrom), await purgeRepo.firstSeqInDefault(tx, chain)].filter(
      (s): s is number => s !== null,
    );
    if (kept.some((s) => s < maxSeq)) return false;
  }
  return true;
}
