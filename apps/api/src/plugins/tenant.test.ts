import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.js';
import { injector, useTestApp } from '../test/per-file-app.js';

const t = useTestApp();
const call = injector(t);

/**
 * The session's statement also reads the sponsor id the address names (plugins/auth.ts), and tenant
 * uses that read instead of its own: the rules come out the same whichever way the sponsor is named.
 */
describe('the sponsor the address names, read with the session', () => {
  it('answers 404 for a portal that does not exist, by id in the query or beside a body', async () => {
    const staff = await t.signInStaff();
    const list = await call(staff, 'GET', '/api/v1/vaultholders?sponsorId=987654');
    expect(list.statusCode).toBe(404);
    expect(list.json().message).toMatch(/^The portal/);
    const create = await call(staff, 'POST', '/api/v1/invitations?sponsorid=987654&itype=open', {});
    expect(create.statusCode).toBe(404);
    expect(create.json().message).toMatch(/^The portal/);
  });

  it('refuses a sponsor administrator naming another portal (403) and serves their own', async () => {
    const a = await t.createSponsor('ACME');
    const b = await t.createSponsor('BETA');
    const admin = await t.signInSponsorAdmin(a.id);
    const other = await call(admin, 'GET', `/api/v1/vaultholders?sponsorId=${b.id}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You may not work in this portal.');
    // Named another way (case, underscore), the same portal is refused the same way.
    expect((await call(admin, 'GET', `/api/v1/vaultholders?sponsor_id=${b.id}`)).statusCode).toBe(403);
    expect((await call(admin, 'GET', `/api/v1/vaultholders?sponsorId=${a.id}`)).statusCode).toBe(200);
  });

  it('lets staff work in any portal, and the list names the portal it read', async () => {
    const a = await t.createSponsor('ACME');
    const b = await t.createSponsor('BETA');
    const staff = await t.signInStaff();
    for (const s of [a, b]) {
      const res = await call(staff, 'GET', `/api/v1/vaultholders?sponsorId=${s.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(0);
    }
  });

  it('answers 400 when the body names another portal than the address, by id or by code', async () => {
    const a = await t.createSponsor('ACME');
    const b = await t.createSponsor('BETA');
    const staff = await t.signInStaff();
    const byId = await call(staff, 'POST', `/api/v1/invitations?sponsorid=${a.id}&itype=open`, { sponsorId: b.id });
    expect(byId.statusCode).toBe(400);
    expect(byId.json().message).toBe('The call names more than one portal.');
    const byCode = await call(staff, 'POST', `/api/v1/invitations?sponsorid=${a.id}&itype=open`, { sponsorCode: 'beta' });
    expect(byCode.statusCode).toBe(400);
    expect(byCode.json().message).toBe('The call names more than one portal.');
    // The same portal named twice is one portal.
    const same = await call(staff, 'POST', `/api/v1/invitations?sponsorid=${a.id}&itype=open`, { sponsorId: a.id, sponsorCode: 'acme' });
    expect(same.statusCode).toBeLessThan(500);
    expect(same.json().message).not.toBe('The call names more than one portal.');
  });

  it('answers ids no portal can have with 4xx, never 5xx', async () => {
    const staff = await t.signInStaff();
    for (const id of ['2147483648', '99999999999999999999', '1.5', '-1', '0x10']) {
      const res = await call(staff, 'GET', `/api/v1/vaultholders?sponsorId=${id}`);
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
    }
  });

  it('reads nothing for a revoked session: 401 on its next call, whatever portal it names', async () => {
    const a = await t.createSponsor('ACME');
    const staff = await t.signInStaff();
    expect((await call(staff, 'GET', `/api/v1/vaultholders?sponsorId=${a.id}`)).statusCode).toBe(200);
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, staff.userId));
    expect((await call(staff, 'GET', `/api/v1/vaultholders?sponsorId=${a.id}`)).statusCode).toBe(401);
    expect((await call(staff, 'GET', '/api/v1/vaultholders?sponsorId=987654')).statusCode).toBe(401);
  });
});
