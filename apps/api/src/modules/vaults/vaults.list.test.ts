import { MAX_LIST_OFFSET, STATUS } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, users, vaults } from '../../db/schema/index.js';
import { parseCsv } from '../../lib/csv.js';
import { setAnchorStrideForTests } from './vaults.counts.js';
import { createVault, setStatus, userRow, useVaultApp, vaultBody } from './vaults.fixtures.js';
import { SEARCH_EXACT_COUNT_CAP } from './vaults.list.service.js';

const { t, w, admin, adminB, staff, req, audits } = useVaultApp();

describe('list and search', () => {
  async function seed() {
    const made = [];
    const names = [
      ['Alice', 'Zeta', 'alice@alpha.com', w.gold.id],
      ['Bob', 'Young', 'bob_100%@beta.com', w.silver.id],
      ['Carla', 'Xu', 'carla@gamma.org', w.gold.id],
      ['Dan', 'Alpha', 'dan@delta.net', w.silver.id],
      ['Eve', 'Vance', 'eve@alpha.com', w.gold.id],
    ] as const;
    for (const [firstName, lastName, email, packageId] of names)
      made.push(await createVault(t, admin, w.a.id, vaultBody({ firstName, lastName, email, packageId })));
    await createVault(
      t,
      adminB,
      w.b.id,
      vaultBody({ firstName: 'Alice', lastName: 'Other', email: 'alice.other@alpha.com', packageId: w.gold.id }),
    );
    return made;
  }

  it('pages the holders of the portal with the total and the list fields', async () => {
    const made = await seed();
    const res = await req(admin, 'GET', `/api/v1/vaultholders?limit=2&offset=2&sponsorId=${w.a.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 5, activePage: 2, perPage: 2, isEditable: true });
    expect(body.data.map((d: { id: number }) => d.id)).toEqual([made[2]!.id, made[3]!.id]);
    expect(body.data[0]).toMatchObject({
      vaultId: made[2]!.vaultId,
      firstName: 'Carla',
      package: 'Gold Plan',
      license: 'trial',
      statusId: 3,
      status: 'Pending activation',
      sponsor: { id: w.a.id, sponsorCode: 'AAA' },
      documentCount: 0,
      lastLoginAt: null,
    });
    // sponsor_id spelling, defaults, and the sponsor administrator's own portal without sponsorId.
    const snake = await req(admin, 'GET', `/api/v1/vaultholders?sponsor_id=${w.a.id}`);
    expect(snake.json().data).toHaveLength(5);
    const own = await req(admin, 'GET', '/api/v1/vaultholders');
    expect(own.json().total).toBe(5);
    const all = await req(staff, 'GET', '/api/v1/vaultholders?limit=20&offset=0');
    expect(all.json().total).toBe(6);
  });

  it('refuses bad paging and another portal', async () => {
    expect((await req(admin, 'GET', `/api/v1/vaultholders?limit=101&sponsorId=${w.a.id}`)).statusCode).toBe(400);
    expect((await req(admin, 'GET', `/api/v1/vaultholders?offset=-1&sponsorId=${w.a.id}`)).statusCode).toBe(400);
    expect((await req(admin, 'GET', `/api/v1/vaultholders?sponsorId=${w.b.id}`)).statusCode).toBe(403);
    expect(
      (await req(admin, 'POST', `/api/v1/vaultholders/search?sponsorId=${w.b.id}`, { fieldName: 'email', fieldValue: 'a' })).statusCode,
    ).toBe(403);
  });

  it('lists and searches every portal for staff who ask with allPortals=true (decision 0052), and for nobody else', async () => {
    const made = await seed();
    const search = { fieldName: 'email', fieldValue: 'alpha.com' };
    const listed = await req(staff, 'GET', '/api/v1/vaultholders?allPortals=true&limit=100');
    expect(listed.statusCode).toBe(200);
    const rows = listed.json().data as { id: number; sponsor: { id: number; sponsorCode: string } }[];
    expect(rows.filter((r) => r.sponsor.id === w.a.id).map((r) => r.id)).toEqual(made.map((m) => m.id));
    expect(rows.filter((r) => r.sponsor.id === w.b.id)).toHaveLength(1);
    expect(listed.json().total).toBe(rows.length);
    // A search across portals: the holders of both portals whose e-mail matches, each with its portal's code.
    const found = await req(staff, 'POST', '/api/v1/vaultholders/search?allPortals=true&limit=100', search);
    expect(found.statusCode).toBe(200);
    expect(found.json().total).toBe(3);
    expect(
      (found.json().data as { email: string; sponsor: { sponsorCode: string } }[]).map((d) => [d.email, d.sponsor.sponsorCode]).sort(),
    ).toEqual(
      [
        ['alice.other@alpha.com', w.b.sponsorCode],
        ['alice@alpha.com', w.a.sponsorCode],
        ['eve@alpha.com', w.a.sponsorCode],
      ].sort(),
    );
    // The list's filters apply across portals too: the package.
    const silver = await req(staff, 'GET', `/api/v1/vaultholders?allPortals=true&packageId=${w.silver.id}`);
    expect(silver.json().total).toBe(2);
    // A sponsor administrator may not; one portal and every portal at once is a mistake; so is another value.
    expect((await req(admin, 'GET', '/api/v1/vaultholders?allPortals=true')).statusCode).toBe(403);
    expect((await req(admin, 'POST', '/api/v1/vaultholders/search?allPortals=true', search)).statusCode).toBe(403);
    expect((await req(staff, 'GET', `/api/v1/vaultholders?allPortals=true&sponsorId=${w.a.id}`)).statusCode).toBe(400);
    expect((await req(staff, 'GET', '/api/v1/vaultholders?allPortals=yes')).statusCode).toBe(400);
    const none = await req(staff, 'POST', '/api/v1/vaultholders/search', search);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please choose a Portal.');
  });

  it('searches by every field: contains for text, exact id, start of license and status', async () => {
    const made = await seed();
    await setStatus(t, made[0]!.id, STATUS.active);
    await t.db.update(vaults).set({ license: 'annual' }).where(eq(vaults.id, made[1]!.vaultId));
    const search = async (fieldName: string, fieldValue: string) => {
      const res = await req(admin, 'POST', `/api/v1/vaultholders/search?sponsorId=${w.a.id}&offset=0&limit=20`, { fieldName, fieldValue });
      expect(res.statusCode, `${fieldName}=${fieldValue}`).toBe(200);
      return (res.json().data as { email: string }[]).map((d) => d.email);
    };
    expect(await search('email', 'ALPHA.com')).toEqual(['alice@alpha.com', 'eve@alpha.com']);
    expect(await search('firstName', 'arl')).toEqual(['carla@gamma.org']);
    expect(await search('lastName', 'alph')).toEqual(['dan@delta.net']);
    expect(await search('id', String(made[3]!.id))).toEqual(['dan@delta.net']);
    expect(await search('id', 'abc')).toEqual([]);
    expect(await search('package', 'gold')).toEqual(['alice@alpha.com', 'carla@gamma.org', 'eve@alpha.com']);
    expect(await search('package', '_50%')).toEqual(['bob_100%@beta.com', 'dan@delta.net']);
    expect(await search('license', 'ann')).toEqual(['bob_100%@beta.com']);
    expect(await search('license', 'nope')).toEqual([]);
    expect(await search('status', 'active')).toEqual(['alice@alpha.com']);
    expect(await search('status', 'pend')).toHaveLength(4);
    expect(await search('status', '1')).toEqual(['alice@alpha.com']);
    expect(await search('email', '')).toHaveLength(5);
    // % and _ are literal, not wildcards.
    expect(await search('email', '_100%')).toEqual(['bob_100%@beta.com']);
    expect(await search('email', '%')).toEqual(['bob_100%@beta.com']);
    expect(await search('firstName', '_')).toEqual([]);
  });

  it('serves deep pages from remembered anchors, and a change moves them', async () => {
    setAnchorStrideForTests(4);
    try {
      const made = [];
      for (let i = 0; i < 11; i++) made.push(await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id })));
      const ids = made.map((m) => m.id);
      const page = async (offset: number, limit = 3) =>
        (await req(admin, 'GET', `/api/v1/vaultholders?sponsorId=${w.a.id}&offset=${offset}&limit=${limit}`))
          .json()
          .data.map((d: { id: number }) => d.id);
      for (const offset of [0, 3, 4, 5, 8, 9, 10, 11, 12])
        expect(await page(offset), `offset ${offset}`).toEqual(ids.slice(offset, offset + 3));
      // Deleting the 2nd holder shifts every later page by one.
      await req(admin, 'DELETE', `/api/v1/vaults?ownerId=${made[1]!.vaultId}&sponsorId=${w.a.id}`);
      const left = ids.filter((_, i) => i !== 1);
      for (const offset of [4, 8, 9]) expect(await page(offset), `after delete, offset ${offset}`).toEqual(left.slice(offset, offset + 3));
      // The deepest page a list serves, far beyond the end, is answered at once, empty, with the true
      // total. Looking for the nearest anchor by counting down from this offset blocked the server
      // for minutes (the test then fails on its timeout); deeper offsets are refused (400).
      const far = await req(admin, 'GET', `/api/v1/vaultholders?sponsorId=${w.a.id}&offset=${MAX_LIST_OFFSET}&limit=3`);
      expect(far.statusCode).toBe(200);
      expect(far.json()).toMatchObject({ total: 10, data: [] });
    } finally {
      setAnchorStrideForTests(5000);
    }
  });

  it('counts matches beyond the first page', async () => {
    await seed();
    const res = await req(admin, 'POST', `/api/v1/vaultholders/search?sponsorId=${w.a.id}&offset=0&limit=1`, {
      fieldName: 'email',
      fieldValue: 'alpha',
    });
    expect(res.json()).toMatchObject({ total: 2 });
    expect(res.json().data).toHaveLength(1);
  });

  it('counts a broad "contains" search up to the cap, then says the total is an estimate; every page stays reachable', async () => {
    const n = SEARCH_EXACT_COUNT_CAP + 30;
    await t.database.query(
      `with u as (
         insert into users (role, sponsor_id, email, first_name, last_name)
         select 'vault_holder', $1, 'common.' || g || '@test.local', 'Pat', 'Commonname' from generate_series(1, $2::int) g
         returning id),
       h as (insert into vault_holders (user_id, sponsor_id) select id, $1 from u)
       insert into vaults (holder_user_id, sponsor_id) select id, $1 from u`,
      [w.a.id, n],
    );
    const search = async (fieldName: string, fieldValue: string, offset = 0) =>
      (
        await req(admin, 'POST', `/api/v1/vaultholders/search?sponsorId=${w.a.id}&offset=${offset}&limit=20`, { fieldName, fieldValue })
      ).json();
    const broad = await search('lastName', 'ommonNA');
    expect(broad.totalIsEstimate).toBe(true);
    expect(broad.total).toBeGreaterThan(SEARCH_EXACT_COUNT_CAP);
    expect(broad.data).toHaveLength(20);
    const ids = broad.data.map((d: { id: number }) => d.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // The last page is there to ask for, and its total covers what it shows.
    const last = await search('lastName', 'ommonNA', n - 10);
    expect(last.data).toHaveLength(10);
    expect(last.total).toBeGreaterThanOrEqual(n);
    // Under the cap the count is exact and not flagged: common.1, common.10…19 and common.100…199.
    const narrow = await search('email', 'common.1', 20);
    expect(narrow.total).toBe(111);
    expect(narrow.totalIsEstimate).toBeUndefined();
  });

  it('sorts by a column in either direction, ties by id, with searches and paging; refuses an unknown sort', async () => {
    const made = await seed();
    const emails = async (url: string, body?: unknown) => {
      const res = await req(admin, body ? 'POST' : 'GET', url, body);
      expect(res.statusCode, url).toBe(200);
      return (res.json().data as { email: string }[]).map((d) => d.email);
    };
    const list = `/api/v1/vaultholders?sponsorId=${w.a.id}`;
    const byLastName = ['dan@delta.net', 'eve@alpha.com', 'carla@gamma.org', 'bob_100%@beta.com', 'alice@alpha.com'];
    expect(await emails(`${list}&sortBy=lastName`)).toEqual(byLastName);
    expect(await emails(`${list}&sortBy=lastName&sortDir=desc`)).toEqual([...byLastName].reverse());
    expect(await emails(`${list}&sortBy=lastName&offset=2&limit=2`)).toEqual(byLastName.slice(2, 4));
    expect(await emails(`${list}&sortBy=id&sortDir=desc`)).toEqual([...made].reverse().map((m) => m.email));
    // Equal statuses keep holder id order, the other way round going down.
    await setStatus(t, made[3]!.id, STATUS.active);
    const byStatus = await emails(`${list}&sortBy=status&sortDir=desc`);
    expect(byStatus).toEqual(['eve@alpha.com', 'carla@gamma.org', 'bob_100%@beta.com', 'alice@alpha.com', 'dan@delta.net']);
    // Holders who never signed in come last going down (newest holder first among them).
    await t.db
      .update(users)
      .set({ lastLoginAt: new Date('2026-01-02T00:00:00Z') })
      .where(eq(users.id, made[2]!.id));
    await t.db
      .update(users)
      .set({ lastLoginAt: new Date('2026-03-04T05:06:07.089Z'), createdAt: new Date('2025-12-31T23:59:59.999Z') })
      .where(eq(users.id, made[4]!.id));
    // Times are ISO 8601 in UTC to the millisecond, on the portal's first page and on a sorted one.
    for (const url of [`/api/v1/vaultholders?sponsorId=${w.a.id}`, `${list}&sortBy=lastLoginAt&sortDir=desc`]) {
      const row = (await req(admin, 'GET', url)).json().data.find((d: { id: number }) => d.id === made[4]!.id);
      expect(row).toMatchObject({ lastLoginAt: '2026-03-04T05:06:07.089Z', createdAt: '2025-12-31T23:59:59.999Z' });
    }
    expect((await emails(`${list}&sortBy=lastLoginAt&sortDir=desc`)).slice(0, 3)).toEqual([
      'eve@alpha.com',
      'carla@gamma.org',
      'dan@delta.net',
    ]);
    // A search keeps the sort: a users field and a package (vaults) field.
    const search = `/api/v1/vaultholders/search?sponsorId=${w.a.id}&sortBy=firstName&sortDir=desc`;
    expect(await emails(search, { fieldName: 'email', fieldValue: 'alpha' })).toEqual(['eve@alpha.com', 'alice@alpha.com']);
    expect(await emails(search, { fieldName: 'package', fieldValue: 'gold' })).toEqual([
      'eve@alpha.com',
      'carla@gamma.org',
      'alice@alpha.com',
    ]);
    expect((await req(admin, 'GET', `${list}&sortBy=password`)).statusCode).toBe(400);
    expect((await req(admin, 'GET', `${list}&sortBy=email&sortDir=up`)).statusCode).toBe(400);
    expect((await req(admin, 'POST', `${search}x`, { fieldName: 'email', fieldValue: 'a' })).statusCode).toBe(400);
  });

  it('refuses an unknown search field or extra body fields', async () => {
    for (const body of [
      { fieldName: 'password', fieldValue: 'x' },
      { fieldName: 'email' },
      { fieldName: 'email', fieldValue: 'x', extra: 1 },
      { fieldName: 'email', fieldValue: 'x'.repeat(201) },
    ]) {
      expect((await req(admin, 'POST', `/api/v1/vaultholders/search?sponsorId=${w.a.id}`, body)).statusCode).toBe(400);
    }
  });
});

describe('bulk actions and export', () => {
  it("acts on chosen ids with a per-row outcome; another portal's id is an error and unchanged", async () => {
    const one = await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id }));
    const two = await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id }));
    const three = await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id }));
    const foreign = await createVault(t, adminB, w.b.id, vaultBody({ packageId: w.gold.id }));
    await setStatus(t, two.id, STATUS.active);
    await setStatus(t, three.id, STATUS.archived);
    const res = await req(admin, 'POST', `/api/v1/vaultholders/bulk?sponsorId=${w.a.id}`, {
      action: 'activate',
      ids: [one.id, two.id, three.id, foreign.id],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 4, succeeded: 1, skipped: 1, failed: 2 });
    expect(body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['success', 'skipped', 'error', 'error']);
    expect((await userRow(t, one.id))!.statusId).toBe(STATUS.active);
    expect((await userRow(t, foreign.id))!.statusId).toBe(STATUS.pending);
    expect(await audits('vault_holder.activate')).toHaveLength(1);
    expect(await audits('vault_holder.bulk_activate')).toHaveLength(1);
  });

  it('acts on every holder matching a search', async () => {
    await createVault(t, admin, w.a.id, vaultBody({ email: 'x1@bulk.com', packageId: w.gold.id }));
    await createVault(t, admin, w.a.id, vaultBody({ email: 'x2@bulk.com', packageId: w.gold.id }));
    await createVault(t, admin, w.a.id, vaultBody({ email: 'keep@other.com', packageId: w.gold.id }));
    const res = await req(admin, 'POST', `/api/v1/vaultholders/bulk?sponsorId=${w.a.id}`, {
      action: 'resendActivation',
      search: { fieldName: 'email', fieldValue: '@bulk.com' },
    });
    expect(res.json()).toMatchObject({ total: 2, succeeded: 2 });
    expect((await t.db.select().from(emailOutbox)).map((m) => m.toAddress).sort()).toEqual(['x1@bulk.com', 'x2@bulk.com']);
    const deact = await req(admin, 'POST', `/api/v1/vaultholders/bulk?sponsorId=${w.a.id}`, {
      action: 'deactivate',
      search: { fieldName: 'email', fieldValue: '' },
    });
    expect(deact.json()).toMatchObject({ total: 3, succeeded: 3 });
    for (const body of [
      { action: 'activate' },
      { action: 'delete', ids: [1] },
      { action: 'activate', ids: [] },
      { action: 'activate', ids: ['1'] },
    ]) {
      expect((await req(admin, 'POST', `/api/v1/vaultholders/bulk?sponsorId=${w.a.id}`, body)).statusCode).toBe(400);
    }
    expect((await req(adminB, 'POST', `/api/v1/vaultholders/bulk?sponsorId=${w.a.id}`, { action: 'activate', ids: [1] })).statusCode).toBe(
      403,
    );
  });

  it('exports the current view to CSV with the chosen columns and formula cells neutralised', async () => {
    await createVault(t, admin, w.a.id, vaultBody({ firstName: '-2', lastName: 'Calc', email: 'calc@example.com', packageId: w.gold.id }));
    await createVault(
      t,
      admin,
      w.a.id,
      vaultBody({ firstName: 'Plain', lastName: 'Person', email: 'plain@example.com', packageId: w.silver.id }),
    );
    const res = await req(
      admin,
      'GET',
      `/api/v1/vaultholders/export?sponsorId=${w.a.id}&fieldName=package&fieldValue=gold&columns=email,firstName,package,status`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="vault-holders-AAA-/);
    const { headers, rows } = parseCsv(res.body);
    expect(headers).toEqual(['Email', 'First Name', 'Package', 'Status']);
    expect(rows.map((r) => r.values)).toEqual([
      { Email: 'calc@example.com', 'First Name': "'-2", Package: 'Gold Plan', Status: 'Pending activation' },
    ]);
    expect(await audits('vault_holder.export')).toHaveLength(1);
    const all = await req(admin, 'GET', `/api/v1/vaultholders/export?sponsorId=${w.a.id}`);
    expect(parseCsv(all.body).rows).toHaveLength(2);
    expect((await req(admin, 'GET', `/api/v1/vaultholders/export?sponsorId=${w.a.id}&columns=email,password`)).statusCode).toBe(400);
    expect((await req(adminB, 'GET', `/api/v1/vaultholders/export?sponsorId=${w.a.id}`)).statusCode).toBe(403);
  });
});
