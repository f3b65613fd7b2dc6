import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  basePackages,
  packageSponsor,
  sessions,
  sponsorCategories,
  sponsors,
  users,
  vaultHolders,
  vaults,
} from '../../db/schema/index.js';
import { auditReader, useTestApp } from '../../test/per-file-app.js';

const t = useTestApp();

const audits = auditReader(t);

const newSponsor = {
  sponsorCode: 'ZETA',
  name: 'Zeta Private Wealth',
  contactName: 'Ana Lima',
  contactEmail: 'ana@zeta.example',
  contactPhone: '(555) 010-2222',
  statusId: 1,
  hasCategory: true,
  categories: ['Retail', 'Premium'],
};

describe('POST /api/v1/sponsors', () => {
  it('lets staff create a sponsor with categories, finds it in the dropdown list, and audits it', async () => {
    const staff = await t.signInStaff();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/sponsors', headers: staff.headers, payload: newSponsor });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      sponsorCode: 'ZETA',
      name: 'Zeta Private Wealth',
      contactEmail: 'ana@zeta.example',
      hasCategory: true,
      administratorCount: 0,
    });
    expect(body.categories.sort()).toEqual(['Premium', 'Retail']);
    const dropdown = await t.app.inject({ method: 'GET', url: '/api/v1/sponsors', headers: staff.headers });
    expect(dropdown.json().data.map((s: { sponsorCode: string }) => s.sponsorCode)).toContain('ZETA');
    const [entry] = await audits('sponsor.create');
    expect(entry).toMatchObject({ sponsorId: body.id, targetType: 'sponsor', targetId: String(body.id), actorUserId: staff.userId });
    expect(entry!.logJson).toMatchObject({ sponsorCode: 'ZETA', name: 'Zeta Private Wealth' });
  });

  it('answers 409 for a duplicate code in any case, and creates nothing', async () => {
    await t.createSponsor('ZETA');
    const staff = await t.signInStaff();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sponsors',
      headers: staff.headers,
      payload: { ...newSponsor, sponsorCode: 'zeta' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already used/);
    expect((await t.db.select().from(sponsors)).length).toBe(1);
    expect(await audits('sponsor.create')).toHaveLength(0);
  });

  it('answers 400 for bad input and unknown fields', async () => {
    const staff = await t.signInStaff();
    const bad = [
      { ...newSponsor, sponsorCode: 'a b' },
      { ...newSponsor, sponsorCode: '' },
      { ...newSponsor, name: '' },
      { ...newSponsor, name: 'Bad <name>' },
      { ...newSponsor, contactEmail: 'not-an-email' },
      { ...newSponsor, statusId: 3 },
      { ...newSponsor, categories: ['A', 'a'] },
      { ...newSponsor, extra: true },
    ];
    for (const payload of bad) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/sponsors', headers: staff.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details.length).toBeGreaterThan(0);
    }
    expect((await t.db.select().from(sponsors)).length).toBe(0);
  });

  it('refuses sponsor administrators with 403', async () => {
    const a = await t.createSponsor('ALPHA');
    const admin = await t.signInSponsorAdmin(a.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/sponsors', headers: admin.headers, payload: newSponsor });
    expect(res.statusCode).toBe(403);
    expect((await t.db.select().from(sponsors)).length).toBe(1);
  });
});

describe('GET /api/v1/sponsors/list', () => {
  it('pages and searches by name or code for staff', async () => {
    for (let i = 0; i < 25; i++) await t.createSponsor(`S${String(i).padStart(2, '0')}`, i === 7 ? 'Harbor 100% Trust' : undefined);
    const staff = await t.signInStaff();
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/list?offset=0&limit=20', headers: staff.headers });
    expect(first.json()).toMatchObject({ total: 25, activePage: 1, perPage: 20 });
    expect(first.json().data).toHaveLength(20);
    expect(first.json().data[0]).toMatchObject({ sponsorCode: 'S00', administratorCount: 0, vaultCount: 0, packageCount: 0 });
    const second = await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/list?offset=20&limit=20', headers: staff.headers });
    expect(second.json().data).toHaveLength(5);
    const byName = await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/list?search=100%25', headers: staff.headers });
    expect(byName.json().data.map((s: { sponsorCode: string }) => s.sponsorCode)).toEqual(['S07']);
    const byCode = await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/list?search=s2', headers: staff.headers });
    expect(byCode.json().total).toBe(5);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/list?limit=500', headers: staff.headers })).statusCode).toBe(400);
  });

  it('sorts by code, name, contact or status on request, in code order otherwise, and refuses another sortBy', async () => {
    const staff = await t.signInStaff();
    await t.createSponsor('BRAVO', 'Alpine Trust');
    const charlie = await t.createSponsor('CHARLIE', 'Cedar Bank');
    await t.createSponsor('ALPHA', 'Birch Wealth');
    await t.db.update(sponsors).set({ statusId: 2, contactName: 'Ana' }).where(eq(sponsors.id, charlie.id));
    const codes = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/sponsors/list?${query}`, headers: staff.headers });
      expect(res.statusCode, query).toBe(200);
      return (res.json().data as { sponsorCode: string }[]).map((s) => s.sponsorCode);
    };
    expect(await codes('')).toEqual(['ALPHA', 'BRAVO', 'CHARLIE']);
    expect(await codes('sortBy=sponsorCode&sortDir=desc')).toEqual(['CHARLIE', 'BRAVO', 'ALPHA']);
    expect(await codes('sortBy=name')).toEqual(['BRAVO', 'ALPHA', 'CHARLIE']);
    expect(await codes('sortBy=name&sortDir=desc&offset=1&limit=1')).toEqual(['ALPHA']);
    // Inactive after Active; the two Active ones in id order.
    expect(await codes('sortBy=status&sortDir=desc')).toEqual(['CHARLIE', 'ALPHA', 'BRAVO']);
    // No contact comes first going up.
    expect(await codes('sortBy=contactName')).toEqual(['BRAVO', 'ALPHA', 'CHARLIE']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/list?sortBy=id', headers: staff.headers });
    expect(bad.statusCode).toBe(400);
    const badDir = await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/list?sortBy=name&sortDir=up', headers: staff.headers });
    expect(badDir.statusCode).toBe(400);
  });

  it('shows a sponsor administrator their own portal only', async () => {
    const a = await t.createSponsor('ALPHA');
    await t.createSponsor('BETA');
    const admin = await t.signInSponsorAdmin(a.id);
    const [pkg] = await t.db.insert(basePackages).values({ name: 'Gold', storageQuotaBytes: 1, listPriceCents: 100 }).returning();
    await t.db.insert(packageSponsor).values({ sponsorId: a.id, packageId: pkg!.id, priceSaleCents: 100 });
    const [holder] = await t.db
      .insert(users)
      .values({ role: 'vault_holder', sponsorId: a.id, email: 'h@alpha.test', firstName: 'H', lastName: 'H' })
      .returning();
    await t.db.insert(vaultHolders).values({ userId: holder!.id, sponsorId: a.id });
    await t.db.insert(vaults).values({ holderUserId: holder!.id, sponsorId: a.id, packageId: pkg!.id });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/list', headers: admin.headers });
    expect(res.json()).toMatchObject({ total: 1, isEditable: false });
    expect(res.json().data[0]).toMatchObject({ sponsorCode: 'ALPHA', administratorCount: 1, packageCount: 1, vaultCount: 1 });
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/sponsors/${a.id}`, headers: admin.headers });
    expect(detail.json()).toMatchObject({ administratorCount: 1, packageCount: 1, vaultCount: 1 });
  });
});

describe('GET and PUT /api/v1/sponsors/{id}', () => {
  it('lets a sponsor administrator read and edit their own sponsor, audited with what changed', async () => {
    const a = await t.createSponsor('ALPHA');
    const admin = await t.signInSponsorAdmin(a.id);
    const got = await t.app.inject({ method: 'GET', url: `/api/v1/sponsors/${a.id}`, headers: admin.headers });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ sponsorCode: 'ALPHA', name: 'ALPHA Wealth', categories: [] });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/sponsors/${a.id}`,
      headers: admin.headers,
      payload: { name: 'ALPHA Wealth', contactEmail: 'desk@alpha.example', categories: ['Gold'], hasCategory: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'ALPHA Wealth',
      contactEmail: 'desk@alpha.example',
      categories: ['Gold'],
      hasCategory: true,
      statusId: 1,
    });
    const [entry] = await audits('sponsor.update');
    expect(entry!.sponsorId).toBe(a.id);
    expect(entry!.logJson).toMatchObject({
      changes: { contactEmail: { to: 'desk@alpha.example' }, categories: { from: [], to: ['Gold'] } },
    });
    // Renaming the portal is the operator's: 403 naming who may, and nothing changes.
    const rename = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/sponsors/${a.id}`,
      headers: admin.headers,
      payload: { name: 'Alpha Family Office', contactEmail: 'other@alpha.example' },
    });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().message).toBe('Only the service staff may rename a portal.');
    const [row] = await t.db.select().from(sponsors).where(eq(sponsors.id, a.id));
    expect(row).toMatchObject({ name: 'ALPHA Wealth', contactEmail: 'desk@alpha.example' });
    expect(await audits('sponsor.update')).toHaveLength(1);
    const staff = await t.signInStaff();
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/sponsors/${a.id}`,
      headers: staff.headers,
      payload: { name: 'Alpha Family Office' },
    });
    expect(renamed.json().name).toBe('Alpha Family Office');
  });

  it("refuses another sponsor's portal with 403 and changes nothing; unknown ids are 404", async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    const admin = await t.signInSponsorAdmin(a.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/sponsors/${b.id}`, headers: admin.headers })).statusCode).toBe(403);
    const put = await t.app.inject({ method: 'PUT', url: `/api/v1/sponsors/${b.id}`, headers: admin.headers, payload: { name: 'Hacked' } });
    expect(put.statusCode).toBe(403);
    const [row] = await t.db.select().from(sponsors).where(eq(sponsors.id, b.id));
    expect(row!.name).toBe('BETA Wealth');
    const staff = await t.signInStaff();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/9999', headers: staff.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/abc', headers: staff.headers })).statusCode).toBe(400);
  });

  it('lets only staff change the status; bad input is 400', async () => {
    const a = await t.createSponsor('ALPHA');
    const admin = await t.signInSponsorAdmin(a.id);
    const denied = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/sponsors/${a.id}`,
      headers: admin.headers,
      payload: { name: 'ALPHA Wealth', statusId: 2 },
    });
    expect(denied.statusCode).toBe(403);
    const staff = await t.signInStaff();
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/sponsors/${a.id}`,
      headers: staff.headers,
      payload: { name: 'ALPHA Wealth', statusId: 2 },
    });
    expect(ok.json().statusId).toBe(2);
    const code = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/sponsors/${a.id}`,
      headers: staff.headers,
      payload: { name: 'X', sponsorCode: 'NEW' },
    });
    expect(code.statusCode).toBe(400);
    const phone = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/sponsors/${a.id}`,
      headers: staff.headers,
      payload: { name: 'X', contactPhone: 'call me' },
    });
    expect(phone.statusCode).toBe(400);
  });
});

describe('GET /api/v1/fvcore/sponsors/permission/list', () => {
  it('answers the categories and the hasCategory flag', async () => {
    const a = await t.createSponsor('ALPHA');
    await t.db.update(sponsors).set({ hasCategory: true }).where(eq(sponsors.id, a.id));
    await t.db.insert(sponsorCategories).values([
      { sponsorId: a.id, name: 'Retail' },
      { sponsorId: a.id, name: 'Gold' },
    ]);
    const admin = await t.signInSponsorAdmin(a.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/fvcore/sponsors/permission/list?sponsorId=${a.id}&group=&sponsorOnly=true`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hasCategory: true, total: 2 });
    expect(res.json().data.map((c: { name: string }) => c.name)).toEqual(['Gold', 'Retail']);
    const unknownGroup = await t.app.inject({
      method: 'GET',
      url: `/api/v1/fvcore/sponsors/permission/list?sponsorId=${a.id}&group=NOPE&sponsorOnly=true`,
      headers: admin.headers,
    });
    expect(unknownGroup.statusCode).toBe(404);
  });

  it("refuses another sponsor's categories and a missing sponsor", async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    const admin = await t.signInSponsorAdmin(a.id);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/fvcore/sponsors/permission/list?sponsorId=${b.id}&sponsorOnly=true`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/fvcore/sponsors/permission/list?sponsorId=0&sponsorOnly=true',
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('POST /api/v1/sponsors/{sponsorCode}/reset-mfa', () => {
  const enrolAll = async () => t.db.update(users).set({ mfaEnabled: true, mfaSecret: 'secret' });

  it('previews the count, resets MFA for every administrator of that sponsor, ends their sessions and audits each', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    await t.signInSponsorAdmin(a.id, {}, 'one@alpha.test');
    await t.signInSponsorAdmin(a.id, {}, 'two@alpha.test');
    await t.signInSponsorAdmin(b.id, {}, 'one@beta.test');
    const staff = await t.signInStaff();
    await enrolAll();
    const preview = await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/ALPHA/reset-mfa', headers: staff.headers });
    expect(preview.json()).toMatchObject({ sponsorCode: 'ALPHA', count: 2 });
    expect(preview.json().message).toMatch(/2 administrators/);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/sponsors/ALPHA/reset-mfa', headers: staff.headers, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ statusType: 'success', errorMsg: null, output: { count: 2 } });
    const all = await t.db.select().from(users);
    expect(all.filter((u) => u.sponsorId === a.id).every((u) => !u.mfaEnabled && u.mfaSecret === null)).toBe(true);
    expect(all.find((u) => u.email === 'one@beta.test')!.mfaEnabled).toBe(true);
    const alphaIds = all.filter((u) => u.sponsorId === a.id).map((u) => u.id);
    const ended = (await t.db.select().from(sessions)).filter((s) => alphaIds.includes(s.userId));
    expect(ended.every((s) => s.revokedAt !== null)).toBe(true);
    expect(await audits('sponsor_admin.reset_mfa')).toHaveLength(2);
    expect((await audits('sponsor.reset_mfa'))[0]!.logJson).toMatchObject({ sponsorCode: 'ALPHA', count: 2 });
    expect(JSON.stringify(await t.db.select().from(auditLog))).not.toContain('secret');
  });

  it('needs hasManageMfaAccess, refuses another sponsor, and leaves the caller enrolled', async () => {
    const a = await t.createSponsor('ALPHA');
    await t.createSponsor('BETA');
    const plain = await t.signInSponsorAdmin(a.id, {}, 'plain@alpha.test');
    const mfa = await t.signInSponsorAdmin(a.id, { hasManageMfaAccess: true }, 'mfa@alpha.test');
    await enrolAll();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/sponsors/ALPHA/reset-mfa', headers: plain.headers, payload: {} })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/sponsors/BETA/reset-mfa', headers: mfa.headers, payload: {} })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/sponsors/ALPHA/reset-mfa', headers: mfa.headers, payload: { all: true } }))
        .statusCode,
    ).toBe(400);
    expect((await t.db.select().from(users)).every((u) => u.mfaEnabled)).toBe(true);
    const preview = await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/alpha/reset-mfa', headers: mfa.headers });
    expect(preview.json().count).toBe(1);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/sponsors/alpha/reset-mfa', headers: mfa.headers, payload: {} });
    expect(res.json().output).toEqual({ count: 1 });
    const after = await t.db.select().from(users);
    expect(after.find((u) => u.email === 'plain@alpha.test')!.mfaEnabled).toBe(false);
    expect(after.find((u) => u.email === 'mfa@alpha.test')!.mfaEnabled).toBe(true);
  });
});
