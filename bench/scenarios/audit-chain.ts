import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client.js';
import { importHolders, removeImport } from '../import-file.js';
import type { BenchRow, Scenario } from '../lib.js';

const IMPORT_ROWS = 100_000;
const BUDGET = 'chain adds < 10%';

/**
 * Issue 33: what the hash chain costs a 100,000-holder import. The same import runs with the chain
 * trigger and with a stand-in that only fills the columns (no advisory lock, no head lookup, no
 * SHA-256), alternately, and the medians are compared. The stand-in is for this bench database
 * alone: its entries get a negative seq, and are removed (as a superuser, triggers off) before the
 * real trigger comes back, so the chains of the data set stay whole.
 */
export const auditChain: Scenario = {
  name: 'audit-chain',
  description: 'The hash chain’s cost on a 100,000-holder CSV import: with the chain trigger and without it',
  async run(ctx) {
    const sponsor = ctx.sponsors[ctx.sponsors.length - 1]!;
    const count = Math.max(1000, Math.round(IMPORT_ROWS * ctx.scale));
    const rounds = ctx.scale < 1 ? 1 : 4;
    const times = { chained: [] as number[], unchained: [] as number[] };
    let entries = 0;
    for (let i = 0; i < rounds; i++) {
      // Which runs first alternates (ABBA): a run after a removal of 100,000 rows is not the same as the first.
      const order = i % 2 === 0 ? (['chained', 'unchained'] as const) : (['unchained', 'chained'] as const);
      for (const mode of order) {
        if (mode === 'unchained') await chainStandIn(ctx.database, true);
        try {
          const since = new Date();
          const run = await importHolders(ctx, sponsor.id, count);
          if (!run) return [{ scenario: 'audit chain cost, import', n: 0, budget: BUDGET, note: 'skipped: the sponsor has no package' }];
          times[mode].push(run.previewMs + run.confirmMs);
          if (mode === 'chained') entries = await entriesSince(ctx.database, sponsor.id, since);
        } finally {
          if (mode === 'unchained') await chainStandIn(ctx.database, false);
          await removeImport(ctx.database, sponsor.id, ctx.dataset.db);
        }
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
    const [withChain, without] = [median(times.chained), median(times.unchained)];
    const added = (withChain - without) / without;
    const comparable = count === IMPORT_ROWS;
    const rows: BenchRow[] = [
      {
        scenario: `audit chain cost, ${count.toLocaleString('en-US')}-row import (${sponsor.sponsorCode})`,
        n: rounds,
        median: withChain,
        budget: comparable ? BUDGET : `not comparable (budget is for ${IMPORT_ROWS.toLocaleString('en-US')} rows)`,
        ok: comparable ? added < 0.1 : undefined,
        note: `with the chain ${(withChain / 1000).toFixed(1)} s, without ${(without / 1000).toFixed(1)} s (medians of ${rounds}, order alternating): ${(added * 100).toFixed(1)}%; runs with ${fmt(times.chained)} s, without ${fmt(times.unchained)} s; the import writes ${entries} audit entries`,
      },
    ];
    return rows;
  },
};

const fmt = (xs: number[]) => xs.map((x) => (x / 1000).toFixed(1)).join(' / ');

/** The audit entries a portal's chain got since `since` (what the chain trigger had to link). */
async function entriesSince(database: Database, sponsorId: number, since: Date) {
  const [row] = await database.query<{ n: number }>(
    'select count(*)::int as n from audit_log where sponsor_id = $1 and occurred_at >= $2',
    [sponsorId, since.toISOString()],
  );
  return Number(row?.n ?? 0);
}

/**
 * Swaps the chain trigger for a stand-in that fills seq and hashes without chaining (on), or puts
 * the real one back after removing what the stand-in wrote (off).
 */
async function chainStandIn(database: Database, on: boolean) {
  if (on) {
    await database.query('create sequence if not exists bench_unchained_seq');
    await database.query(`create or replace function bench_audit_unchained() returns trigger language plpgsql as $$
      begin
        new.chain_seq := -nextval('bench_unchained_seq');
        new.prev_hash := repeat('0', 64);
        new.hash := repeat('0', 64);
        return new;
      end $$`);
    await database.query('alter table audit_log disable trigger audit_log_chain');
    await database.query(
      'create trigger bench_audit_unchained before insert on audit_log for each row execute function bench_audit_unchained()',
    );
    return;
  }
  await database.query('drop trigger if exists bench_audit_unchained on audit_log');
  await database.query('alter table audit_log enable trigger audit_log_chain');
  // One connection: the replica role (no append-only trigger) lasts only for this transaction.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw("set local session_replication_role = 'replica'"));
    await tx.execute(sql.raw('delete from audit_log where chain_seq < 0'));
  });
}
