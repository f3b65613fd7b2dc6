import { STATUS } from '@vault/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { sessions, sponsorAdmins, users } from '../db/schema/index.js';
import type { Auth } from '../test/harness.js';
import { useTestApp } from '../test/per-file-app.js';
import { SessionCache } from './session-cache.js';

/**
 * Sessions an instance keeps for reads (decisions 0049, 0053): every revocation still reaches every
 * instance, by the very next request. The cache's time to live is a minute here, so only the
 * notification can explain a refusal; no test waits for it, on either database.
 */
const t = useTestApp();
const TTL = { SESSION_CACHE_MS: '60000' };

const get = (app: FastifyInstance, auth: Auth, url: string) => app.inject({ method: 'GET', url, headers: auth.headers });

/** The status `url` answers right after the change committed, on any instance: no waiting for a notification. */
async function statusAfterChange(app: FastifyInstance, auth: Auth, url: string, expected: number) {
  expect((await get(app, auth, url)).statusCode).toBe(expected);
}

describe('the session cache', () => {
  it('serves reads from kept sessions and forgets one revoked in the database by any means', async () => {
    const app = await t.addInstance(TTL);
    const sponsor = await t.createSponsor('ACME');
    const admin = await t.signInSponsorAdmin(sponsor.id);
    const list = `/api/v1/vaultholders?sponsorId=${sponsor.id}&limit=5`;
    expect((await get(app, admin, list)).statusCode).toBe(200);
    expect(app.sessionCache.size).toBe(1);
    expect((await get(app, admin, list)).statusCode).toBe(200);

    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, admin.userId));
    await statusAfterChange(app, admin, list, 401);
  });

  it('refuses at once a user deactivated, and a right taken away, on another instance', async () => {
    const a = await t.addInstance(TTL);
    const b = await t.addInstance(TTL);
    const sponsor = await t.createSponsor('BETA');
    const staff = await t.signInStaff();
    const admin = await t.signInSponsorAdmin(sponsor.id, { hasEnterpriseDashboardAccess: true });
    const overview = `/api/v1/overview?sponsorId=${sponsor.id}`;
    expect((await get(b, admin, overview)).statusCode).toBe(200);

    await t.db.update(sponsorAdmins).set({ hasEnterpriseDashboardAccess: false }).where(eq(sponsorAdmins.userId, admin.userId));
    await statusAfterChange(b, admin, overview, 403);

    const list = `/api/v1/vaultholders?sponsorId=${sponsor.id}&limit=5`;
    expect((await get(b, admin, list)).statusCode).toBe(200);
    expect((await get(a, staff, list)).statusCode).toBe(200);
    await t.db.update(users).set({ statusId: STATUS.inactive }).where(eq(users.id, admin.userId));
    await statusAfterChange(b, admin, list, 401);
    expect((await get(a, staff, list)).statusCode).toBe(200);
  });

  it('refuses, on the very next read and every time, a right taken away in the database (decision 0053)', async () => {
    const a = await t.addInstance(TTL);
    const b = await t.addInstance(TTL);
    const sponsor = await t.createSponsor('RACE');
    const admin = await t.signInSponsorAdmin(sponsor.id, { hasEnterpriseDashboardAccess: true });
    const overview = `/api/v1/overview?sponsorId=${sponsor.id}`;
    const access = (on: boolean) =>
      t.db.update(sponsorAdmins).set({ hasEnterpriseDashboardAccess: on }).where(eq(sponsorAdmins.userId, admin.userId));
    for (let round = 0; round < 15; round++) {
      await access(true);
      // Both instances keep the session with the right (a second read is served from what they keep).
      for (const app of [a, b, a, b]) expect((await get(app, admin, overview)).statusCode).toBe(200);
      await access(false);
      const [fromA, fromB] = await Promise.all([get(a, admin, overview), get(b, admin, overview)]);
      expect([round, fromA.statusCode, fromB.statusCode]).toEqual([round, 403, 403]);
    }
  });

  it('signs out on one instance and the other refuses the token; a change never trusts a kept session', async () => {
    const a = await t.addInstance(TTL);
    const b = await t.addInstance(TTL);
    const sponsor = await t.createSponsor('GAMA');
    const admin = await t.signInSponsorAdmin(sponsor.id);
    const list = `/api/v1/vaultholders?sponsorId=${sponsor.id}&limit=5`;
    expect((await get(b, admin, list)).statusCode).toBe(200);
    const out = await a.inject({ method: 'POST', url: '/api/v1/authentication/logout', headers: admin.headers });
    expect(out.statusCode).toBeLessThan(300);
    await statusAfterChange(b, admin, list, 401);

    // A change asks the database even while a read could still use the kept session.
    const again = await t.signInAgain(admin.email);
    expect((await get(b, again, list)).statusCode).toBe(200);
    await t.database.query(`update sessions set revoked_at = now() where token_hash = $1`, [
      (await t.db.select({ h: sessions.tokenHash }).from(sessions).where(sql`revoked_at is null and user_id = ${admin.userId}`))[0]!.h,
    ]);
    const post = await b.inject({
      method: 'POST',
      url: '/api/v1/authentication/logout',
      headers: again.headers,
    });
    expect(post.statusCode).toBe(401);
  });

  it.runIf(process.env.TEST_DB === 'pg')('keeps nothing while its listening connection is lost, and listens again', async () => {
    const app = await t.addInstance(TTL);
    const sponsor = await t.createSponsor('DELT');
    const admin = await t.signInSponsorAdmin(sponsor.id);
    const list = `/api/v1/vaultholders?sponsorId=${sponsor.id}&limit=5`;
    await vi.waitFor(() => expect(app.sessionCache.enabled).toBe(true));
    await t.database.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'listen auth_changed'`,
    );
    await vi.waitFor(() => expect(app.sessionCache.enabled).toBe(false), { timeout: 2000, interval: 5 });
    expect((await get(app, admin, list)).statusCode).toBe(200);
    expect(app.sessionCache.size).toBe(0);
    await vi.waitFor(() => expect(app.sessionCache.enabled).toBe(true), { timeout: 5000, interval: 20 });
    expect((await get(app, admin, list)).statusCode).toBe(200);
    expect(app.sessionCache.size).toBe(1);
  });
});

/** A listener whose round trip answers `sync`; no statement ever confirms. */
const inStep = (sync: () => Promise<boolean>) => ({ sync, mark: () => 0, handledSince: () => false });

describe('SessionCache', () => {
  it('serves a kept entry only once the listener is in step, and not one revoked meanwhile', async () => {
    const cache = new SessionCache<string>(1000, 3);
    cache.setListening(true);
    cache.put('k', 1, 'row', cache.mark(), Date.now());
    // No listener to ask: what is kept cannot be trusted.
    expect(await cache.confirmed('k', Date.now())).toBeUndefined();
    cache.syncWith(inStep(async () => true));
    expect(await cache.confirmed('k', Date.now())).toBe('row');
    // The notification arrives during the round trip.
    cache.syncWith(
      inStep(async () => {
        cache.revoke('1');
        return true;
      }),
    );
    expect(await cache.confirmed('k', Date.now())).toBeUndefined();
    cache.put('k', 1, 'row', cache.mark(), Date.now());
    cache.syncWith(inStep(async () => false));
    expect(await cache.confirmed('k', Date.now())).toBeUndefined();
  });

  it('confirms a kept entry after the read: by a statement answered since, else a round trip; never one forgotten', async () => {
    const cache = new SessionCache<string>(1000, 3);
    cache.setListening(true);
    let tick = 0;
    let handledUpTo = 0;
    const sync = vi.fn(async () => true);
    cache.syncWith({ sync, mark: () => ++tick, handledSince: (m) => handledUpTo >= m });
    const now = Date.now();
    cache.put('k', 1, 'row', cache.mark(), now);

    // A statement taken up after the mark answered: no round trip.
    const first = cache.keep('k', now)!;
    handledUpTo = first.mark;
    expect(await cache.stillKept(first)).toBe(true);
    expect(sync).not.toHaveBeenCalled();

    // None since: the listener's round trip, and its answer decides.
    const second = cache.keep('k', now)!;
    expect(await cache.stillKept(second)).toBe(true);
    expect(sync).toHaveBeenCalledTimes(1);
    sync.mockResolvedValueOnce(false);
    expect(await cache.stillKept(cache.keep('k', now)!)).toBe(false);

    // Its time to live running out meanwhile (another read removes it) is no revocation.
    const third = cache.keep('k', now)!;
    expect(cache.get('k', now + 1000)).toBeUndefined();
    expect(await cache.stillKept(third)).toBe(true);

    // A revocation between the read and its answer, or the end of listening, is.
    cache.put('k', 1, 'row', cache.mark(), now);
    const fourth = cache.keep('k', now)!;
    cache.revoke('1');
    handledUpTo = tick;
    expect(await cache.stillKept(fourth)).toBe(false);
    cache.put('k', 1, 'row', cache.mark(), now);
    const fifth = cache.keep('k', now)!;
    cache.setListening(false);
    expect(await cache.stillKept(fifth)).toBe(false);
  });

  const listening = () => {
    const cache = new SessionCache<string>(1000, 3);
    cache.setListening(true);
    return cache;
  };

  it('keeps an entry for its time to live only', () => {
    const cache = listening();
    cache.put('k', 1, 'row', cache.mark(), 0);
    expect(cache.get('k', 999)).toBe('row');
    expect(cache.get('k', 1000)).toBeUndefined();
  });

  it('does not keep what a look-up read while a revocation arrived', () => {
    const cache = listening();
    const mark = cache.mark();
    cache.revoke('7');
    cache.put('k', 1, 'row', mark, 0);
    expect(cache.get('k', 1)).toBeUndefined();
  });

  it('forgets one user, or everyone on any other payload', () => {
    const cache = listening();
    cache.put('a1', 1, 'a', cache.mark(), 0);
    cache.put('a2', 1, 'a', cache.mark(), 0);
    cache.put('b', 2, 'b', cache.mark(), 0);
    cache.revoke('1');
    expect([cache.get('a1', 1), cache.get('a2', 1), cache.get('b', 1)]).toEqual([undefined, undefined, 'b']);
    cache.revoke('*');
    expect(cache.get('b', 1)).toBeUndefined();
  });

  it('keeps nothing while not listening, and is bounded', () => {
    const cache = new SessionCache<string>(1000, 2);
    cache.put('k', 1, 'row', cache.mark(), 0);
    expect(cache.get('k', 1)).toBeUndefined();
    cache.setListening(true);
    for (const k of ['a', 'b', 'c']) cache.put(k, 1, k, cache.mark(), 0);
    expect(cache.size).toBeLessThanOrEqual(2);
    expect(cache.get('c', 1)).toBe('c');
  });
});
