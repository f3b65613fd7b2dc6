import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';

type Rows<T> = { rows: T[] };
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;

/** Any fixed number shared by every instance, other than the start-up, cleanup and checkpoint locks. */
const PURGE_LOCK = 815_104_737;

/** The purge's lock for the rest of the transaction, or false at once if another instance holds it. */
export const tryPurgeLock = async (tx: Db) =>
  (await rows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${PURGE_LOCK}) as locked`))[0]!.locked;

/**
 * Waits for a purge under way and keeps the next one out until commit: a retention change or a hold
 * is then either seen by a whole purge pass or made after it, never in between.
 */
export const waitForPurge = async (tx: Db) => {
  await tx.execute(sql`select pg_advisory_xact_lock(${PURGE_LOCK})`);
};

/** Makes the month's partition unless it exists (SQL function of migration 0029); null when the DEFAULT partition holds its rows. */
export const ensureMonth = async (db: Db, month: Date) =>
  (await rows<{ name: string | null }>(db, sql`select audit_log_ensure_month(${month.toISOString()}::timestamptz) as name`))[0]!.name;

const MONTH_PARTITION = /^audit_log_(\d{4})_(\d{2})$/;

/** The monthly partitions, oldest first, with the month each holds (the DEFAULT partition is never one). */
export async function monthPartitions(db: Db): Promise<{ name: string; start: Date; end: Date }[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
         where i.inhparent = 'audit_log'::regclass order by c.relname`,
  );
  return found.flatMap(({ name }) => {
    const m = MONTH_PARTITION.exec(name);
    if (!m) return [];
    const [y, mo] = [Number(m[1]), Number(m[2])];
    return [{ name, start: new Date(Date.UTC(y, mo - 1, 1)), end: new Date(Date.UTC(y, mo, 1)) }];
  });
}

export interface ChainStretch {
  /** The portal, or 0 for the entries with no portal. */
  chain: number;
  rows: number;
  minSeq: number;
  maxSeq: number;
}

/** Each chain's entries in one partition. */
export async function chainsIn(db: Db, partition: string): Promise<ChainStretch[]> {
  const found = await rows<{ chain: number; rows: number; min_seq: string; max_seq: string }>(
    db,
    sql`select coalesce(sponsor_id, 0) as chain, count(*)::int as rows, min(chain_seq) as min_seq, max(chain_seq) as max_seq
          from ${sql.identifier(partition)} group by 1`,
  );
  return found.map((r) => ({ chain: Number(r.chain), rows: r.rows, minSeq: Number(r.min_seq), maxSeq: Number(r.max_seq) }));
}

/** A chain's lowest seq among its entries from `from` on (what the purge keeps). */
export async function firstSeqFrom(db: Db, chain: number, from: Date): Promise<number | null> {
  const [r] = await rows<{ seq: string | null }>(
    db,
    sql`select min(chain_seq) as seq from audit_log where coalesce(sponsor_id, 0) = ${chain} and occurred_at >= ${from.toISOString()}::timestamptz`,
  );
  return r?.seq == null ? null : Number(r.seq);
}

/**
 * Lowest kept seq of a chain in the DEFAULT partition (it may hold any month, so a time bound does not exclude it).
 */
export async function firstSeqInDefault(db: Db, chain: number): Promise<number | null> {
  const [r] = await rows<{ seq: string | null }>(
    db,
    sql`select min(chain_seq) as seq from audit_log_default where coalesce(sponsor_id, 0) = ${chain}`,
  );
  return r?.seq == null ? null : Number(r.seq);
}

/** Detaches and drops a month's partition: its entries go whole, without a row-by-row delete. */
export async function dropPartition(db: Db, partition: string) {
  await db.execute(sql`alter table audit_log detach partition ${sql.identifier(partition)}`);
  await db.execute(sql`drop table ${sql.identifier(partition)}`);
}
