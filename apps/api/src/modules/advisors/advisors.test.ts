import { STATUS } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.js';
import { auditReader, injector, twoSponsorsAndStaff, useTestApp } from '../../test/per-file-app.js';

const t = useTestApp();

const inject = injector(t);

async function setup() {
  const { a, b, staff } = await twoSponsorsAndStaff(t);
  const addRep = async (sponsorId: number, email: string, firstName = 'Ann') => {
    const res = await inject(staff, 'POST', `/api/v1/sponsoredadvisor?sponsorId=${sponsorId}`, { email, firstName, lastName: 'Lee' });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json() as { id: number; userId: number };
  };
  const inA = await addRep(a.id, 'in.a@advisors.example', 'Alpha');
  const inB = await addRep(b.id, 'in.b@advisors.example', 'Bravo');
  await addRep(a.id, 'in.b@advisors.example');
  const onlyB = await addRep(b.id, 'only.b@advisors.example', 'Charlie');
  return { a, b, staff, inA, inB, onlyB };
}
const audits = auditReader(t);

describe('GET /api/v1/advisors/ and search', () => {
  it('shows staff every advisor and a sponsor administrator only those linked to their sponsor', async () => {
    const { a, staff } = await setup();
    const all = await inject(staff, 'GET', '/api/v1/advisors/?offset=0&limit=20');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 3, activePage: 1, perPage: 20 });
    const bravo = all.json().data.find((r: { firstName: string }) => r.firstName === 'Bravo');
    expect(bravo).toMatchObject({ sponsorCount: 2, status: 'Pending activation', ownerEmail: 'staff@test.local' });
    expect((await inject(staff, 'GET', '/api/v1/advisors?offset=0&limit=2')).json().data).toHaveLength(2);
    const admin = await t.signInSponsorAdmin(a.id);
    const own = await inject(admin, 'GET', `/api/v1/advisors/?sponsorid=${a.id}&offset=0&limit=20`);
    expect(
      own
        .json()
        .data.map((r: { firstName: string }) => r.firstName)
        .sort(),
    ).toEqual(['Alpha', 'Bravo']);
    expect(own.json().data.find((r: { firstName: string }) => r.firstName === 'Bravo').sponsorCount).toBe(1);
    expect((await inject(admin, 'GET', '/api/v1/advisors/')).json().total).toBe(2);
  });

  it('searches by field, refuses unknown fields and another sponsor', async () => {
    const { a, b, staff } = await setup();
    const s = await inject(staff, 'POST', '/api/v1/advisors/search?offset=0&limit=20', { fieldName: 'email', fieldValue: 'ONLY.B' });
    expect(s.json().data.map((r: { firstName: string }) => r.firstName)).toEqual(['Charlie']);
    expect((await inject(staff, 'POST', '/api/v1/advisors/search', { fieldName: 'all', fieldValue: 'lee' })).json().total).toBe(3);
    expect((await inject(staff, 'POST', '/api/v1/advisors/search', { fieldName: 'role', fieldValue: 'x' })).statusCode).toBe(400);
    expect((await inject(staff, 'POST', '/api/v1/advisors/search', { fieldName: 'all', fieldValue: 'x', extra: 1 })).statusCode).toBe(400);
    const admin = await t.signInSponsorAdmin(a.id);
    expect(
      (await inject(admin, 'POST', `/api/v1/advisors/search?sponsorid=${a.id}`, { fieldName: 'firstName', fieldValue: 'charlie' })).json()
        .total,
    ).toBe(0);
    expect(
      (await inject(admin, 'POST', `/api/v1/advisors/search?sponsorid=${b.id}`, { fieldName: 'all', fieldValue: '' })).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/v1/advisors/{id}', () => {
  it('shows the advisor and their portals; a sponsor administrator sees only their own link, and 404 for others', async () => {
    const { a, staff, inB, onlyB } = await setup();
    const res = await inject(staff, 'GET', `/api/v1/advisors/${inB.userId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().sponsors.map((s: { sponsorCode: string }) => s.sponsorCode)).toEqual(['ACME', 'BETA']);
    const admin = await t.signInSponsorAdmin(a.id);
    const own = await inject(admin, 'GET', `/api/v1/advisors/${inB.userId}?sponsorid=${a.id}`);
    expect(own.json().sponsors.map((s: { sponsorCode: string }) => s.sponsorCode)).toEqual(['ACME']);
    expect((await inject(admin, 'GET', `/api/v1/advisors/${onlyB.userId}`)).statusCode).toBe(404);
    expect((await inject(staff, 'GET', '/api/v1/advisors/999999')).statusCode).toBe(404);
    expect((await inject(staff, 'GET', '/api/v1/advisors/abc')).statusCode).toBe(400);
  });
});

describe('trusted collaborator account actions', () => {
  it('activates with statusId 1 and deactivates with statusId 2 through PUT /activate, audited', async () => {
    const { a, staff, inA } = await setup();
    const body = { id: inA.userId, firstName: 'Alpha', lastName: 'Lee', email: 'in.a@advisors.example' };
    const on = await inject(staff, 'PUT', `/api/v1/advisors/activate?sponsorid=${a.id}`, { ...body, statusId: 1 });
    expect(on.json()).toMatchObject({ statusType: 'success', message: 'Alpha Lee is now active.' });
    await t.db.insert(sessions).values({ tokenHash: 'adv', userId: inA.userId, expiresAt: new Date(Date.now() + 3600_000) });
    const off = await inject(staff, 'PUT', `/api/v1/advisors/activate?sponsorid=${a.id}`, { ...body, statusId: 2 });
    expect(off.json().message).toBe('Alpha Lee is now inactive.');
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, inA.userId)))[0]!.revokedAt).not.toBeNull();
    const [act] = await audits('advisor.activate');
    expect(act).toMatchObject({ sponsorId: a.id, targetType: 'advisor', targetId: String(inA.userId) });
    expect(await audits('advisor.deactivate')).toHaveLength(1);
    expect((await inject(staff, 'PUT', `/api/v1/advisors/activate?sponsorid=${a.id}`, { ...body, statusId: 4 })).statusCode).toBe(400);
    expect(
      (await inject(staff, 'PUT', `/api/v1/advisors/activate?sponsorid=${a.id}`, { ...body, email: 'bad', statusId: 1 })).statusCode,
    ).toBe(400);
    expect((await inject(staff, 'PUT', `/api/v1/advisors/${inA.userId}/deactivate?sponsorid=${a.id}`)).json().message).toMatch(
      /already inactive/,
    );
  });

  it('resets the password of an active advisor and resends activation to a pending one', async () => {
    const { a, staff, inA, inB } = await setup();
    await inject(staff, 'PUT', `/api/v1/advisors/activate?sponsorid=${a.id}`, { id: inA.userId, statusId: 1 });
    const reset = await inject(staff, 'PUT', `/api/v1/advisors/resetpassword?sponsorid=${a.id}`, {
      id: inA.userId,
      firstName: 'Alpha',
      lastName: 'Lee',
      email: 'in.a@advisors.example',
    });
    expect(reset.json().message).toMatch(/password reset link/);
    expect((await inject(staff, 'PUT', '/api/v1/advisors/resetpassword', { id: inB.userId })).statusCode).toBe(409);
    expect((await inject(staff, 'POST', `/api/v1/advisors/${inB.userId}/activation-email`)).json().statusType).toBe('success');
    expect(await audits('advisor.password_reset')).toHaveLength(1);
    expect(await audits('advisor.activation_email')).toHaveLength(1);
  });

  it('lets a sponsor administrator act only on advisors of their sponsor (404 otherwise, nothing changed)', async () => {
    const { a, b, onlyB, inB } = await setup();
    const admin = await t.signInSponsorAdmin(a.id, { hasManageMfaAccess: true });
    expect((await inject(admin, 'PUT', `/api/v1/advisors/activate?sponsorid=${a.id}`, { id: onlyB.userId, statusId: 1 })).statusCode).toBe(
      404,
    );
    expect((await inject(admin, 'PUT', `/api/v1/advisors/activate?sponsorid=${b.id}`, { id: onlyB.userId, statusId: 1 })).statusCode).toBe(
      403,
    );
    expect((await inject(admin, 'PUT', `/api/v1/advisors/${onlyB.userId}/deactivate`)).statusCode).toBe(404);
    expect((await inject(admin, 'POST', `/api/v1/advisors/${onlyB.userId}/reset-mfa?sponsorId=${a.id}`, {})).statusCode).toBe(404);
    expect((await t.db.select().from(users).where(eq(users.id, onlyB.userId)))[0]!.statusId).toBe(STATUS.pending);
    expect((await inject(admin, 'PUT', `/api/v1/advisors/activate?sponsorid=${a.id}`, { id: inB.userId, statusId: 1 })).statusCode).toBe(
      200,
    );
  });

  it("resets MFA with hasManageMfaAccess only, ends the advisor's sessions and audits; needs a sponsor", async () => {
    const { a, inA } = await setup();
    await t.db.update(users).set({ mfaEnabled: true, mfaSecret: 'S' }).where(eq(users.id, inA.userId));
    await t.db.insert(sessions).values({ tokenHash: 'adv2', userId: inA.userId, expiresAt: new Date(Date.now() + 3600_000) });
    const without = await t.signInSponsorAdmin(a.id, { hasArchiveVaultAccess: true });
    const denied = await inject(without, 'POST', `/api/v1/advisors/${inA.userId}/reset-mfa?sponsorId=${a.id}`, {});
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toMatch(/hasManageMfaAccess/);
    const admin = await t.signInSponsorAdmin(a.id, { hasManageMfaAccess: true }, 'mfa@acme.example');
    expect((await inject(admin, 'POST', `/api/v1/advisors/${inA.userId}/reset-mfa`, {})).statusCode).toBe(400);
    const ok = await inject(admin, 'POST', `/api/v1/advisors/${inA.userId}/reset-mfa?sponsorId=${a.id}`, {});
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ statusType: 'success', message: 'MFA was reset for in.a@advisors.example.' });
    expect((await t.db.select().from(users).where(eq(users.id, inA.userId)))[0]).toMatchObject({ mfaEnabled: false, mfaSecret: null });
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, inA.userId)))[0]!.revokedAt).not.toBeNull();
    const [entry] = await audits('advisor.reset_mfa');
    expect(entry).toMatchObject({ sponsorId: a.id, actorUserId: admin.userId, targetType: 'advisor', targetId: String(inA.userId) });
    expect(JSON.stringify(entry!.logJson)).not.toContain('"S"');
  });

  it('documents every call in the OpenAPI', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    // The list is served at /api/v1/advisors/ and /api/v1/advisors; the document lists it without the slash.
    for (const p of [
      '',
      '/search',
      '/activate',
      '/resetpassword',
      '/{id}',
      '/{id}/deactivate',
      '/{id}/activation-email',
      '/{userId}/reset-mfa',
    ]) {
      expect(Object.keys(paths)).toContain(`/api/v1/advisors${p}`);
    }
    expect(paths['/api/v1/advisors/{userId}/reset-mfa'].post.description).toMatch(/hasManageMfaAccess/);
  });
});
