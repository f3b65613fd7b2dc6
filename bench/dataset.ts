import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/api/src/db/client.js';
import { migrate } from '../apps/api/src/db/migrate.js';
import { type BulkReport, bulkLoad } from '../apps/api/src/db/seed/bulk.js';
import { ensureCatalog } from '../apps/api/src/db/seed/catalog.js';
import { hashPassword } from '../apps/api/src/lib/crypto.js';
import type { BenchSponsor } from './lib.js';

export const BENCH_USER = { username: 'bench@bench.local', password: 'bench-only-password-1' };
const DATA = resolve(fileURLToPath(new URL('.', import.meta.url)), '.data');

export interface DatasetSpec {
  holders: number;
  audit: number;
  sponsors: number;
  db: 'pglite' | 'pg';
  /** PostgreSQL server URL (any database on it); the bench creates a database of its own there. */
  url?: string;
  fresh?: boolean;
}

export interface Dataset {
  database: Database;
  sponsors: BenchSponsor[];
  built: boolean;
  where: string;
  /** Where a separate server process finds the same data: a PGlite directory or a PostgreSQL URL. */
  location: { dataDir: string } | { url: string };
  load?: BulkReport;
  openMs: number;
}

const key = (s: DatasetSpec) => `h${s.holders}_a${s.audit}_s${s.sponsors}`;

async function ensureBenchUser(database: Database) {
  const found = await database.query("select 1 from users where role = 'staff' and lower(email) = $1", [BENCH_USER.username]);
  if (found.length) return;
  await database.query(
    `insert into users (role, email, first_name, last_name, password_hash, status_id, activated_at)
     values ('staff', $1, 'Bench', 'Runner', $2, 1, now())`,
    [BENCH_USER.username, await hashPassword(BENCH_USER.password)],
  );
}

async function sponsorsOf(database: Database): Promise<BenchSponsor[]> {
  const rows = await database.query<{ id: number; sponsor_code: string; holders: number }>(
    `select s.id, s.sponsor_code, count(h.user_id)::int as holders
       from sponsors s left join vault_holders h on h.sponsor_id = s.id
      where s.sponsor_code like 'BK%' group by s.id order by holders desc, s.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), sponsorCode: r.sponsor_code, holders: Number(r.holders) }));
}

/** Builds the data set once with the bulk generator and reuses it on later runs with the same sizes. */
export async function openDataset(spec: DatasetSpec, log: (line: string) => void): Promise<Dataset> {
  const t0 = performance.now();
  let database: Database;
  let ready = false;
  let where: string;
  let markReady: () => Promise<void>;
  let location: Dataset['location'];
  if (spec.db === 'pglite') {
    const dir = join(DATA, `pglite-${key(spec)}`);
    const marker = `${dir}.ready.json`;
    where = `PGlite in ${dir}`;
    location = { dataDir: dir };
    ready = !spec.fresh && existsSync(marker) && existsSync(dir);
    if (!ready) {
      rmSync(dir, { recursive: true, force: true });
      rmSync(marker, { force: true });
    }
    mkdirSync(dir, { recursive: true });
    database = await openDatabase({ dataDir: dir });
    markReady = async () => writeFileSync(marker, JSON.stringify({ ...spec, builtAt: new Date().toISOString() }));
  } else {
    const server = spec.url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `vault_bench_${key(spec)}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    try {
      const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0;
      if (exists && !spec.fresh) {
        const u = new URL(server);
        u.pathname = `/${name}`;
        const probe = new pg.Client({ connectionString: u.toString() });
        await probe.connect();
        ready = await probe
          .query("select 1 from app_settings where key = 'bench.dataset'")
          .then((r) => (r.rowCount ?? 0) > 0)
          .catch(() => false);
        await probe.end();
      }
      if (!ready) {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.query(`create database ${name}`);
      }
    } finally {
      await admin.end();
    }
    const u = new URL(server);
    u.pathname = `/${name}`;
    where = `PostgreSQL database ${name}`;
    location = { url: u.toString() };
    database = await openDatabase({ url: u.toString(), poolSize: 10 });
    markReady = async () => {
      await database.query(
        "insert into app_settings (key, value) values ('bench.dataset', $1) on conflict (key) do update set value = excluded.value",
        [JSON.stringify({ ...spec, url: undefined, builtAt: new Date().toISOString() })],
      );
    };
  }
  await migrate(database);
  await ensureCatalog(database.db);
  let load: BulkReport | undefined;
  if (!ready) {
    log(`Building the data set (${spec.holders} holders, ${spec.audit} audit entries, ${spec.sponsors} sponsors) in ${where} …`);
    load = await bulkLoad(database, { holders: spec.holders, audit: spec.audit, sponsors: spec.sponsors, log });
    await markReady();
  } else {
    log(`Reusing the data set in ${where} (--fresh rebuilds it).`);
  }
  await ensureBenchUser(database);
  return { database, sponsors: await sponsorsOf(database), built: !ready, where, location, load, openMs: performance.now() - t0 };
}
