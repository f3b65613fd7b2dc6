import { fillPlaceholders } from 'drizzle-orm';
import type { Db } from './client.js';
import type { NamedStatements } from './pglite-named.js';

const namedOn = new WeakMap<Db, NamedStatements>();

/** On PGlite, the hot queries' texts run as named statements (db/pglite-named.ts). */
export const runHotQueriesNamed = (db: Db, named: NamedStatements) => namedOn.set(db, named);

/**
 * A hot query built once per database (and, with Drizzle's `.prepare(name)`, planned once per
 * connection on PostgreSQL) instead of on every request: building a Drizzle query and planning it
 * cost about as much as running a small one.
 */
export function preparedFor<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const byDb = new WeakMap<Db, Q>();
  return (db) => {
    let query = byDb.get(db);
    if (!query) {
      query = build(db);
      byDb.set(db, query);
      const text = (query as { queryString?: unknown }).queryString;
      if (typeof text === 'string') namedOn.get(db)?.add(text);
    }
    return query;
  };
}

/**
 * A list query built per call, whose text depends only on its shape (which filters, which order: the
 * values are parameters). On PGlite its text runs as a named statement, planned once per shape
 * rather than per call: planning reads the size of every index of each table it names (an fstat per
 * index in wasm), which for `users` and its sixteen indexes cost more than running a page of
 * administrators. PostgreSQL plans it natively each time, which costs little.
 */
export function plannedOncePerShape<Q extends { toSQL(): { sql: string } }>(db: Db, query: Q): Q {
  const named = namedOn.get(db);
  if (named) named.add(query.toSQL().sql);
  return query;
}

type Shaped<T> = PromiseLike<T> & { toSQL(): { sql: string } };

/** A people list's page and its total, each planned once per shape on PGlite. */
export async function pageWithTotal<R>(db: Db, rows: Shaped<R[]>, total: Shaped<{ n: number }[]>): Promise<{ rows: R[]; total: number }> {
  const [page, [counted]] = await Promise.all([plannedOncePerShape(db, rows), plannedOncePerShape(db, total)]);
  return { rows: page, total: counted?.n ?? 0 };
}

/**
 * One statement as the driver receives it: its name (null when it is not prepared), its text and its
 * values in order. The bench's baselines replay these (bench/list-baseline.ts), so a baseline runs
 * what the route runs, built from the same query.
 */
export interface Statement {
  name: string | null;
  text: string;
  values: unknown[];
}

/**
 * A statement's text built once per database, its values filled per call: what a prepared Drizzle
 * query does on every `execute`, so a baseline replaying it pays no more than the route for it.
 */
export function statementFor<V extends Record<string, unknown>>(
  name: string | null,
  build: (db: Db) => { toSQL(): { sql: string; params: unknown[] } },
): (db: Db, values: V) => Statement {
  const built = preparedFor((db) => build(db).toSQL());
  return (db, values) => {
    const { sql, params } = built(db);
    return { name, text: sql, values: fillPlaceholders(params, values) };
  };
}

/** A statement built now, with no placeholders (its values are in the query). */
export function statementOf(name: string | null, query: { toSQL(): { sql: string; params: unknown[] } }): Statement {
  const { sql, params } = query.toSQL();
  return { name, text: sql, values: params };
}
