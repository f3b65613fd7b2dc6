import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DatabaseAvailability, isDatabaseUnavailable } from './availability.js';
import { withNamedStatements } from './pglite-named.js';
import { runHotQueriesNamed } from './prepared.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** Both drivers share this type; a transaction is one too, so repos take `Db` and work inside either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  /** Runs a plain SQL text with parameters on the raw driver (bench baselines, COPY). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  pglite?: PGlite;
  pool?: pg.Pool;
  /**
   * Runs `hook` on each connection the pool opens from now on, before anything else uses it (the
   * listener's LISTEN, decision 0054); the answer takes it away again. PostgreSQL only.
   */
  onPoolConnect?(hook: (client: pg.ClientBase) => Promise<void>): () => void;
  /** Whether the server was last seen reachable (always reachable for PGlite, which runs in-process). */
  availability: DatabaseAvailability;
  close(): Promise<void>;
}

export interface OpenOptions {
  url?: string;
  /** Directory for PGlite; omitted means in memory. */
  dataDir?: string;
  /** A PGlite dump (from dumpDataDir) to start from: much faster than creating a cluster. */
  loadDataDir?: Blob | File;
  poolSize?: number;
  /** Errors of idle pooled connections (the server restarted or ended them); by default reported to `availability`. */
  onPoolError?: (err: Error & { code?: string }) => void;
  /** How long a request waits for a new connection before it fails (and answers 503). */
  connectionTimeoutMillis?: number;
}

// Bigint counts come back as strings from pg; these are always small enough for a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const availability = new DatabaseAvailability();
  if (opts.url) {
    const connectHooks = new Set<(client: pg.ClientBase) => Promise<void>>();
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: opts.connectionTimeoutMillis ?? 5000,
      // pg-pool waits for this before it hands the new connection out (its types say void).
      onConnect: (async (client: pg.ClientBase) => {
        for (const hook of connectHooks) await hook(client);
      }) as (client: pg.ClientBase) => void,
    });
    // Without a listener, an idle connection ended by the server would crash the process; the pool
    // drops that connection and opens a new one on the next query. A stopped server ends every idle
    // connection at once: that is one change of state, logged once.
    pool.on(
      'error',
      opts.onPoolError ??
        ((err) => {
          if (isDatabaseUnavailable(err)) availability.lost(err);
          else console.error(`PostgreSQL connection lost (${(err as { code?: string }).code ?? err.name}); it will be replaced.`);
        }),
    );
    pool.on('connect', () => availability.reachable());
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'pg',
      pool,
      onPoolConnect: (hook) => {
        connectHooks.add(hook);
        return () => connectHooks.delete(hook);
      },
      availability,
      query: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      close: () => pool.end(),
    };
  }
  const pglite = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case' }) as unknown as Db;
  runHotQueriesNamed(db, await withNamedStatements(pglite));
  return {
    db,
    kind: 'pglite',
    pglite,
    availability,
    query: async (text, params) => (await pglite.query(text, params as unknown[])).rows as never,
    close: () => pglite.close(),
  };
}
