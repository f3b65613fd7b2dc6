import type { Db } from './client.js';

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
    }
    return query;
  };
}
