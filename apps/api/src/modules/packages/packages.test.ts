import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { basePackages, invitations, packageSponsor, users, vaultHolders, vaults } from '../../db/schema/index.js';
import { auditReader, useTestApp } from '../../test/per-file-app.js';

const t = useTestApp();

const audits = auditReader(t);
const GB = 1024 ** 3;

async function base(name: string, listPriceCents = 1000, extra: Partial<typeof basePackages.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(basePackages)
    .values({ name, storageQuotaBytes: 5 * GB, listPriceCents, ...extra })
    .returning();
  return row!;
}
async function assignDirect(sponsorId: number, packageId: number, priceSaleCents = 900) {
  const [row] = await t.db.insert(packageSponsor).values({ sponsorId, packageId, priceSaleCents }).returning();
  return row!;
}
let holderSeq = 0;
async function vaultOn(sponsorId: number, packageId: number | null) {
  holderSeq++;
  const [u] = await t.db
    .insert(users)
    .values({
      role: 'vault_holder',
      sponsorId,
      email: `holder${holderSeq}@test.local`,
      firstName: 'Holder',
      lastName: `N${holderSeq}`,
      statusId: 1,
    })
    .returning();
  await t.db.insert(vaultHolders).values({ userId: u!.id, sponsorId });
  const [v] = await t.db.insert(vaults).values({ holderUserId: u!.id, sponsorId, packageId, license: 'annual' }).returning();
  return { user: u!, vault: v! };
}

const basePayload = {
  name: 'Gold',
  description: 'For families',
  storageQuotaBytes: 50 * GB,
  listPrice: '19.99',
  currency: 'usd',
  billingPeriod: 'monthly',
  features: ['Shared folders', 'Priority support'],
};

describe('base packages', () => {
  it('sorts the catalogue by name, storage, list price, billing or portals on request, in list-price order otherwise', async () => {
    const staff = await t.signInStaff();
    const sponsor = await t.createSponsor('ACME');
    await base('Silver', 1000, { storageQuotaBytes: 10 * GB, billingPeriod: 'annual' });
    const gold = await base('Gold', 3000, { storageQuotaBytes: 1 * GB, billingPeriod: 'one_time' });
    await base('Bronze', 500, { storageQuotaBytes: 10 * GB });
    await assignDirect(sponsor.id, gold.id);
    const names = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/basepackages?${query}`, headers: staff.headers });
      expect(res.statusCode, query).toBe(200);
      return (res.json().data as { name: string }[]).map((p) => p.name);
    };
    expect(await names('')).toEqual(['Bronze', 'Silver', 'Gold']);
    expect(await names('sortBy=name')).toEqual(['Bronze', 'Gold', 'Silver']);
    expect(await names('sortBy=name&sortDir=desc&offset=1&limit=1')).toEqual(['Gold']);
    expect(await names('sortBy=listPrice&sortDir=desc')).toEqual(['Gold', 'Silver', 'Bronze']);
    // Equal storage keeps id order: Silver was created before Bronze.
    expect(await names('sortBy=storageQuotaBytes')).toEqual(['Gold', 'Silver', 'Bronze']);
    expect(await names('sortBy=billingPeriod')).toEqual(['Silver', 'Bronze', 'Gold']);
    expect(await names('sortBy=portalCount&sortDir=desc')).toEqual(['Gold', 'Bronze', 'Silver']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/basepackages?sortBy=description', headers: staff.headers });
    expect(bad.statusCode).toBe(400);
    const badDir = await t.app.inject({ method: 'GET', url: '/api/v1/basepackages?sortBy=name&sortDir=sideways', headers: staff.headers });
    expect(badDir.statusCode).toBe(400);
  });

  it('lets staff create, edit, retire and restore a base package, each audited; money is exact', async () => {
    const staff = await t.signInStaff();
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/basepackages', headers: staff.headers, payload: basePayload });
    expect(created.statusCode).toBe(201);
    const pkg = created.json();
    expect(pkg).toMatchObject({ name: 'Gold', listPrice: '19.99', listPriceCents: 1999, currency: 'USD', retired: false, portalCount: 0 });
    const [row] = await t.db.select().from(basePackages);
    expect(row!.listPriceCents).toBe(1999);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/basepackages/${pkg.id}`,
      headers: staff.headers,
      payload: { ...basePayload, listPrice: 24.5, billingPeriod: 'annual' },
    });
    expect(edited.json()).toMatchObject({ listPrice: '24.50', billingPeriod: 'annual' });
    const retired = await t.app.inject({
      method: 'POST',
      url: `/api/v1/basepackages/${pkg.id}/retire`,
      headers: staff.headers,
      payload: {},
    });
    expect(retired.json().retired).toBe(true);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/basepackages', headers: staff.headers });
    expect(list.json().total).toBe(0);
    const withRetired = await t.app.inject({ method: 'GET', url: '/api/v1/basepackages?includeRetired=true', headers: staff.headers });
    expect(withRetired.json()).toMatchObject({ total: 1, isEditable: true });
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/v1/basepackages/${pkg.id}/restore`,
      headers: staff.headers,
      payload: {},
    });
    expect(restored.json().retired).toBe(false);

    expect(await audits('base_package.create')).toHaveLength(1);
    const [upd] = await audits('base_package.update');
    expect(upd!.logJson).toMatchObject({
      changes: { listPriceCents: { from: 1999, to: 2450 }, billingPeriod: { from: 'monthly', to: 'annual' } },
    });
    expect(await audits('base_package.retire')).toHaveLength(1);
    expect(await audits('base_package.restore')).toHaveLength(1);
  });

  it('refuses bad input with 400 and a duplicate name with 409', async () => {
    const staff = await t.signInStaff();
    const bad = [
      { ...basePayload, listPrice: -1 },
      { ...basePayload, listPrice: '-5.00' },
      { ...basePayload, listPrice: 'ten' },
      { ...basePayload, listPrice: '1.999' },
      { ...basePayload, listPrice: 0.1 + 0.2 },
      { ...basePayload, storageQuotaBytes: -1 },
      { ...basePayload, billingPeriod: 'weekly' },
      { ...basePayload, currency: 'dollars' },
      { ...basePayload, name: '' },
      { ...basePayload, features: ['a', 'A'] },
      { ...basePayload, extra: 1 },
    ];
    for (const payload of bad) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/basepackages', headers: staff.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const neg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/basepackages',
      headers: staff.headers,
      payload: { ...basePayload, listPrice: '-5' },
    });
    expect(neg.json().message).toMatch(/cannot be negative/);
    await base('gold');
    const dup = await t.app.inject({ method: 'POST', url: '/api/v1/basepackages', headers: staff.headers, payload: basePayload });
    expect(dup.statusCode).toBe(409);
    expect((await t.db.select().from(basePackages)).length).toBe(1);
  });

  it('lets sponsor administrators read the catalogue but not change it', async () => {
    const a = await t.createSponsor('ALPHA');
    const gold = await base('Gold');
    const admin = await t.signInSponsorAdmin(a.id);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/basepackages', headers: admin.headers });
    expect(list.json()).toMatchObject({ total: 1, isEditable: false });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/basepackages', headers: admin.headers, payload: basePayload })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/v1/basepackages/${gold.id}`, headers: admin.headers, payload: basePayload }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/basepackages/${gold.id}/retire`, headers: admin.headers, payload: {} }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/basepackages/${gold.id}`, headers: admin.headers })).statusCode).toBe(403);
    expect((await t.db.select().from(basePackages))[0]!.retiredAt).toBeNull();
  });

  it('deletes an unused base package, and refuses one in use with 409 naming what uses it', async () => {
    const a = await t.createSponsor('ALPHA');
    const staff = await t.signInStaff();
    const unused = await base('Spare');
    const used = await base('Gold');
    await assignDirect(a.id, used.id);
    await t.db.insert(invitations).values({ sponsorId: a.id, type: 'open', inviteCode: 'WELCOME', packageId: used.id, max: 5 });
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/v1/basepackages/${used.id}`, headers: staff.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Gold cannot be deleted: it is assigned to 1 portal and named by 1 invitation. Retire it instead, so that it can no longer be assigned.',
    );
    const ok = await t.app.inject({ method: 'DELETE', url: `/api/v1/basepackages/${unused.id}`, headers: staff.headers });
    expect(ok.json()).toMatchObject({ statusType: 'success', message: 'Spare was deleted.' });
    expect((await t.db.select().from(basePackages)).map((b) => b.name)).toEqual(['Gold']);
    expect(await audits('base_package.delete')).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/basepackages/${unused.id}`, headers: staff.headers })).statusCode).toBe(
      404,
    );
  });
});

describe('active packages', () => {
  it('assigns a package with a decimal sale price, lists it with data and total, and audits it', async () => {
    const a = await t.createSponsor('ALPHA');
    const gold = await base('Gold', 1999);
    const admin = await t.signInStaff();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/packagesponsor',
      headers: admin.headers,
      payload: { id: gold.id, sponsorId: a.id, priceSale: 12.5 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      id: gold.id,
      priceSale: '12.50',
      priceSaleCents: 1250,
      currency: 'USD',
      SponsorCode: 'ALPHA',
      sponsorId: a.id,
      vaultCount: 0,
    });
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/packages?sponsorId=${a.id}`, headers: admin.headers });
    expect(list.json()).toMatchObject({ total: 1, activePage: 1, perPage: 20 });
    expect(list.json().data[0]).toMatchObject({
      id: gold.id,
      packageSponsorId: res.json().packageSponsorId,
      priceSale: '12.50',
      SponsorCode: 'ALPHA',
      name: 'Gold',
    });
    const [entry] = await audits('package_sponsor.assign');
    expect(entry).toMatchObject({ sponsorId: a.id, targetType: 'package_sponsor' });
    expect(entry!.logJson).toMatchObject({ packageId: gold.id, priceSaleCents: 1250, currency: 'USD' });
  });

  it('uses the list price when none is given; refuses assigning twice, a retired or unknown package, and bad prices', async () => {
    const a = await t.createSponsor('ALPHA');
    const gold = await base('Gold', 1999);
    const old = await base('Old', 500, { retiredAt: new Date() });
    const staff = await t.signInStaff();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/packagesponsor',
      headers: staff.headers,
      payload: { id: gold.id, sponsorId: a.id, SponsorCode: 'ALPHA' },
    });
    expect(first.json().priceSale).toBe('19.99');
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/v1/packagesponsor',
      headers: staff.headers,
      payload: { id: gold.id, sponsorId: a.id, priceSale: '10' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Gold is already assigned to ALPHA.');
    const retired = await t.app.inject({
      method: 'POST',
      url: '/api/v1/packagesponsor',
      headers: staff.headers,
      payload: { id: old.id, sponsorId: a.id },
    });
    expect(retired.statusCode).toBe(409);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/packagesponsor', headers: staff.headers, payload: { id: 999, sponsorId: a.id } }))
        .statusCode,
    ).toBe(404);
    for (const priceSale of [-1, '-0.01', 'abc', '1.234', '', '1e3', null]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/packagesponsor',
        headers: staff.headers,
        payload: { id: old.id, sponsorId: a.id, priceSale },
      });
      expect(res.statusCode, String(priceSale)).toBe(400);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/packagesponsor', headers: staff.headers, payload: { id: gold.id } })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/packagesponsor',
          headers: staff.headers,
          payload: { id: gold.id, sponsorId: a.id, SponsorCode: 'OTHER' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.db.select().from(packageSponsor)).length).toBe(1);
    expect(await audits('package_sponsor.assign')).toHaveLength(1);
  });

  it('changes the sale price with id, priceSale, packageSponsorId, sponsorId, SponsorCode, audited from and to', async () => {
    const a = await t.createSponsor('ALPHA');
    const gold = await base('Gold', 1999);
    const ps = await assignDirect(a.id, gold.id, 1500);
    const admin = await t.signInStaff();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/packagesponsor',
      headers: admin.headers,
      payload: { id: gold.id, priceSale: '17.25', packageSponsorId: ps.id, sponsorId: a.id, SponsorCode: 'ALPHA' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ priceSale: '17.25', priceSaleCents: 1725 });
    const [entry] = await audits('package_sponsor.reprice');
    expect(entry!.logJson).toMatchObject({ priceSaleCents: { from: 1500, to: 1725 } });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/packagesponsor',
      headers: admin.headers,
      payload: { id: gold.id, priceSale: -3, packageSponsorId: ps.id, sponsorId: a.id, SponsorCode: 'ALPHA' },
    });
    expect(bad.statusCode).toBe(400);
    const mismatch = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/packagesponsor',
      headers: admin.headers,
      payload: { id: gold.id + 1, priceSale: 3, packageSponsorId: ps.id, sponsorId: a.id },
    });
    expect(mismatch.statusCode).toBe(404);
    expect((await t.db.select().from(packageSponsor))[0]!.priceSaleCents).toBe(1725);
  });

  it("keeps another sponsor's packages out of reach: 403 by sponsor, 404 by id, nothing changed", async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    const gold = await base('Gold');
    const theirs = await assignDirect(b.id, gold.id, 800);
    const admin = await t.signInSponsorAdmin(a.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/packages?sponsorId=${b.id}`, headers: admin.headers })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/packages/filter?sponsorId=${b.id}`, headers: admin.headers })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/sponsors/getSponsorPackageList?id=${b.id}`, headers: admin.headers })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/vaultholders/users?sponsorId=${b.id}&packageId=${gold.id}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/packagesponsor',
          headers: admin.headers,
          payload: { id: gold.id, sponsorId: b.id, priceSale: 1 },
        })
      ).statusCode,
    ).toBe(403);
    // Their assignment named under our sponsor: refused (pricing is staff's) and not found for staff.
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/packagesponsor',
      headers: admin.headers,
      payload: { id: gold.id, priceSale: 1, packageSponsorId: theirs.id, sponsorId: a.id, SponsorCode: 'ALPHA' },
    });
    expect(put.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/packagesponsor/${theirs.id}`, headers: admin.headers })).statusCode).toBe(
      403,
    );
    const staff = await t.signInStaff();
    const named = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/packagesponsor',
      headers: staff.headers,
      payload: { id: gold.id, priceSale: 1, packageSponsorId: theirs.id, sponsorId: a.id, SponsorCode: 'ALPHA' },
    });
    expect(named.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/packagesponsor/${theirs.id}?sponsorId=${a.id}`, headers: staff.headers }))
        .statusCode,
    ).toBe(404);
    const rows = await t.db.select().from(packageSponsor);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.priceSaleCents).toBe(800);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/packages?sponsorId=0', headers: admin.headers })).statusCode).toBe(400);
  });

  it('leaves assigning, pricing and unassigning to staff: a sponsor administrator of the portal gets 403 and nothing changes', async () => {
    const a = await t.createSponsor('ALPHA');
    const gold = await base('Gold', 1999);
    const silver = await base('Silver', 999);
    const ps = await assignDirect(a.id, gold.id, 1500);
    const admin = await t.signInSponsorAdmin(a.id, { hasManageAdminsAccess: true, hasIntegrationAccess: true });
    const calls = [
      { method: 'POST' as const, url: '/api/v1/packagesponsor', payload: { id: silver.id, sponsorId: a.id, priceSale: 0 } },
      {
        method: 'PUT' as const,
        url: '/api/v1/packagesponsor',
        payload: { id: gold.id, priceSale: 0, packageSponsorId: ps.id, sponsorId: a.id, SponsorCode: 'ALPHA' },
      },
      { method: 'DELETE' as const, url: `/api/v1/packagesponsor/${ps.id}?sponsorId=${a.id}` },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: admin.headers });
      expect(res.statusCode, call.method).toBe(403);
      expect(res.json().message).toMatch(/staff/);
    }
    const rows = await t.db.select().from(packageSponsor);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.priceSaleCents).toBe(1500);
  });

  it('refuses to unassign a package while vaults use it, with the count, and unassigns it once free', async () => {
    const a = await t.createSponsor('ALPHA');
    const gold = await base('Gold');
    const ps = await assignDirect(a.id, gold.id, 1250);
    const v1 = await vaultOn(a.id, gold.id);
    const v2 = await vaultOn(a.id, gold.id);
    const admin = await t.signInStaff();
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/v1/packagesponsor/${ps.id}`, headers: admin.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Gold cannot be unassigned from ALPHA: 2 vaults use it. Move those vaults to another package first.',
    );
    expect(await t.db.select().from(packageSponsor)).toHaveLength(1);
    await t.db.update(vaults).set({ packageId: null }).where(eq(vaults.id, v1.vault.id));
    const one = await t.app.inject({ method: 'DELETE', url: `/api/v1/packagesponsor/${ps.id}`, headers: admin.headers });
    expect(one.json().message).toMatch(/1 vault uses it/);
    await t.db.update(vaults).set({ packageId: null }).where(eq(vaults.id, v2.vault.id));
    const ok = await t.app.inject({ method: 'DELETE', url: `/api/v1/packagesponsor/${ps.id}?sponsorId=${a.id}`, headers: admin.headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ statusType: 'success', message: 'Gold ($12.50) is no longer assigned to ALPHA.' });
    expect(await t.db.select().from(packageSponsor)).toHaveLength(0);
    const [entry] = await audits('package_sponsor.unassign');
    expect(entry!.logJson).toMatchObject({ packageId: gold.id, priceSaleCents: 1250 });
  });

  it('lists the vault holders of a package, paged, and counts them in the package list', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    const gold = await base('Gold');
    const silver = await base('Silver');
    await assignDirect(a.id, gold.id);
    await assignDirect(a.id, silver.id);
    await assignDirect(b.id, gold.id);
    for (let i = 0; i < 22; i++) await vaultOn(a.id, gold.id);
    await vaultOn(a.id, silver.id);
    await vaultOn(b.id, gold.id);
    const staff = await t.signInStaff();
    const page1 = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vaultholders/users?sponsorId=${a.id}&packageId=${gold.id}&offset=0&limit=20`,
      headers: staff.headers,
    });
    expect(page1.json()).toMatchObject({ total: 22, activePage: 1 });
    expect(page1.json().data).toHaveLength(20);
    expect(page1.json().data[0]).toMatchObject({ firstName: 'Holder', license: 'annual', statusId: 1 });
    const page2 = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vaultholders/users?sponsorId=${a.id}&packageId=${gold.id}&offset=20&limit=20`,
      headers: staff.headers,
    });
    expect(page2.json().data).toHaveLength(2);
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/packages?sponsorid=${a.id}`, headers: staff.headers });
    expect(list.json().data.map((p: { name: string; vaultCount: number }) => [p.name, p.vaultCount])).toEqual([
      ['Gold', 22],
      ['Silver', 1],
    ]);
    const unassigned = await base('Bronze');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/vaultholders/users?sponsorId=${a.id}&packageId=${unassigned.id}`,
          headers: staff.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/vaultholders/users?sponsorId=${a.id}`, headers: staff.headers })).statusCode,
    ).toBe(400);
  });

  it('answers the filter list and the sponsor catalogue with assigned flags', async () => {
    const a = await t.createSponsor('ALPHA');
    const gold = await base('Gold', 1999);
    const silver = await base('Silver', 999);
    await base('Old', 100, { retiredAt: new Date() });
    await assignDirect(a.id, gold.id, 1800);
    const admin = await t.signInSponsorAdmin(a.id);
    const filter = await t.app.inject({ method: 'GET', url: `/api/v1/packages/filter?sponsorId=${a.id}`, headers: admin.headers });
    expect(filter.json()).toEqual({
      total: 1,
      data: [
        { id: gold.id, packageSponsorId: expect.any(Number), name: 'Gold', priceSale: '18.00', currency: 'USD', billingPeriod: 'monthly' },
      ],
    });
    const all = await t.app.inject({ method: 'GET', url: `/api/v1/sponsors/getSponsorPackageList?id=${a.id}`, headers: admin.headers });
    expect(
      all.json().data.map((p: { name: string; assigned: boolean; priceSale: string | null }) => [p.name, p.assigned, p.priceSale]),
    ).toEqual([
      ['Silver', false, null],
      ['Gold', true, '18.00'],
    ]);
    const free = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sponsors/getSponsorPackageList?id=${a.id}&unassigned=true`,
      headers: admin.headers,
    });
    expect(free.json()).toMatchObject({ total: 1, data: [{ id: silver.id, listPrice: '9.99' }] });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/getSponsorPackageList?id=9999', headers: admin.headers })).statusCode,
    ).toBe(404);
  });
});
