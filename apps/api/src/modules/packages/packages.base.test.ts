import { describe, expect, it } from 'vitest';
import { basePackages, invitations } from '../../db/schema/index.js';
import { useTestApp } from '../../test/per-file-app.js';
import { GB, packageFixtures } from './packages.fixtures.js';

const t = useTestApp();

const { audits, base, assignDirect } = packageFixtures(t);

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
