import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { installQueue } from '../jobs/queue.js';
import type { Database } from './client.js';

// Beside this module both in the sources and in the compiled build (the build copies the folder).
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any fixed number shared by every instance of this service.
const STARTUP_LOCK = 815_104_733;

/**
 * Runs `work` while holding the service's PostgreSQL advisory lock on a connection of its own, so
 * instances starting together take turns: the first applies migrations and first-start data, the
 * next ones find them done. PGlite serves one process, so there is nothing to wait for.
 */
export async function withStartupLock<T>(database: Database, work: (client?: pg.PoolClient) => Promise<T>): Promise<T> {
  if (!database.pool) return work();
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
    client.release();
  }
}

/**
 * Applies pending migrations on the given locked connection (PostgreSQL) or on PGlite, then
 * installs (or upgrades) the job queue's schema and queues (jobs/queue.ts).
 */
export async function applyMigrations(database: Database, client?: pg.PoolClient): Promise<void> {
  if (database.pglite) await migratePglite(drizzlePglite({ client: database.pglite }), { migrationsFolder });
  else await migratePg(drizzlePg({ client: client! }), { migrationsFolder });
  await installQueue(database, client);
}

/** Applies pending migrations. On PostgreSQL under the startup lock, so instances may start together. */
export async function migrate(database: Database): Promise<void> {
  await withStartupLock(database, (client) => applyMigrations(database, client));
}
