import { SESSION_IDLE_MINUTES } from '@vault/contract';
import pg from 'pg';
import type { Database } from '../apps/api/src/db/client.js';
import type { Statement } from '../apps/api/src/db/prepared.js';
import { sha256 } from '../apps/api/src/lib/crypto.js';
import { COUNT_CACHE_MIN, COUNT_CACHE_MS } from '../apps/api/src/modules/vaults/vaults.counts.js';
import { portalCountStatement, portalPageStatement } from '../apps/api/src/modules/vaults/vaults.list.repo.js';
import { liveSessionStatement } from '../apps/api/src/plugins/auth.repo.js';

/** Dates and intervals come back as the server's text, as Drizzle asks node-postgres for them. */
const TEXT_TYPES = new Set([1082, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231]);
const drizzleTypes = {
  getTypeParser: (id: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(id) ? (v: string) => v : pg.types.getTypeParser(id, format as 'text'),
};

/**
 * Runs a statement as the product's driver does: on PostgreSQL a named statement (prepared once per
 * connection, as Drizzle's `.prepare(name)`) returning arrays; on PGlite through `query`, where the
 * hot texts run as named statements (db/pglite-named.ts).
 */
export function replayer(database: Database) {
  return async (s: Statement): Promise<unknown[][]> => {
    if (database.kind === 'pg') {
      const config = s.name
        ? { name: s.name, text: s.text, values: s.values, rowMode: 'array' as const, types: drizzleTypes }
        : { text: s.text, values: s.values, rowMode: 'array' as const, types: drizzleTypes };
      return (await database.pool!.query(config)).rows as unknown[][];
    }
    return (await database.pglite!.query<unknown[]>(s.text, s.values, { rowMode: 'array' })).rows;
  };
}

/**
 * The list route's baseline (issue 36): GET /api/v1/vaultholders on a portal's unfiltered first
 * pages runs the session's statement, then one page statement, and counts the portal only when its
 * kept total is missing, stale or small (modules/vaults/vaults.counts.ts). This replays exactly
 * those statements, built from the same queries, with nothing else: no hooks, no validation, no
 * serializer. `withSession` adds the session's statement, the route's second round trip.
 * bench/list-baseline.test.ts fails when the route runs other statements than these.
 */
export function listBaseline(database: Database) {
  const run = replayer(database);
  const totals = new Map<number, { n: number; at: number; version: number }>();

  async function total(sponsorId: number, version: number) {
    const hit = totals.get(sponsorId);
    if (hit && hit.version === version && Date.now() - hit.at < COUNT_CACHE_MS) return hit.n;
    const [row] = await run(portalCountStatement(database.db, sponsorId));
    const n = Number(row![0]);
    if (n >= COUNT_CACHE_MIN) totals.set(sponsorId, { n, at: Date.now(), version });
    else totals.delete(sponsorId);
    return n;
  }

  async function page(sponsorId: number, offset: number, limit: number) {
    const rows = await run(portalPageStatement(database.db, { sponsorId, offset, limit }));
    const version = rows.length ? Number(rows[0]!.at(-1) ?? 0) : 0;
    const n = offset === 0 && rows.length < limit ? rows.length : await total(sponsorId, version);
    return { data: rows, total: n, activePage: Math.floor(offset / limit) + 1, perPage: limit, isEditable: true };
  }

  async function session(bearerToken: string, sponsorId: number) {
    const now = new Date();
    const tokenHash = sha256(bearerToken);
    const [row] = await run(
      liveSessionStatement(database.db, tokenHash, now, new Date(now.getTime() - SESSION_IDLE_MINUTES * 60_000), sponsorId),
    );
    if (!row) throw new Error('baseline: the session was not found');
  }

  return {
    page,
    async withSession(bearerToken: string, sponsorId: number, offset: number, limit: number) {
      await session(bearerToken, sponsorId);
      return page(sponsorId, offset, limit);
    },
  };
}
