import type { OverviewResponse } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { parseCsv } from '../../lib/csv.js';
import { createVault, useVaultApp, vaultBody } from './vaults.fixtures.js';

const { t, w, admin, adminB, staff, req } = useVaultApp();

// Creation times around UTC midnights: a UTC day is the unit the Overview counts in.
const SEEDS = [
  { at: '2026-03-01T23:59:59.000Z', activated: true, gold: true }, // Sunday
  { at: '2026-03-02T00:00:00.000Z', activated: false, gold: true }, // Monday: a new week
  { at: '2026-03-04T12:00:00.000Z', activated: true, gold: false },
  { at: '2026-03-08T23:59:59.999Z', activated: true, gold: true }, // Sunday: still that week
  { at: '2026-03-09T00:00:00.000Z', activated: false, gold: false },
  { at: '2026-03-20T08:00:00.000Z', activated: true, gold: true },
];

describe('vault list filters: created days, activated, exact package (decision 0048)', () => {
  async function seed() {
    const made = [];
    for (const [i, s] of SEEDS.entries()) {
      const h = await createVault(
        t,
        admin,
        w.a.id,
        vaultBody({ email: `filter${i}@example.com`, packageId: s.gold ? w.gold.id : w.silver.id }),
      );
      await t.db
        .update(users)
        .set({ createdAt: new Date(s.at), activatedAt: s.activated ? new Date(Date.parse(s.at) + 3_600_000) : null })
        .where(eq(users.id, h.id));
      made.push({ ...h, ...s });
    }
    // Another portal's holder on the same days: never in portal A's list.
    const other = await createVault(t, adminB, w.b.id, vaultBody({ email: 'other-portal@example.com', packageId: w.gold.id }));
    await t.db
      .update(users)
      .set({ createdAt: new Date('2026-03-03T10:00:00Z'), activatedAt: new Date('2026-03-03T11:00:00Z') })
      .where(eq(users.id, other.id));
    return made;
  }
  const within = (from: string, to: string) => (s: { at: string }) => s.at.slice(0, 10) >= from && s.at.slice(0, 10) <= to;
  const ids = (body: { data: { id: number }[] }) => body.data.map((d) => d.id);

  it('keeps the holders created in a range of UTC days, both days included, in the GET, the search and the export', async () => {
    const made = await seed();
    const week = made.filter(within('2026-03-02', '2026-03-08'));
    expect(week).toHaveLength(3);
    const res = await req(admin, 'GET', `/api/v1/vaultholders?sponsorId=${w.a.id}&createdFrom=2026-03-02&createdTo=2026-03-08`);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(week.length);
    expect(ids(res.json())).toEqual(week.map((h) => h.id));

    // Paged: the total still counts every match.
    const paged = await req(admin, 'GET', `/api/v1/vaultholders?sponsorId=${w.a.id}&createdFrom=2026-03-01&limit=2&offset=2`);
    expect(paged.json().total).toBe(made.length);
    expect(ids(paged.json())).toEqual(made.slice(2, 4).map((h) => h.id));

    // One bound only.
    const upTo = await req(admin, 'GET', `/api/v1/vaultholders?sponsorId=${w.a.id}&createdTo=2026-03-01`);
    expect(ids(upTo.json())).toEqual([made[0]!.id]);

    // With a search (POST) and sorted.
    const searched = await req(
      admin,
      'POST',
      `/api/v1/vaultholders/search?sponsorId=${w.a.id}&createdFrom=2026-03-02&createdTo=2026-03-08&sortBy=email&sortDir=desc`,
      { fieldName: 'package', fieldValue: 'Gold' },
    );
    expect(searched.statusCode).toBe(200);
    const goldWeek = week.filter((h) => h.gold);
    expect(searched.json().total).toBe(goldWeek.length);
    expect(ids(searched.json())).toEqual([...goldWeek].sort((a, b) => b.email.localeCompare(a.email)).map((h) => h.id));

    const csv = await req(
      admin,
      'GET',
      `/api/v1/vaultholders/export?sponsorId=${w.a.id}&createdFrom=2026-03-02&createdTo=2026-03-08&columns=id`,
    );
    expect(csv.statusCode).toBe(200);
    expect(parseCsv(csv.body).rows.map((r) => Number(Object.values(r.values)[0]))).toEqual(week.map((h) => h.id));
  });

  it('matches the Overview: each week of "New vaults per week" and both steps of the activation funnel', async () => {
    const made = await seed();
    const o = (
      await req(staff, 'GET', `/api/v1/overview?sponsorId=${w.a.id}&fromDate=2026-03-01&toDate=2026-03-20`)
    ).json() as OverviewResponse;
    const created = await req(admin, 'GET', `/api/v1/vaultholders?sponsorId=${w.a.id}&createdFrom=2026-03-01&createdTo=2026-03-20`);
    const activated = await req(
      admin,
      'GET',
      `/api/v1/vaultholders?sponsorId=${w.a.id}&createdFrom=2026-03-01&createdTo=2026-03-20&activated=yes`,
    );
    expect(o.vaultFunnel.created).toBe(made.length);
    expect(created.json().total).toBe(o.vaultFunnel.created);
    expect(o.vaultFunnel.activated).toBe(made.filter((h) => h.activated).length);
    expect(activated.json().total).toBe(o.vaultFunnel.activated);
    expect(ids(activated.json())).toEqual(made.filter((h) => h.activated).map((h) => h.id));
    const notActivated = await req(admin, 'GET', `/api/v1/vaultholders?sponsorId=${w.a.id}&activated=no`);
    expect(ids(notActivated.json())).toEqual(made.filter((h) => !h.activated).map((h) => h.id));

    // The weeks the Overview draws (the last 52) may not reach March 2026: the week's count is
    // checked against the rows this test made, as the Overview adds them up by Monday.
    for (const [monday, sunday] of [
      ['2026-02-23', '2026-03-01'],
      ['2026-03-02', '2026-03-08'],
      ['2026-03-09', '2026-03-15'],
      ['2026-03-16', '2026-03-22'],
    ] as const) {
      const res = await req(admin, 'GET', `/api/v1/vaultholders?sponsorId=${w.a.id}&createdFrom=${monday}&createdTo=${sunday}`);
      expect(res.json().total, monday).toBe(made.filter(within(monday, sunday)).length);
      const bar = o.newVaultsPerWeek.find((b) => b.weekStart === monday);
      if (bar) expect(bar.count, monday).toBe(res.json().total);
    }
  });

  it('keeps exactly one package, which the Overview counts per package', async () => {
    const made = await seed();
    const o = (await req(staff, 'GET', `/api/v1/overview?sponsorId=${w.a.id}`)).json() as OverviewResponse;
    for (const pkg of [w.gold, w.silver]) {
      const res = await req(admin, 'GET', `/api/v1/vaultholders?sponsorId=${w.a.id}&packageId=${pkg.id}`);
      expect(res.statusCode).toBe(200);
      const expected = made.filter((h) => h.gold === (pkg.id === w.gold.id));
      expect(ids(res.json())).toEqual(expected.map((h) => h.id));
      expect(o.holdersPerPackage.find((p) => p.packageId === pkg.id)?.count).toBe(res.json().total);
    }
    // With a created range too (the package's condition becomes a sub-select).
    const both = await req(admin, 'GET', `/api/v1/vaultholders?sponsorId=${w.a.id}&packageId=${w.gold.id}&createdFrom=2026-03-02`);
    expect(ids(both.json())).toEqual(made.filter((h) => h.gold && h.at >= '2026-03-02').map((h) => h.id));
    // A package nobody has.
    const none = await req(admin, 'GET', `/api/v1/vaultholders?sponsorId=${w.a.id}&packageId=999999`);
    expect(none.json()).toMatchObject({ total: 0, data: [] });
  });

  it('keeps the portal rule: staff see every portal, an administrator only theirs', async () => {
    const made = await seed();
    const all = await req(staff, 'GET', '/api/v1/vaultholders?createdFrom=2026-03-02&createdTo=2026-03-08');
    expect(all.json().total).toBe(made.filter(within('2026-03-02', '2026-03-08')).length + 1);
    const own = await req(adminB, 'GET', '/api/v1/vaultholders?createdFrom=2026-03-02&createdTo=2026-03-08');
    expect(own.json().total).toBe(1);
    expect((await req(adminB, 'GET', `/api/v1/vaultholders?sponsorId=${w.a.id}&createdFrom=2026-03-02`)).statusCode).toBe(403);
  });

  it('acts in bulk on exactly the filtered rows', async () => {
    const made = await seed();
    const res = await req(admin, 'POST', `/api/v1/vaultholders/bulk?sponsorId=${w.a.id}`, {
      action: 'deactivate',
      search: { fieldName: 'email', fieldValue: '' },
      filters: { createdFrom: '2026-03-09', createdTo: '2026-03-09' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { id: number }) => r.id)).toEqual([made[4]!.id]);
  });

  it('refuses bad dates and a range that ends before it starts with a field message', async () => {
    for (const [q, field] of [
      ['createdFrom=2026-02-30', 'createdFrom'],
      ['createdTo=2026-3-1', 'createdTo'],
      ['createdFrom=yesterday', 'createdFrom'],
      ['createdFrom=2026-03-09&createdTo=2026-03-08', 'createdFrom'],
      ['packageId=0', 'packageId'],
      ['activated=maybe', 'activated'],
    ] as const) {
      const res = await req(admin, 'GET', `/api/v1/vaultholders?sponsorId=${w.a.id}&${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(JSON.stringify(res.json()), q).toContain(field);
    }
    const post = await req(admin, 'POST', `/api/v1/vaultholders/search?sponsorId=${w.a.id}&createdFrom=2026-03-09&createdTo=2026-03-08`, {
      fieldName: 'email',
      fieldValue: '',
    });
    expect(post.statusCode).toBe(400);
    expect(post.json().message).toContain('must not be after');
    const csv = await req(admin, 'GET', `/api/v1/vaultholders/export?sponsorId=${w.a.id}&createdTo=2026-13-01`);
    expect(csv.statusCode).toBe(400);
  });
});
