import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { packageSponsor, vaults } from '../../db/schema/index.js';
import { useTestApp } from '../../test/per-file-app.js';
import { packageFixtures } from './packages.fixtures.js';

const t = useTestApp();

const { audits, base, assignDirect, vaultOn } = packageFixtures(t);

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
