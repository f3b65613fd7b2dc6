import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, Db } from '../db/client.js';

/** What pg-boss sends its SQL through (its `db` option): a text, maybe with $n parameters. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * pg-boss on the service's own database. On PostgreSQL it shares the pool (or the locked start-up
 * connection). PGlite has one connection: a text with parameters is one statement (extended
 * protocol); one without parameters may be several (pg-boss's schema scripts and its maintenance,
 * which wrap `pg_advisory_xact_lock` in BEGIN … COMMIT) and runs as one simple-protocol script.
 * PGlite runs each call alone (its transaction mutex), so such a script is never interleaved.
 */
export function databaseExecutor(database: Database, client?: pg.PoolClient): SqlExecutor {
  const pglite = database.pglite;
  if (pglite) {
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return pglite.query<Record<string, unknown>>(text, values);
        const results = await pglite.exec(text);
        // The answer of a single statement; for a script, its last statement that answered rows.
        return [...results].reverse().find((r) => r.fields.length > 0) ?? results[results.length - 1] ?? { rows: [] };
      },
    };
  }
  const runner = client ?? database.pool!;
  return { executeSql: async (text, values) => runner.query(text, values as unknown[]) };
}

/** pg-boss's `$1 … $n` text as a Drizzle query, so it runs inside the caller's transaction. */
function asDrizzle(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) chunks.push(sql.raw(parts[i]!));
    else {
      const v = values[Number(parts[i]) - 1];
      chunks.push(sql`${v === undefined ? null : v}`);
    }
  }
  return sql.join(chunks);
}

/** Runs pg-boss's statements on a Drizzle database or transaction (enqueueing with the change it belongs to). */
export function transactionExecutor(db: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const result = (await db.execute(asDrizzle(text, values))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
  };
}
