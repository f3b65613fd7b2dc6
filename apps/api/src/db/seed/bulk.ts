import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../client.js';
import { BASE_PACKAGES } from './demo.js';
import {
  AUDIT_ACTIONS,
  createRandom,
  DOCUMENT_NAMES,
  EMAIL_DOMAINS,
  ENTITY_TYPES,
  emailLocal,
  FIRST_NAMES,
  FOLDER_SETS,
  LAST_NAMES,
  pad,
} from './random.js';

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

const TABLES_WITH_DROPPED_INDEXES = ['users', 'vault_holders', 'vaults', 'documents', 'audit_log'];
const DAY = 86_400_000;

const SPONSOR_WORDS = [
  'Harbor',
  'Summit',
  'Cedar',
  'Granite',
  'Beacon',
  'Meridian',
  'Oakmont',
  'Riverbend',
  'Sterling',
  'Keystone',
  'Evergreen',
  'Lighthouse',
  'Bayview',
  'Crescent',
  'Highland',
  'Pinnacle',
  'Silverleaf',
  'Windward',
  'Ironwood',
  'Clearwater',
  'Aspen',
  'Bridgeport',
  'Copperline',
  'Driftwood',
  'Fairhaven',
];
const SPONSOR_KINDS = [
  'Wealth Partners',
  'Private Wealth',
  'Financial Group',
  'Capital Advisors',
  'Family Office',
  'Trust Company',
  'Planning Group',
  'Investment Counsel',
];

/** PostgreSQL COPY text format: tab-separated, \N for null, backslash escapes. */
function field(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (v instanceof Date) return v.toISOString();
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return /[\\\t\n\r]/.test(s) ? s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : s;
}
const line = (values: unknown[]) => `${values.map(field).join('\t')}\n`;

interface Session {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  copy(table: string, columns: string[], text: string): Promise<void>;
  release(): Promise<void>;
}

async function openSession(database: Database): Promise<Session> {
  if (database.pglite) {
    const pgl = database.pglite;
    return {
      query: async (text, params) => (await pgl.query(text, params)).rows as never,
      copy: async (table, columns, text) => {
        await pgl.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob'`, [], { blob: new Blob([text]) });
      },
      release: async () => {},
    };
  }
  const client: pg.PoolClient = await database.pool!.connect();
  return {
    query: async (text, params) => (await client.query(text, params as unknown[])).rows,
    copy: async (table, columns, text) => {
      await pipeline(Readable.from([Buffer.from(text)]), client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`)));
    },
    release: async () => client.release(),
  };
}

/** Binary search in a cumulative weight table. */
function pickIndex(cumulative: Float64Array, r: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! > r) hi = mid;
    else lo = mid + 1;
  }
  return lo;
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

    // Reference data: bulk sponsors, base packages, assignments, sub-portals, templates, one admin each.
    const codes = Array.from({ length: sponsorCount }, (_, i) => `BK${pad(i + 1, sponsorCount >= 100 ? 3 : 2)}`);
    for (let i = 0; i < codes.length; i++) {
      const name = `${SPONSOR_WORDS[i % SPONSOR_WORDS.length]} ${SPONSOR_KINDS[Math.floor(i / SPONSOR_WORDS.length) % SPONSOR_KINDS.length]}${i >= SPONSOR_WORDS.length * SPONSOR_KINDS.length ? ` ${i}` : ''}`;
      await s.query(
        `insert into sponsors (sponsor_code, name, contact_name, contact_email, has_category)
         values ($1, $2, $3, $4, $5) on conflict do nothing`,
        [codes[i], name, 'Operations Desk', `ops@${codes[i]!.toLowerCase()}.example`, i % 3 === 0],
      );
    }
    const sponsorRows = await s.query<{ id: number; sponsor_code: string }>(
      'select id, sponsor_code from sponsors where sponsor_code = any($1::text[]) order by sponsor_code',
      [codes],
    );
    for (const p of BASE_PACKAGES) {
      await s.query(
        `insert into base_packages (name, description, storage_quota_bytes, list_price_cents, billing_period, features)
         values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
        [p.name, p.description, p.storageQuotaBytes, p.listPriceCents, p.billingPeriod, p.features],
      );
    }
    const base = await s.query<{ id: number; list_price_cents: number }>(
      'select id, list_price_cents from base_packages order by id limit 6',
    );
    const sponsorIds = sponsorRows.map((r) => Number(r.id));
    const pkgBySponsor: number[][] = [];
    const groupsBySponsor: number[][] = [];
    const templatesBySponsor: number[][] = [];
    const adminBySponsor: { id: number; email: string }[] = [];
    for (let i = 0; i < sponsorIds.length; i++) {
      const sid = sponsorIds[i]!;
      const code = sponsorRows[i]!.sponsor_code;
      for (const b of base.slice(0, 4)) {
        await s.query(`insert into package_sponsor (package_id, sponsor_id, price_sale_cents) values ($1, $2, $3) on conflict do nothing`, [
          b.id,
          sid,
          Math.round(Number(b.list_price_cents) * 0.9),
        ]);
      }
      pkgBySponsor.push(
        (await s.query<{ package_id: number }>('select package_id from package_sponsor where sponsor_id = $1', [sid])).map((r) =>
          Number(r.package_id),
        ),
      );
      for (const [k, region] of ['North', 'South', 'East', 'West'].entries()) {
        await s.query(`insert into sponsor_groups (sponsor_id, name, code) values ($1, $2, $3) on conflict do nothing`, [
          sid,
          `${region} Region`,
          `${code}-G${k + 1}`,
        ]);
      }
      groupsBySponsor.push(
        (await s.query<{ id: number }>('select id from sponsor_groups where sponsor_id = $1', [sid])).map((r) => Number(r.id)),
      );
      for (const name of Object.keys(FOLDER_SETS).slice(0, 2)) {
        await s.query(`insert into templates (sponsor_id, name, folders) values ($1, $2, $3) on conflict do nothing`, [
          sid,
          name,
          JSON.stringify(FOLDER_SETS[name]),
        ]);
      }
      templatesBySponsor.push(
        (await s.query<{ id: number }>('select id from templates where sponsor_id = $1', [sid])).map((r) => Number(r.id)),
      );
      const adminEmail = `admin@${code.toLowerCase()}.example`;
      await s.query(
        `insert into users (role, sponsor_id, email, first_name, last_name, status_id) values ('sponsor_admin', $1, $2, 'Portal', 'Administrator', 3)
         on conflict do nothing`,
        [sid, adminEmail],
      );
      const [admin] = await s.query<{ id: number }>(
        "select id from users where role = 'sponsor_admin' and sponsor_id = $1 and email = $2",
        [sid, adminEmail],
      );
      await s.query('insert into sponsor_admins (user_id, sponsor_id, title) values ($1, $2, $3) on conflict do nothing', [
        admin!.id,
        sid,
        'Portal Administrator',
      ]);
      adminBySponsor.push({ id: Number(admin!.id), email: adminEmail });
    }
    step(`reference data (${sponsorIds.length} sponsors)`);

    // Secondary indexes of the big tables: dropped now, rebuilt after the load.
    const indexes = await s.query<{ name: string; def: string }>(
      `select c.relname as name, pg_get_indexdef(i.indexrelid) as def
         from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
        where t.relname = any($1::text[]) and t.relnamespace = 'public'::regnamespace and not i.indisprimary
          and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
      [TABLES_WITH_DROPPED_INDEXES],
    );
    const big = opts.rebuildIndexes ?? opts.holders + opts.audit >= 50_000;
    if (big) for (const ix of indexes) await s.query(`drop index ${ix.name}`);

    // Holders: users + vault_holders + vaults (+ documents), ids allocated here.
    const [maxes] = await s.query<{ u: number; v: number; d: number; a: number }>(
      `select (select coalesce(max(id), 0) from users) as u, (select coalesce(max(id), 0) from vaults) as v,
              (select coalesce(max(id), 0) from documents) as d, (select coalesce(max(id), 0) from audit_log) as a`,
    );
    let userId = Number(maxes!.u);
    let vaultId = Number(maxes!.v);
    let docId = Number(maxes!.d);
    let auditId = Number(maxes!.a);
    // Holder share per sponsor falls off like 1/rank: the first sponsor is the largest.
    const cumulative = new Float64Array(sponsorIds.length);
    let acc = 0;
    for (let i = 0; i < sponsorIds.length; i++) {
      acc += 1 / (i + 1);
      cumulative[i] = acc;
    }
    const holdersPerSponsor = new Array<number>(sponsorIds.length).fill(0);
    const sampleHolders: number[][] = sponsorIds.map(() => []);
    let docs = 0;
    for (let done = 0; done < opts.holders; done += chunk) {
      const n = Math.min(chunk, opts.holders - done);
      const u: string[] = [];
      const h: string[] = [];
      const v: string[] = [];
      const d: string[] = [];
      for (let k = 0; k < n; k++) {
        userId++;
        vaultId++;
        const si = pickIndex(cumulative, rnd.next() * acc);
        const sid = sponsorIds[si]!;
        holdersPerSponsor[si]!++;
        if (sampleHolders[si]!.length < 2000) sampleHolders[si]!.push(userId);
        const first = rnd.pick(FIRST_NAMES);
        const last = rnd.pick(LAST_NAMES);
        const r = rnd.next();
        const status = r < 0.7 ? 1 : r < 0.8 ? 2 : r < 0.92 ? 3 : 4;
        const created = new Date(now - rnd.next() * 1500 * DAY);
        const activated = status === 3 ? null : new Date(created.getTime() + DAY);
        const lastLogin = status === 1 && rnd.next() < 0.85 ? new Date(now - rnd.next() * 90 * DAY) : null;
        u.push(
          line([
            userId,
            'vault_holder',
            sid,
            `${emailLocal(first, last)}.${userId}@${rnd.pick(EMAIL_DOMAINS)}`,
            first,
            rnd.next() < 0.2 ? 'J.' : null,
            last,
            status,
            rnd.next() < 0.02,
            lastLogin,
            activated,
            created,
            created,
          ]),
        );
        h.push(line([userId, sid, rnd.next() < 0.1 ? 'Holdings LLC' : null, created, created]));
        const tag = r < 0.6 ? 'individual' : r < 0.85 ? 'family' : 'business';
        const pkgs = pkgBySponsor[si]!;
        const groups = groupsBySponsor[si]!;
        const tpls = templatesBySponsor[si]!;
        const docCount = status === 3 ? 0 : Math.floor(rnd.next() * (2 * docsPerVault + 1));
        let used = 0;
        for (let j = 0; j < docCount; j++) {
          const size = 20_000 + Math.floor(rnd.next() * 3_000_000);
          used += size;
          docId++;
          d.push(
            line([docId, vaultId, rnd.pick(DOCUMENT_NAMES), size, new Date(created.getTime() + rnd.next() * (now - created.getTime()))]),
          );
        }
        docs += docCount;
        const archived = status === 4;
        v.push(
          line([
            vaultId,
            userId,
            sid,
            pkgs.length ? pkgs[Math.floor(rnd.next() * pkgs.length)] : null,
            r < 0.2 ? 'trial' : r < 0.6 ? 'monthly' : 'annual',
            tag,
            rnd.next() < 0.3 ? rnd.pick(ENTITY_TYPES) : null,
            groups.length && rnd.next() < 0.4 ? groups[Math.floor(rnd.next() * groups.length)] : null,
            tpls.length && rnd.next() < 0.5 ? tpls[Math.floor(rnd.next() * tpls.length)] : null,
            used,
            archived ? new Date(now - rnd.next() * 200 * DAY) : null,
            archived ? adminBySponsor[si]!.id : null,
            archived ? `Client relationship ended; vault archived on request. Ticket #${10_000 + (userId % 90_000)}` : null,
            created,
            created,
          ]),
        );
      }
      await s.copy(
        'users',
        [
          'id',
          'role',
          'sponsor_id',
          'email',
          'first_name',
          'middle_name',
          'last_name',
          'status_id',
          'test_account',
          'last_login_at',
          'activated_at',
          'created_at',
          'updated_at',
        ],
        u.join(''),
      );
      await s.copy('vault_holders', ['user_id', 'sponsor_id', 'organization_name', 'created_at', 'updated_at'], h.join(''));
      await s.copy(
        'vaults',
        [
          'id',
          'holder_user_id',
          'sponsor_id',
          'package_id',
          'license',
          'tag',
          'entity_type',
          'group_id',
          'template_id',
          'storage_used_bytes',
          'archived_at',
          'archived_by_user_id',
          'archive_reason',
          'created_at',
          'updated_at',
        ],
        v.join(''),
      );
      if (d.length) await s.copy('documents', ['id', 'vault_id', 'name', 'size_bytes', 'uploaded_at'], d.join(''));
      if (done + n < opts.holders && (done / chunk) % 5 === 4) log(`    … ${done + n} holders`);
    }
    rows.holders = opts.holders;
    rows.documents = docs;
    if (opts.holders) step(`holders (${opts.holders}) + vaults + ${docs} documents`);

    // Audit entries in time order over auditDays.
    const actions = AUDIT_ACTIONS;
    const actionCumulative = new Float64Array(actions.length);
    let aacc = 0;
    actions.forEach(([, w], i) => {
      aacc += w;
      actionCumulative[i] = aacc;
    });
    const span = auditDays * DAY;
    const t0 = now - span;
    for (let done = 0; done < opts.audit; done += chunk) {
      const n = Math.min(chunk, opts.audit - done);
      const a: string[] = [];
      for (let k = 0; k < n; k++) {
        auditId++;
        const i = done + k;
        const at = new Date(t0 + ((i + rnd.next()) / opts.audit) * span);
        const si = pickIndex(cumulative, rnd.next() * acc);
        const sid = sponsorIds[si]!;
        const action = actions[pickIndex(actionCumulative, rnd.next() * aacc)]![0];
        const admin = adminBySponsor[si]!;
        const sample = sampleHolders[si]!;
        const target = sample.length ? sample[Math.floor(rnd.next() * sample.length)]! : admin.id;
        const failed = action === 'auth.login_failed';
        const isAuth = action.startsWith('auth.');
        a.push(
          line([
            auditId,
            at,
            failed ? null : admin.id,
            failed ? null : admin.email,
            failed ? null : sid,
            failed ? null : sid,
            action,
            isAuth ? 'user' : action.split('.')[0],
            failed ? null : String(isAuth ? admin.id : target),
            failed ? 'failure' : 'success',
            `198.51.100.${(i % 250) + 2}`,
            failed ? { username: admin.email, reason: 'invalid credentials' } : isAuth ? {} : { userId: target, statusId: (i % 4) + 1 },
          ]),
        );
      }
      await s.copy(
        'audit_log',
        [
          'id',
          'occurred_at',
          'actor_user_id',
          'actor_email',
          'actor_sponsor_id',
          'sponsor_id',
          'action',
          'target_type',
          'target_id',
          'outcome',
          'client_ip',
          'log_json',
        ],
        a.join(''),
      );
      if (done + n < opts.audit && (done / chunk) % 10 === 9) log(`    … ${done + n} audit entries`);
    }
    rows.audit = opts.audit;
    if (opts.audit) step(`audit entries (${opts.audit})`);

    for (const [table, col] of [
      ['users', 'id'],
      ['vaults', 'id'],
      ['documents', 'id'],
      ['audit_log', 'id'],
    ] as const) {
      await s.query(`select setval(pg_get_serial_sequence('${table}', '${col}'), greatest((select max(${col}) from ${table}), 1))`);
    }
    if (big) {
      for (const ix of indexes) await s.query(ix.def);
      step(`rebuild ${indexes.length} secondary indexes`);
    }
    await s.query('commit');
    step('commit');
    // Sets hint bits and the visibility map (index-only scans, no writes on first read) and the
    // planner statistics. PGlite has no autovacuum, so without this every first read rewrites pages.
    await s.query(`vacuum (analyze) ${TABLES_WITH_DROPPED_INDEXES.join(', ')}, sponsors, package_sponsor, sponsor_groups`);
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
