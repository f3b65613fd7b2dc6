import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invitations } from '../../db/schema/index.js';
import { openBody, strictBody, useInvitationApp } from './invitations.fixtures.js';

const { t, world, postAs, createOk } = useInvitationApp();

describe('list, detail and search', () => {
  it('lists the sponsor’s invitations newest first with paging, status and total', async () => {
    const w = await world();
    for (let i = 0; i < 23; i++) await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: `CODE${i}` }));
    await createOk(w.adminB, w.b.id, 'open', openBody(w, { packageId: w.pkgB }));
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invitations?sponsorid=${w.a.id}&offset=0&limit=20`,
      headers: w.adminA.headers,
    });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.total).toBe(23);
    expect(body.data).toHaveLength(20);
    expect(body.data[0].inviteCode).toBe('CODE22');
    expect(body.activePage).toBe(1);
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invitations?sponsorid=${w.a.id}&offset=20&limit=20`,
      headers: w.adminA.headers,
    });
    expect(second.json().data).toHaveLength(3);
    expect(second.json().activePage).toBe(2);
    // Status: used and expired.
    await t.db.update(invitations).set({ uses: 3 }).where(eq(invitations.inviteCode, 'CODE0'));
    await t.db
      .update(invitations)
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where(eq(invitations.inviteCode, 'CODE1'));
    const all = (
      await t.app.inject({ method: 'GET', url: `/api/v1/invitations?sponsorid=${w.a.id}&limit=100`, headers: w.adminA.headers })
    ).json();
    const status = Object.fromEntries(all.data.map((i: { inviteCode: string; status: string }) => [i.inviteCode, i.status]));
    expect(status).toMatchObject({ CODE0: 'used', CODE1: 'expired', CODE2: 'pending' });
  });

  it('lists and searches every portal for staff who ask with allPortals=true (decision 0052), and for nobody else', async () => {
    const w = await world();
    for (let i = 0; i < 3; i++) await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: `ALLA${i}` }));
    await createOk(w.adminB, w.b.id, 'open', openBody(w, { inviteCode: 'ALLB0', packageId: w.pkgB }));
    const get = (auth: typeof w.staff, url: string) => t.app.inject({ method: 'GET', url, headers: auth.headers });
    const listed = await get(w.staff, '/api/v1/invitations?allPortals=true&limit=100');
    expect(listed.statusCode).toBe(200);
    const codes = (listed.json().data as { inviteCode: string; sponsorCode: string }[]).map((i) => [i.inviteCode, i.sponsorCode]);
    expect(listed.json().total).toBe(4);
    expect(codes.sort()).toEqual(
      [
        ['ALLA0', 'A'],
        ['ALLA1', 'A'],
        ['ALLA2', 'A'],
        ['ALLB0', 'B'],
      ]
        .map(([c, p]) => [c, p === 'A' ? w.a.sponsorCode : w.b.sponsorCode])
        .sort(),
    );
    // Without a portal and without asking for every portal, the list stays empty (specification section 4).
    expect((await get(w.staff, '/api/v1/invitations?limit=100')).json().total).toBe(0);
    const searched = await postAs(w.staff, '/api/v1/invitations/search?allPortals=true', { fieldName: 'inviteCode', fieldValue: 'ALLB' });
    expect(searched.statusCode).toBe(200);
    expect(searched.json().data.map((i: { inviteCode: string }) => i.inviteCode)).toEqual(['ALLB0']);
    expect((await get(w.adminA, '/api/v1/invitations?allPortals=true')).statusCode).toBe(403);
    expect((await get(w.staff, `/api/v1/invitations?allPortals=true&sponsorid=${w.a.id}`)).statusCode).toBe(400);
  });

  it('sorts the list and a search by e-mail, name, status and date, ties by id, and refuses an unknown sort', async () => {
    const w = await world();
    const made = [];
    for (const [email, firstName, lastName] of [
      ['bea@example.com', 'Bea', 'Moss'],
      ['cid@example.com', 'Cid', 'Adams'],
      ['al@example.com', 'Al', 'Zimmer'],
    ])
      made.push(await createOk(w.adminA, w.a.id, 'strict', strictBody(w, { email, firstName, lastName })));
    await t.db.update(invitations).set({ uses: 1 }).where(eq(invitations.id, made[1].id));
    const emails = async (url: string, body?: unknown) => {
      const res = await t.app.inject({ method: body ? 'POST' : 'GET', url, headers: w.adminA.headers, ...(body ? { payload: body } : {}) });
      expect(res.statusCode, url).toBe(200);
      return (res.json().data as { email: string }[]).map((i) => i.email);
    };
    const list = `/api/v1/invitations?sponsorid=${w.a.id}`;
    expect(await emails(list)).toEqual(['al@example.com', 'cid@example.com', 'bea@example.com']);
    expect(await emails(`${list}&sortBy=email`)).toEqual(['al@example.com', 'bea@example.com', 'cid@example.com']);
    expect(await emails(`${list}&sortBy=name&sortDir=desc`)).toEqual(['al@example.com', 'bea@example.com', 'cid@example.com']);
    expect(await emails(`${list}&sortBy=createdDate&offset=1&limit=1`)).toEqual(['cid@example.com']);
    // "pending" before "used"; the two pending ones in id order.
    expect(await emails(`${list}&sortBy=status`)).toEqual(['bea@example.com', 'al@example.com', 'cid@example.com']);
    const search = `/api/v1/invitations/search?sponsorId=${w.a.id}&sortBy=email&sortDir=desc`;
    expect(await emails(search, { fieldName: 'email', fieldValue: 'example' })).toEqual([
      'cid@example.com',
      'bea@example.com',
      'al@example.com',
    ]);
    const bad = await t.app.inject({ method: 'GET', url: `${list}&sortBy=inviteSecret`, headers: w.adminA.headers });
    expect(bad.statusCode).toBe(400);
    const badDir = await t.app.inject({ method: 'GET', url: `${list}&sortBy=email&sortDir=down`, headers: w.adminA.headers });
    expect(badDir.statusCode).toBe(400);
  });

  it('answers an empty list with total 0 when no sponsor is chosen (sponsor id 0)', async () => {
    const w = await world();
    await createOk(w.adminA, w.a.id, 'open', openBody(w));
    const zero = await t.app.inject({ method: 'GET', url: '/api/v1/invitations?sponsorid=0&offset=0&limit=20', headers: w.staff.headers });
    expect(zero.statusCode).toBe(200);
    expect(zero.json()).toMatchObject({ data: [], total: 0 });
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/invitations', headers: w.staff.headers });
    expect(none.json()).toMatchObject({ data: [], total: 0 });
  });

  it("refuses another sponsor's list with 403 and bad paging with 400", async () => {
    const w = await world();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/invitations?sponsorid=${w.b.id}`, headers: w.adminA.headers })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/invitations?sponsorid=${w.a.id}&limit=500`, headers: w.adminA.headers }))
        .statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/invitations?sponsorid=${w.a.id}` })).statusCode).toBe(401);
  });

  it('answers one invitation only to a user of its sponsor (404 otherwise)', async () => {
    const w = await world();
    const inv = await createOk(w.adminA, w.a.id, 'strict', strictBody(w));
    const own = await t.app.inject({ method: 'GET', url: `/api/v1/invitations/${inv.id}`, headers: w.adminA.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: inv.id, email: 'jane.doe@example.com', sponsorCode: 'ALPHA' });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/invitations/${inv.id}`, headers: w.staff.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/invitations/${inv.id}`, headers: w.adminB.headers })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/invitations/${inv.id}?sponsorid=${w.b.id}`, headers: w.staff.headers }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/invitations/99999', headers: w.staff.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/invitations/abc', headers: w.staff.headers })).statusCode).toBe(400);
  });

  it('searches by field name and value within the sponsor', async () => {
    const w = await world();
    await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'SPRING-50' }));
    await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'FALL-10' }));
    await createOk(w.adminA, w.a.id, 'strict', strictBody(w, { email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez' }));
    await createOk(w.adminB, w.b.id, 'open', openBody(w, { inviteCode: 'SPRING-99', packageId: w.pkgB }));
    const search = (fieldName: string, fieldValue: string, auth = w.adminA, sponsorId = w.a.id) =>
      postAs(auth, `/api/v1/invitations/search?sponsorId=${sponsorId}&offset=0&limit=20`, { fieldName, fieldValue });
    const byCode = (await search('inviteCode', 'spring')).json();
    expect(byCode.total).toBe(1);
    expect(byCode.data[0].inviteCode).toBe('SPRING-50');
    expect((await search('email', 'MARIA')).json().total).toBe(1);
    expect((await search('name', 'maria lopez')).json().total).toBe(1);
    expect((await search('type', 'open')).json().total).toBe(2);
    expect((await search('status', 'pending')).json().total).toBe(3);
    expect((await search('package', 'basic')).json().total).toBe(3);
    expect((await search('all', 'fall')).json().total).toBe(1);
    expect((await search('all', '%')).json().total).toBe(0);
    expect((await search('all', '')).json().total).toBe(3);
    expect((await search('inviteCode', 'x', w.adminA, w.b.id)).statusCode).toBe(403);
    const bad = await postAs(w.adminA, `/api/v1/invitations/search?sponsorId=${w.a.id}`, { fieldValue: 'x' });
    expect(bad.statusCode).toBe(400);
    const none = await search('all', 'x', w.staff, 0);
    expect(none.json()).toMatchObject({ data: [], total: 0 });
  });

  it('filters by creation day (both days included), in the list and in a search; a reversed range is a 400', async () => {
    const w = await world();
    const old = await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'OLD-ONE' }));
    await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'NEW-ONE' }));
    await t.db
      .update(invitations)
      .set({ createdAt: new Date('2026-01-10T23:30:00Z') })
      .where(eq(invitations.id, old.id));
    const list = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/invitations?sponsorid=${w.a.id}&${query}`, headers: w.adminA.headers });
    const codes = async (query: string) => (await list(query)).json().data.map((i: { inviteCode: string }) => i.inviteCode);
    expect(await codes('fromDate=2026-01-10&toDate=2026-01-10')).toEqual(['OLD-ONE']);
    expect(await codes('fromDate=2026-01-11')).toEqual(['NEW-ONE']);
    expect(await codes('toDate=2026-01-09')).toEqual([]);
    const searched = await postAs(w.adminA, `/api/v1/invitations/search?sponsorId=${w.a.id}&fromDate=2026-01-01&toDate=2026-01-31`, {
      fieldName: 'type',
      fieldValue: 'open',
    });
    expect(searched.json()).toMatchObject({ total: 1, data: [{ inviteCode: 'OLD-ONE' }] });
    expect((await list('fromDate=2026-01-12&toDate=2026-01-10')).statusCode).toBe(400);
    expect((await list('fromDate=01/10/2026')).statusCode).toBe(400);
  });
});
