import { describe, expect, it } from 'vitest';
import type { Database } from '../apps/api/src/db/client.js';
import { createVault, vaultBody, vaultWorld } from '../apps/api/src/modules/vaults/vaults.fixtures.js';
import { useTestApp } from '../apps/api/src/test/per-file-app.js';
import { listBaseline } from './list-baseline.js';

// The route as the service runs it: sessions kept between reads (decision 0049).
const t = useTestApp({ env: { SESSION_CACHE_MS: '10000' } });

interface Seen {
  name: string | null;
  text: string;
  /** How the rows came back: Drizzle's selects ask for arrays. */
  rowMode: string | null;
}

/** Every statement the database driver receives while `work` runs: its name (prepared), text and row mode. */
async function statementsOf(database: Database, work: () => Promise<unknown>): Promise<Seen[]> {
  const seen: Seen[] = [];
  type Query = (...args: unknown[]) => Promise<unknown>;
  const target = (database.pool ?? database.pglite) as unknown as { query: Query };
  const original = target.query;
  target.query = (...args: unknown[]) => {
    const [first, , third] = args as [string | { name?: string; text: string; rowMode?: string }, unknown, { rowMode?: string }?];
    seen.push(
      typeof first === 'string'
        ? { name: null, text: first, rowMode: third?.rowMode ?? null }
        : { name: first.name ?? null, text: first.text, rowMode: first.rowMode ?? null },
    );
    return original.apply(target, args);
  };
  try {
    await work();
  } finally {
    target.query = original;
  }
  return seen;
}

describe('the list route’s baseline (bench/list-baseline.ts)', () => {
  it('runs exactly the statements GET /api/v1/vaultholders runs, prepared the same way, with and without the session check', async () => {
    const w = await vaultWorld(t);
    const s = w.a;
    const staff = await t.signInStaff();
    for (let i = 0; i < 3; i++) await createVault(t, staff, s.id, vaultBody({ packageId: w.gold.id }));
    const baseline = listBaseline(t.database);
    const token = staff.headers.authorization.slice('Bearer '.length);

    // A first page that is not full is its own total; a full one is counted (a small portal is never kept).
    for (const limit of [20, 2]) {
      const url = `/api/v1/vaultholders?sponsorId=${s.id}&offset=0&limit=${limit}`;
      // Warm: the route's prepared statements exist, as in a running service.
      expect((await t.app.inject({ method: 'GET', url, headers: staff.headers })).statusCode).toBe(200);
      let answer: { data: unknown[]; total: number } | undefined;
      // The session as the instance keeps it between reads (decision 0049): the page's statements only.
      const route = await statementsOf(t.database, async () => {
        answer = (await t.app.inject({ method: 'GET', url, headers: staff.headers })).json();
      });
      // The first read of a session, or after a revocation: the session check, then the same.
      t.app.sessionCache.revoke('*');
      const routeChecking = await statementsOf(t.database, () => t.app.inject({ method: 'GET', url, headers: staff.headers }));
      const bare = await statementsOf(t.database, () => baseline.page(s.id, 0, limit));
      const withSession = await statementsOf(t.database, () => baseline.withSession(token, s.id, 0, limit));

      expect(route.length, `limit ${limit}`).toBe(limit === 20 ? 1 : 2);
      expect(routeChecking[0]!.text).toContain('from "sessions"');
      expect(bare, `limit ${limit}: the baseline replays the route's statements`).toEqual(route);
      expect(routeChecking.slice(1), `limit ${limit}: a session checked in the database changes nothing else`).toEqual(route);
      expect(withSession, `limit ${limit}: the diagnostic baseline adds exactly the session check`).toEqual(routeChecking);
      // And answers the same page.
      const page = await baseline.page(s.id, 0, limit);
      expect(page.total).toBe(answer!.total);
      expect(page.data).toHaveLength(answer!.data.length);
    }
  });
});
