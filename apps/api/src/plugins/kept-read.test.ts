import { STATUS } from '@vault/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { sessions, sponsorAdmins, users } from '../db/schema/index.js';
import { createVault, vaultBody, vaultWorld } from '../modules/vaults/vaults.fixtures.js';
import type { Auth } from '../test/harness.js';
import { useTestApp } from '../test/per-file-app.js';

/**
 * A read that declares it writes nothing (`readOnly`, the vault list) takes a kept session at once
 * and confirms it before its answer leaves, by its own statements where they can (decision 0054).
 * Time to live a minute: only the notification, or the database, can explain a refusal.
 */
const t = useTestApp();
const TTL = { SESSION_CACHE_MS: '60000' };
const get = (app: FastifyInstance, auth: Auth, url: string) => app.inject({ method: 'GET', url, headers: auth.headers });

/**
 * From the second read on, the read takes the session this instance kept at that read even once it
 * is gone from the cache: as a read that took it just before a revocation arrived would hold it.
 */
function holdKeptSession(app: FastifyInstance) {
  const keep = app.sessionCache.keep.bind(app.sessionCache);
  let held: ReturnType<typeof keep>;
  vi.spyOn(app.sessionCache, 'keep').mockImplementation((key, now) => {
    held ??= keep(key, now);
    return keep(key, now) ?? held;
  });
  return () => held;
}

describe('reads confirmed before they answer (decision 0054)', () => {
  it('refuses the vault list, on the very next read and every time, to a user deactivated on another instance', async () => {
    const a = await t.addInstance(TTL);
    const b = await t.addInstance(TTL);
    const sponsor = await t.createSponsor('LIST');
    const admin = await t.signInSponsorAdmin(sponsor.id);
    const list = `/api/v1/vaultholders?sponsorId=${sponsor.id}&limit=5`;
    const status = (id: number) => t.db.update(users).set({ statusId: id }).where(eq(users.id, admin.userId));
    for (let round = 0; round < 15; round++) {
      await status(STATUS.active);
      for (const app of [a, b, a, b]) expect((await get(app, admin, list)).statusCode).toBe(200);
      await status(STATUS.inactive);
      const [fromA, fromB] = await Promise.all([get(a, admin, list), get(b, admin, list)]);
      expect([round, fromA.statusCode, fromB.statusCode]).toEqual([round, 401, 401]);
    }
  });

  it('asks the database when a revocation reached the kept session while the read ran, and answers as it says', async () => {
    const app = await t.addInstance(TTL);
    const sponsor = await t.createSponsor('MIDR');
    const admin = await t.signInSponsorAdmin(sponsor.id, { hasEnterpriseDashboardAccess: true });
    const list = `/api/v1/vaultholders?sponsorId=${sponsor.id}&limit=5`;
    const held = holdKeptSession(app);
    expect((await get(app, admin, list)).statusCode).toBe(200);
    expect((await get(app, admin, list)).statusCode).toBe(200);
    expect(held()).toBeDefined();

    // Any change made through this instance forgets every kept session; this one is still live.
    app.sessionCache.revoke('*');
    expect(held()!.entry.forgotten).toBe(true);
    const stillLive = await get(app, admin, list);
    expect(stillLive.statusCode).toBe(200);
    expect(stillLive.json().data).toEqual([]);

    // A right taken away: the answer was worked out with rights that are gone.
    await t.db.update(sponsorAdmins).set({ hasEnterpriseDashboardAccess: false }).where(eq(sponsorAdmins.userId, admin.userId));
    const changed = await get(app, admin, list);
    expect(changed.statusCode).toBe(403);
    expect(changed.json()).toMatchObject({ message: 'Your access changed while this page was loading. Reload the page.' });

    // Signed out: the answer never leaves.
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, admin.userId));
    const ended = await get(app, admin, list);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).not.toHaveProperty('data');
  });

  it('sends the refusal of a compressed answer as plain JSON, without the Content-Encoding of the answer it replaced', async () => {
    const app = await t.addInstance(TTL);
    const { a: sponsor, gold } = await vaultWorld(t);
    const staff = await t.signInStaff();
    for (let i = 0; i < 8; i++) await createVault(t, staff, sponsor.id, vaultBody({ packageId: gold.id }));
    const admin = await t.signInSponsorAdmin(sponsor.id);
    const list = `/api/v1/vaultholders?sponsorId=${sponsor.id}&limit=8`;
    const compressedGet = () => app.inject({ method: 'GET', url: list, headers: { ...admin.headers, 'accept-encoding': 'br' } });
    const held = holdKeptSession(app);
    expect((await compressedGet()).headers['content-encoding']).toBe('br');
    expect((await compressedGet()).statusCode).toBe(200);
    expect(held()).toBeDefined();

    app.sessionCache.revoke('*');
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, admin.userId));
    const ended = await compressedGet();
    expect(ended.statusCode).toBe(401);
    expect(ended.headers['content-encoding']).toBeUndefined();
    expect(ended.json()).toEqual({ message: expect.any(String) });
  });

  it('leaves an error answer of a kept read as the error handler made it, even once its session has ended', async () => {
    const app = await t.addInstance(TTL);
    const sponsor = await t.createSponsor('ERRR');
    const admin = await t.signInSponsorAdmin(sponsor.id);
    const list = `/api/v1/vaultholders?sponsorId=${sponsor.id}&limit=5`;
    const held = holdKeptSession(app);
    expect((await get(app, admin, list)).statusCode).toBe(200);
    expect((await get(app, admin, list)).statusCode).toBe(200);
    expect(held()).toBeDefined();

    app.sessionCache.revoke('*');
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, admin.userId));
    // A second error after the error handler would reach Fastify's own handler, which sends the
    // error's message and adds `statusCode` and `error` (the database outage test met it with a
    // failed query's text and its parameters).
    const refused = await get(app, admin, `${list}&limit=100000`);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json()).sort()).toEqual(['details', 'message']);
  });
});
