import { and, asc, desc, eq, gt, gte, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { auditCheckpoints, auditLog, sponsors } from '../../../db/schema/index.js';
import type { ChainedContent } from './canonical.js';

/** A chain: a portal's id, or null for the entries with no portal. */
export type Chain = number | null;

const chainKey = sql`coalesce(${auditLog.sponsorId}, 0)`;
const ofChain = (chain: Chain): SQL => (chain === null ? isNull(auditLog.sponsorId) : eq(auditLog.sponsorId, chain));

/** Takes a chain's append lock for the rest of the transaction (the same key the insert trigger takes). */
export const AUDIT_CHAIN_LOCK_CLASS = 815_104_735;

export interface ChainedRow extends ChainedContent {
  prevHash: string;
  hash: string;
}

/** Each member exactly as it was hashed: the time with its microseconds, the details as the jsonb's text. */
const chainedColumns = {
  id: auditLog.id,
  seq: auditLog.chainSeq,
  prevHash: auditLog.prevHash,
  hash: auditLog.hash,
  occurredAt: sql<string>`to_char(${auditLog.occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  actorUserId: auditLog.actorUserId,
  actorEmail: auditLog.actorEmail,
  actorSponsorId: auditLog.actorSponsorId,
  sponsorId: auditLog.sponsorId,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  outcome: auditLog.outcome,
  clientIp: auditLog.clientIp,
  logJson: sql<string>`${auditLog.logJson}::text`,
};

/** The next `limit` entries of a chain after `afterSeq` (and up to `untilSeq`), in chain order: a keyset page on (chain, seq). */
export const chainPage = (db: Db, chain: Chain, afterSeq: number, limit: number, untilSeq?: number): Promise<ChainedRow[]> =>
  db
    .select(chainedColumns)
    .from(auditLog)
    .where(
      and(
        sql`${chainKey} = ${chain ?? 0}`,
        gt(auditLog.chainSeq, afterSeq),
        untilSeq === undefined ? undefined : lte(auditLog.chainSeq, untilSeq),
      ),
    )
    .orderBy(sql`${chainKey}`, asc(auditLog.chainSeq))
    .limit(limit) as Promise<ChainedRow[]>;

/** The first and last seq of a chain's entries that happened in [from, to). */
export async function seqRange(db: Db, chain: Chain, from: Date, to: Date): Promise<{ first: number; last: number } | null> {
  const [row] = await db
    .select({ first: sql<number | null>`min(${auditLog.chainSeq})`, last: sql<number | null>`max(${auditLog.chainSeq})` })
    .from(auditLog)
    .where(and(ofChain(chain), gte(auditLog.occurredAt, from), lt(auditLog.occurredAt, to)));
  return row?.first == null || row.last == null ? null : { first: Number(row.first), last: Number(row.last) };
}

/** A chain's entry at a seq. */
export async function entryAt(db: Db, chain: Chain, seq: number): Promise<{ seq: number; hash: string } | null> {
  const [row] = await db
    .select({ seq: auditLog.chainSeq, hash: auditLog.hash })
    .from(auditLog)
    .where(and(sql`${chainKey} = ${chain ?? 0}`, eq(auditLog.chainSeq, seq)));
  return row ?? null;
}

/** A chain's last entry. */
export async function chainHead(db: Db, chain: Chain): Promise<{ seq: number; hash: string } | null> {
  const [row] = await db
    .select({ seq: auditLog.chainSeq, hash: auditLog.hash })
    .from(auditLog)
    .where(sql`${chainKey} = ${chain ?? 0}`)
    .orderBy(sql`${chainKey} desc`, desc(auditLog.chainSeq))
    .limit(1);
  return row ?? null;
}

/** The last entry of every chain that has one: the portals' and the one with no portal. */
export async function chainHeads(db: Db): Promise<{ sponsorId: Chain; seq: number; hash: string }[]> {
  const rows = (await db.execute(sql`
    select nullif(c.chain, 0) as "sponsorId", h.chain_seq as seq, h.hash
      from (select 0 as chain union all select ${sponsors.id} from ${sponsors}) c
      cross join lateral (
        select chain_seq, hash from audit_log
         where coalesce(sponsor_id, 0) = c.chain
         order by coalesce(sponsor_id, 0) desc, chain_seq desc limit 1) h`)) as unknown as {
    rows: { sponsorId: number | null; seq: number | string; hash: string }[];
  };
  return rows.rows.map((r) => ({ sponsorId: r.sponsorId === null ? null : Number(r.sponsorId), seq: Number(r.seq), hash: r.hash }));
}

export type CheckpointRow = typeof auditCheckpoints.$inferSelect;

export const insertCheckpoint = async (db: Db, row: typeof auditCheckpoints.$inferInsert) =>
  (await db.insert(auditCheckpoints).values(row).returning())[0]!;

const ofCheckpointChain = (chain: Chain): SQL => sql`coalesce(${auditCheckpoints.sponsorId}, 0) = ${chain ?? 0}`;

/** A chain's checkpoints after `afterSeq`, oldest first, a page at a time. */
export const checkpointsAfter = (db: Db, chain: Chain, afterSeq: number, limit: number) =>
  db
    .select()
    .from(auditCheckpoints)
    .where(and(ofCheckpointChain(chain), gt(auditCheckpoints.chainSeq, afterSeq)))
    .orderBy(asc(auditCheckpoints.chainSeq), asc(auditCheckpoints.id))
    .limit(limit);

/** A chain's newest checkpoint. */
export async function latestCheckpoint(db: Db, chain: Chain): Promise<CheckpointRow | null> {
  const [row] = await db
    .select()
    .from(auditCheckpoints)
    .where(ofCheckpointChain(chain))
    .orderBy(sql`coalesce(${auditCheckpoints.sponsorId}, 0)`, desc(auditCheckpoints.chainSeq))
    .limit(1);
  return row ?? null;
}

/** A chain's newest retention cut: the signed hash of the last entry a purge dropped (verification starts after it). */
export async function latestCut(db: Db, chain: Chain): Promise<CheckpointRow | null> {
  const [row] = await db
    .select()
    .from(auditCheckpoints)
    .where(and(ofCheckpointChain(chain), eq(auditCheckpoints.reason, 'cut')))
    .orderBy(sql`coalesce(${auditCheckpoints.sponsorId}, 0)`, desc(auditCheckpoints.chainSeq))
    .limit(1);
  return row ?? null;
}

/** When the last daily checkpoints were signed. */
export async function lastDailyCheckpointAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`max(${auditCheckpoints.signedAt})` })
    .from(auditCheckpoints)
    .where(eq(auditCheckpoints.reason, 'daily'));
  return row?.at ? new Date(row.at) : null;
}

/** Any fixed number shared by every instance, other than the start-up and cleanup locks. */
const CHECKPOINT_LOCK = 815_104_736;

/** The daily checkpoint pass's lock for the rest of the transaction, or false at once if another instance holds it. */
export const tryCheckpointLock = async (tx: Db) =>
  ((await tx.execute(sql`select pg_try_advisory_xact_lock(${CHECKPOINT_LOCK}) as locked`)) as unknown as { rows: { locked: boolean }[] })
    .rows[0]!.locked;
