import type { Database } from '../client.js';
import { chainHeadsOf, ensureAuditMonths, loadAudit } from './bulk/audit.js';
import { openSession } from './bulk/copy.js';
import { DAY, type LoadStep, loadHolders, sponsorWeights } from './bulk/holders.js';
import { dropSecondaryIndexes, restoreIndexes, restoreSequences, TABLES_WITH_DROPPED_INDEXES } from './bulk/indexes.js';
import { loadReferenceData } from './bulk/reference.js';
import { createRandom } from './random.js';

/**
 * Large data sets for benchmarks (DESIGN 7: 1,000,000 holders across 50 sponsors, 10,000,000 audit
 * entries). Rows are generated in memory in chunks and streamed with COPY: PGlite reads them from
 * '/dev/blob', PostgreSQL from STDIN (pg-copy-streams). Everything runs in one transaction on one
 * connection, with the secondary indexes of the loaded tables dropped first and rebuilt at the end
 * (much faster than maintaining them row by row), so an interrupted load leaves nothing behind.
 * Loads add to what is there: sponsors BK01… are reused, new ids continue after the largest.
 */
export interface BulkOptions {
  holders: number;
  audit: number;
  /** Number of bulk sponsors (codes BK01…); default 50. */
  sponsors?: number;
  /** Average documents per non-pending vault; default 2. */
  documentsPerVault?: number;
  /** Audit entries are spread over this many days before now; default 365. */
  auditDays?: number;
  seed?: number;
  /** Rows per COPY statement; default 100,000. */
  chunk?: number;
  /** Drop and rebuild the secondary indexes of the loaded tables; default: when loading 50,000 rows or more. */
  rebuildIndexes?: boolean;
  log?: (line: string) => void;
}

export interface BulkReport {
  sponsors: { id: number; sponsorCode: string; holders: number }[];
  rows: Record<string, number>;
  timings: { step: string; ms: number }[];
  totalMs: number;
}

export async function bulkLoad(database: Database, opts: BulkOptions): Promise<BulkReport> {
  const log = opts.log ?? (() => {});
  const sponsorCount = opts.sponsors ?? 50;
  const docsPerVault = opts.documentsPerVault ?? 2;
  const auditDays = opts.auditDays ?? 365;
  const chunk = opts.chunk ?? 100_000;
  const rnd = createRandom(opts.seed ?? 7_340_033);
  const now = Date.now();
  const timings: { step: string; ms: number }[] = [];
  const rows: Record<string, number> = {};
  const started = performance.now();
  let stepStart = started;
  const step = (name: string) => {
    const t = performance.now();
    timings.push({ step: name, ms: t - stepStart });
    log(`  ${name.padEnd(34)} ${((t - stepStart) / 1000).toFixed(1).padStart(7)} s`);
    stepStart = t;
  };

  const s = await openSession(database);
  try {
    await s.query('begin');
    // Skips foreign-key triggers for the load: the generator keeps every reference valid itself.
    await s.query('savepoint replica');
    const replica = await s
      .query("set local session_replication_role = 'replica'")
      .then(() => true)
      .catch(() => false);
    await s.query(replica ? 'release savepoint replica' : 'rollback to savepoint replica');
    if (!replica) log('  (foreign keys are checked row by row: not a superuser)');

    const ref = await loadReferenceData(s, sponsorCount);
    step(`reference data (${ref.sponsorIds.length} sponsors)`);

    const big = opts.rebuildIndexes ?? opts.holders + opts.audit >= 50_000;
    const indexes = await dropSecondaryIndexes(s, big);

    const [maxes] = await s.query<{ u: number; v: number; d: number; a: number }>(
      `select (select coalesce(max(id), 0) from users) as u, (select coalesce(max(id), 0) from vaults) as v,
              (select coalesce(max(id), 0) from documents) as d, (select coalesce(max(id), 0) from audit_log) as a`,
    );
    const load: LoadStep = { rnd, now, chunk, log, ref, weights: sponsorWeights(ref.sponsorIds.length) };
    const { sampleHolders, docs } = await loadHolders(s, load, opts.holders, docsPerVault, {
      userId: Number(maxes!.u),
      vaultId: Number(maxes!.v),
      docId: Number(maxes!.d),
    });
    rows.holders = opts.holders;
    rows.documents = docs;
    if (opts.holders) step(`holders (${opts.holders}) + vaults + ${docs} documents`);

    // The chain trigger is off for the COPY (the loader computes the chain itself, continuing the
    // heads read here); the ALTER also keeps every other writer of audit_log waiting until commit.
    if (opts.audit) await ensureAuditMonths(s, now - auditDays * DAY, now);
    if (opts.audit) await s.query('alter table audit_log disable trigger audit_log_chain');
    await loadAudit(s, load, opts.audit, auditDays, sampleHolders, Number(maxes!.a), opts.audit ? await chainHeadsOf(s) : new Map());
    if (opts.audit) await s.query('alter table audit_log enable trigger audit_log_chain');
    rows.audit = opts.audit;
    if (opts.audit) step(`audit entries (${opts.audit})`);

    await restoreSequences(s);
    if (big) {
      await restoreIndexes(s, indexes);
      step(`rebuild ${indexes.length} secondary indexes`);
    }
    await s.query('commit');
    step('commit');
    // Sets hint bits and the visibility map (index-only scans, no writes on first read) and the
    // planner statistics. PGlite has no autovacuum, so without this every first read rewrites pages.
    // The Overview's counters (migration 0030) were rewritten by every COPY's trigger: their dead
    // rows go too, and the planner learns their size (without it, it guessed two rows and hashed users).
    await s.query(
      `vacuum (analyze) ${TABLES_WITH_DROPPED_INDEXES.join(', ')}, sponsors, package_sponsor, sponsor_groups,
         overview_holder_status, overview_package_holders, overview_daily, overview_activation_days`,
    );
    step('vacuum analyze');
  } catch (err) {
    await s.query('rollback').catch(() => {});
    throw err;
  } finally {
    await s.release();
  }

  const sponsorsOut = await database.query<{ id: number; sponsor_code: string; holders: number }>(
    `select s.id, s.sponsor_code, (select count(*) from vault_holders h where h.sponsor_id = s.id)::int as holders
       from sponsors s where s.sponsor_code like 'BK%' order by holders desc`,
  );
  return {
    sponsors: sponsorsOut.map((r) => ({ id: Number(r.id), sponsorCode: r.sponsor_code, holders: Number(r.holders) })),
    rows,
    timings,
    totalMs: performance.now() - started,
  };
}
