import { STRICT_INVITE_CODE } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  advisors,
  appIntegrations,
  auditLog,
  basePackages,
  emailOutbox,
  invitationRedemptions,
  invitations,
  packageSponsor,
  sponsorAuthorizations,
  sponsoredAdvisors,
  sponsorIntegrations,
  users,
} from '../../db/schema/index.js';
import { sha256 } from '../../lib/crypto.js';
import { type Auth, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let cached: World;
/**
 * Sponsors, packages and sessions are made once (sign-in is rate limited); each test starts with
 * no invitations, mail, audit entries or integration keys.
 */
beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  cached = await setupWorld();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.truncate(
    'invitation_redemptions, invitations, email_outbox, audit_log, sponsor_authorizations, sponsor_integrations, app_integrations, sponsored_advisors, advisors restart identity cascade',
  );
  await t.database.query("delete from users where role = 'advisor'");
});
const world = async () => cached;
const postAs = (auth: Auth, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: auth.headers, payload });

const future = (days = 30) => new Date(Date.now() + days * 86_400_000).toISOString();
const past = (days = 1) => new Date(Date.now() - days * 86_400_000).toISOString();

interface World {
  a: { id: number; sponsorCode: string };
  b: { id: number; sponsorCode: string };
  staff: Auth;
  adminA: Auth;
  adminB: Auth;
  pkgA: number;
  pkgB: number;
}

async function setupWorld(): Promise<World> {
  const a = await t.createSponsor('ALPHA');
  const b = await t.createSponsor('BETA');
  const [p1, p2] = await t.db
    .insert(basePackages)
    .values([
      { name: 'Basic', storageQuotaBytes: 1e9, listPriceCents: 500 },
      { name: 'Premium', storageQuotaBytes: 1e10, listPriceCents: 1500 },
    ])
    .returning();
  await t.db.insert(packageSponsor).values([
    { packageId: p1!.id, sponsorId: a.id, priceSaleCents: 400 },
    { packageId: p2!.id, sponsorId: b.id, priceSaleCents: 1400 },
  ]);
  return {
    a,
    b,
    staff: await t.signInStaff(),
    adminA: await t.signInSponsorAdmin(a.id),
    adminB: await t.signInSponsorAdmin(b.id),
    pkgA: p1!.id,
    pkgB: p2!.id,
  };
}

const openBody = (w: World, extra: Record<string, unknown> = {}) => ({
  inviteCode: 'WELCOME2026',
  max: 3,
  expireTime: future(),
  packageId: w.pkgA,
  localize: 'en',
  ...extra,
});
const strictBody = (w: World, extra: Record<string, unknown> = {}) => ({
  email: 'jane.doe@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  packageId: w.pkgA,
  localize: 'en',
  ...extra,
});

const create = (auth: Auth, sponsorId: number, itype: string, payload: unknown) =>
  postAs(auth, `/api/v1/invitations?sponsorid=${sponsorId}&itype=${itype}`, payload as object);

async function createOk(auth: Auth, sponsorId: number, itype: string, payload: unknown) {
  const res = await create(auth, sponsorId, itype, payload);
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return res.json();
}

const count = async () => (await t.db.select().from(invitations)).length;
const audits = async (action: string) => (await t.db.select().from(auditLog)).filter((e) => e.action === action);

describe('create', () => {
  it('creates an open invitation with its code, max, expiry and package, audited', async () => {
    const w = await world();
    const res = await create(w.adminA, w.a.id, 'open', openBody(w, { testAccount: true }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'open',
      inviteCode: 'WELCOME2026',
      max: 3,
      uses: 0,
      packageId: w.pkgA,
      packageName: 'Basic',
      sponsorId: w.a.id,
      sponsorCode: 'ALPHA',
      defaultInviteCode: false,
      testAccount: true,
      status: 'pending',
      email: null,
      lastSentAt: null,
    });
    const [entry] = await audits('invitation.create');
    expect(entry).toMatchObject({ sponsorId: w.a.id, targetType: 'invitation', targetId: String(res.json().id) });
    expect(entry!.logJson).toMatchObject({ type: 'open', inviteCode: 'WELCOME2026', max: 3 });
    expect(await t.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it('creates a strict invitation with the fixed code, never default, and e-mails it in the same transaction', async () => {
    const w = await world();
    const res = await create(w.adminA, w.a.id, 'strict', strictBody(w));
    expect(res.statusCode).toBe(201);
    const inv = res.json();
    expect(inv).toMatchObject({
      type: 'strict',
      inviteCode: STRICT_INVITE_CODE,
      max: 1,
      defaultInviteCode: false,
      email: 'jane.doe@example.com',
      firstName: 'Jane',
    });
    expect(inv.lastSentAt).not.toBeNull();
    const mails = await t.db.select().from(emailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: 'jane.doe@example.com', template: 'invitation', sponsorId: w.a.id });
    expect(mails[0]!.bodyText).toContain(STRICT_INVITE_CODE);
    expect(mails[0]!.bodyText).not.toContain('expires');
    // Many strict invitations share the code.
    await t.db.delete(emailOutbox);
    const expiring = await create(
      w.adminA,
      w.a.id,
      'strict',
      strictBody(w, { email: 'due@example.com', expireTime: '2031-11-24T18:05:00.000Z' }),
    );
    expect(expiring.statusCode).toBe(201);
    // The expiry in the portal's display format, in UTC and saying so.
    const [due] = await t.db.select().from(emailOutbox);
    expect(due!.bodyText).toContain('The invitation expires on 11/24/2031 6:05 pm UTC.');
    expect((await create(w.adminA, w.a.id, 'strict', strictBody(w, { email: 'other@example.com' }))).statusCode).toBe(201);
  });

  it('refuses bad input with a message per field and changes nothing', async () => {
    const w = await world();
    const expired = await create(w.adminA, w.a.id, 'open', openBody(w, { expireTime: past() }));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().details).toContainEqual({ field: 'expireTime', message: 'Expiry must be in the future' });
    const maxZero = await create(w.adminA, w.a.id, 'open', openBody(w, { max: 0 }));
    expect(maxZero.statusCode).toBe(400);
    expect(maxZero.json().details).toContainEqual({ field: 'max', message: 'Max must be at least 1' });
    const unknownPkg = await create(w.adminA, w.a.id, 'open', openBody(w, { packageId: 99999 }));
    expect(unknownPkg.statusCode).toBe(400);
    expect(unknownPkg.json().details).toContainEqual({ field: 'packageId', message: 'Choose a package assigned to this portal' });
    const otherSponsorsPkg = await create(w.adminA, w.a.id, 'open', openBody(w, { packageId: w.pkgB }));
    expect(otherSponsorsPkg.statusCode).toBe(400);
    const noEmail = await create(w.adminA, w.a.id, 'strict', strictBody(w, { email: undefined }));
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().details.map((d: { field: string }) => d.field)).toContain('email');
    const badEmail = await create(w.adminA, w.a.id, 'strict', strictBody(w, { email: 'not-an-email' }));
    expect(badEmail.json().details).toContainEqual({ field: 'email', message: 'Enter a valid e-mail address' });
    const strictDefault = await create(w.adminA, w.a.id, 'strict', strictBody(w, { defaultInviteCode: true }));
    expect(strictDefault.statusCode).toBe(400);
    expect(strictDefault.json().details).toContainEqual({
      field: 'defaultInviteCode',
      message: 'A strict invitation cannot be the default invite code',
    });
    const strictCode = await create(w.adminA, w.a.id, 'strict', strictBody(w, { inviteCode: 'MINE' }));
    expect(strictCode.statusCode).toBe(400);
    const badType = await create(w.adminA, w.a.id, 'closed', openBody(w));
    expect(badType.statusCode).toBe(400);
    const unknownField = await create(w.adminA, w.a.id, 'open', openBody(w, { admin: true }));
    expect(unknownField.statusCode).toBe(400);
    const noSponsor = await postAs(w.adminA, '/api/v1/invitations?itype=open', openBody(w));
    expect(noSponsor.statusCode).toBe(400);
    expect(await count()).toBe(0);
    expect(await audits('invitation.create')).toHaveLength(0);
  });

  it('refuses a duplicate open code in the sponsor, in any case, with 409; another sponsor may use it', async () => {
    const w = await world();
    await createOk(w.adminA, w.a.id, 'open', openBody(w));
    const dup = await create(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'welcome2026' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().details).toEqual([{ field: 'inviteCode', message: 'This invite code is already used in this portal' }]);
    expect((await create(w.adminB, w.b.id, 'open', openBody(w, { packageId: w.pkgB }))).statusCode).toBe(201);
    expect(await count()).toBe(2);
  });

  it('checks the sponsored trusted advisors (advisor user ids) belong to the sponsor', async () => {
    const w = await world();
    const [u] = await t.db
      .insert(users)
      .values({ email: 'rep@example.com', firstName: 'Rep', lastName: 'One', role: 'advisor', statusId: 1 })
      .returning();
    await t.db.insert(advisors).values({ userId: u!.id });
    const [sa] = await t.db.insert(sponsoredAdvisors).values({ userId: u!.id, sponsorId: w.a.id }).returning();
    const ok = await create(w.adminA, w.a.id, 'open', openBody(w, { sponsoredTrustedAdvisorId: [sa!.userId], isTrustedAdvisor: true }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().sponsoredTrustedAdvisorId).toEqual([sa!.userId]);
    const notHere = await create(w.adminB, w.b.id, 'open', openBody(w, { packageId: w.pkgB, sponsoredTrustedAdvisorId: [sa!.userId] }));
    expect(notHere.statusCode).toBe(400);
    const bad = await create(
      w.adminA,
      w.a.id,
      'open',
      openBody(w, { inviteCode: 'OTHER1', sponsoredTrustedAdvisorId: [sa!.userId + 100] }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('sponsoredTrustedAdvisorId');
  });

  it("refuses another sponsor's portal with 403 and creates nothing", async () => {
    const w = await world();
    const res = await create(w.adminA, w.b.id, 'open', openBody(w, { packageId: w.pkgB }));
    expect(res.statusCode).toBe(403);
    expect(await count()).toBe(0);
  });

  it('makes a new default clear the previous one', async () => {
    const w = await world();
    const first = await createOk(w.adminA, w.a.id, 'open', openBody(w, { defaultInviteCode: true }));
    const second = await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'SECOND', defaultInviteCode: true }));
    const rows = await t.db.select().from(invitations);
    expect(rows.find((r) => r.id === first.id)!.defaultInviteCode).toBe(false);
    expect(rows.find((r) => r.id === second.id)!.defaultInviteCode).toBe(true);
  });
});

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

describe('edit', () => {
  it('edits an open invitation and audits what changed', async () => {
    const w = await world();
    const inv = await createOk(w.adminA, w.a.id, 'open', openBody(w));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/invitations',
      headers: w.adminA.headers,
      payload: { ...inv, max: 10, inviteCode: 'SUMMER' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: inv.id, max: 10, inviteCode: 'SUMMER' });
    const [entry] = await audits('invitation.update');
    expect(entry!.logJson).toEqual({ changes: { max: { from: 3, to: 10 }, inviteCode: { from: 'WELCOME2026', to: 'SUMMER' } } });
  });

  it('edits a strict invitation (names, e-mail) keeping its code; an unchanged passed expiry is kept', async () => {
    const w = await world();
    const inv = await createOk(w.adminA, w.a.id, 'strict', strictBody(w, { expireTime: future(1) }));
    await t.db
      .update(invitations)
      .set({ expireTime: new Date(Date.now() - 60_000) })
      .where(eq(invitations.id, inv.id));
    const current = (await t.app.inject({ method: 'GET', url: `/api/v1/invitations/${inv.id}`, headers: w.adminA.headers })).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/invitations',
      headers: w.adminA.headers,
      payload: { ...current, firstName: 'Janet' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Janet', inviteCode: STRICT_INVITE_CODE, expireTime: current.expireTime });
  });

  it('refuses bad edits per field and changes nothing', async () => {
    const w = await world();
    const inv = await createOk(w.adminA, w.a.id, 'open', openBody(w));
    await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'TAKEN' }));
    await t.db.update(invitations).set({ uses: 2 }).where(eq(invitations.id, inv.id));
    const put = (payload: object, auth = w.adminA) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/invitations', headers: auth.headers, payload });
    const lowMax = await put({ id: inv.id, sponsorId: w.a.id, max: 1 });
    expect(lowMax.statusCode).toBe(400);
    expect(lowMax.json().details).toContainEqual({ field: 'max', message: 'Max cannot be lower than the 2 uses already counted' });
    expect((await put({ id: inv.id, sponsorId: w.a.id, max: 0 })).json().details).toContainEqual({
      field: 'max',
      message: 'Max must be at least 1',
    });
    expect((await put({ id: inv.id, sponsorId: w.a.id, expireTime: past() })).statusCode).toBe(400);
    expect((await put({ id: inv.id, sponsorId: w.a.id, inviteCode: 'taken' })).statusCode).toBe(409);
    expect((await put({ id: inv.id, sponsorId: w.a.id, packageId: 12345 })).statusCode).toBe(400);
    expect((await put({ id: inv.id, sponsorId: w.a.id, type: 'strict' })).statusCode).toBe(400);
    expect((await put({ id: inv.id, sponsorId: w.a.id, bogus: 1 })).statusCode).toBe(400);
    expect((await put({ id: inv.id, max: 5 })).statusCode).toBe(400);
    // Another sponsor: its own sponsor id → 404; naming ours → 403.
    expect((await put({ id: inv.id, sponsorId: w.b.id, max: 5 }, w.adminB)).statusCode).toBe(404);
    expect((await put({ id: inv.id, sponsorId: w.a.id, max: 5 }, w.adminB)).statusCode).toBe(403);
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, inv.id));
    expect(row).toMatchObject({ max: 3, inviteCode: 'WELCOME2026', uses: 2 });
    expect(await audits('invitation.update')).toHaveLength(0);
  });

  it('saving one as default clears the previous default in one transaction', async () => {
    const w = await world();
    const first = await createOk(w.adminA, w.a.id, 'open', openBody(w, { defaultInviteCode: true }));
    const second = await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'SECOND' }));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/invitations',
      headers: w.adminA.headers,
      payload: { ...second, defaultInviteCode: true },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(invitations);
    expect(rows.filter((r) => r.defaultInviteCode).map((r) => r.id)).toEqual([second.id]);
    expect(rows.find((r) => r.id === first.id)!.defaultInviteCode).toBe(false);
  });
});

describe('default invite code', () => {
  it('sets the default, clearing the previous one, answers the cleared ids and audits it', async () => {
    const w = await world();
    const first = await createOk(w.adminA, w.a.id, 'open', openBody(w, { defaultInviteCode: true }));
    const second = await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'SECOND' }));
    const other = await createOk(w.adminB, w.b.id, 'open', openBody(w, { packageId: w.pkgB, defaultInviteCode: true }));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/invitations/${second.id}/default?sponsorid=${w.a.id}`,
      headers: w.adminA.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: second.id, defaultInviteCode: true, clearedIds: [first.id] });
    const rows = await t.db.select().from(invitations);
    expect(
      rows
        .filter((r) => r.defaultInviteCode)
        .map((r) => r.id)
        .sort(),
    ).toEqual([second.id, other.id].sort());
    const [entry] = await audits('invitation.default');
    expect(entry!.logJson).toMatchObject({ defaultInviteCode: true, previousDefault: [first.id] });
    const unset = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/invitations/${second.id}/default?sponsorid=${w.a.id}`,
      headers: w.adminA.headers,
      payload: { defaultInviteCode: false },
    });
    expect(unset.json()).toMatchObject({ defaultInviteCode: false });
  });

  it('refuses a strict or expired invitation, another sponsor’s, and an unknown one', async () => {
    const w = await world();
    const strict = await createOk(w.adminA, w.a.id, 'strict', strictBody(w));
    const open = await createOk(w.adminA, w.a.id, 'open', openBody(w));
    await t.db
      .update(invitations)
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, open.id));
    const put = (id: number, sponsorId: number, auth = w.adminA) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/invitations/${id}/default?sponsorid=${sponsorId}`, headers: auth.headers });
    expect((await put(strict.id, w.a.id)).statusCode).toBe(409);
    expect((await put(open.id, w.a.id)).statusCode).toBe(409);
    expect((await put(open.id, w.b.id, w.adminB)).statusCode).toBe(404);
    expect((await put(open.id, w.b.id)).statusCode).toBe(403);
    expect((await put(99999, w.a.id)).statusCode).toBe(404);
    expect((await t.db.select().from(invitations)).some((r) => r.defaultInviteCode)).toBe(false);
  });

  it('the database keeps one default per sponsor even if two writers race', async () => {
    const w = await world();
    const x = await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'XX1' }));
    const y = await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'YY1' }));
    const [r1, r2] = await Promise.all(
      [x, y].map((inv) =>
        t.app.inject({ method: 'PUT', url: `/api/v1/invitations/${inv.id}/default?sponsorid=${w.a.id}`, headers: w.adminA.headers }),
      ),
    );
    // The sponsor's invitation changes are serialised: both succeed, the later one is the default.
    expect([r1!.statusCode, r2!.statusCode], `${r1!.body} ${r2!.body}`).toEqual([200, 200]);
    expect((await t.db.select().from(invitations)).filter((r) => r.defaultInviteCode)).toHaveLength(1);
  });

  it('two creations racing for the same open code: one is created, the other gets 409', async () => {
    const w = await world();
    const results = await Promise.all([0, 1].map(() => create(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'RACE-1' }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await count()).toBe(1);
  });
});

describe('resend', () => {
  it('queues the invitation e-mail, records lastSentAt, answers a server message and audits it', async () => {
    const w = await world();
    const inv = await createOk(w.adminA, w.a.id, 'strict', strictBody(w));
    await t.db.delete(emailOutbox);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/invitations/${inv.id}?sponsorid=${w.a.id}&itype=strict`,
      headers: w.adminA.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'The invitation was sent again to jane.doe@example.com.',
      statusType: 'success',
      errorMsg: null,
    });
    const mails = await t.db.select().from(emailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe('jane.doe@example.com');
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, inv.id));
    expect(row!.lastSentAt!.getTime()).toBeGreaterThanOrEqual(new Date(inv.lastSentAt).getTime());
    expect(await audits('invitation.resend')).toHaveLength(1);
  });

  it('refuses a wrong type, an open code without e-mail, a used or expired one, and another sponsor’s; nothing is sent', async () => {
    const w = await world();
    const strict = await createOk(w.adminA, w.a.id, 'strict', strictBody(w));
    const open = await createOk(w.adminA, w.a.id, 'open', openBody(w));
    await t.db.delete(emailOutbox);
    const put = (id: number, sponsorId: number, itype: string, auth = w.adminA) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/invitations/${id}?sponsorid=${sponsorId}&itype=${itype}`, headers: auth.headers });
    expect((await put(strict.id, w.a.id, 'open')).statusCode).toBe(400);
    expect((await put(open.id, w.a.id, 'open')).statusCode).toBe(409);
    expect((await put(strict.id, w.b.id, 'strict', w.adminB)).statusCode).toBe(404);
    expect((await put(strict.id, w.b.id, 'strict')).statusCode).toBe(403);
    await t.db.update(invitations).set({ uses: 1 }).where(eq(invitations.id, strict.id));
    const used = await put(strict.id, w.a.id, 'strict');
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('jane.doe@example.com has already used this invitation.');
    await t.db
      .update(invitations)
      .set({ uses: 0, expireTime: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, strict.id));
    expect((await put(strict.id, w.a.id, 'strict')).statusCode).toBe(409);
    expect(await t.db.select().from(emailOutbox)).toHaveLength(0);
    expect(await audits('invitation.resend')).toHaveLength(0);
  });
});

function multipart(filename: string, content: string | Buffer, type = 'text/csv') {
  const boundary = '----vaulttest';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    typeof content === 'string' ? Buffer.from(content) : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('CSV import', () => {
  const upload = (auth: Auth, sponsorId: number, filename: string, content: string | Buffer, type?: string) => {
    const m = multipart(filename, content, type);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/invitations/import?sponsorid=${sponsorId}`,
      headers: { ...auth.headers, ...m.headers },
      payload: m.payload,
    });
  };

  it('imports the good lines and lists each bad line with its reason', async () => {
    const w = await world();
    await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'EXISTING' }));
    await t.db.delete(emailOutbox);
    const day = future(10).slice(0, 10);
    const csv = [
      'Type,Email,First Name,Last Name,Invite Code,Max,Expire Time,Package,Test Account',
      `strict,ann@example.com,Ann,Lee,,,,Basic,true`,
      `open,,,,SPRING,5,${day},${w.pkgA},`,
      `open,,,,EXISTING,5,${day},${w.pkgA},`,
      `open,,,,ZERO,0,${day},${w.pkgA},`,
      `strict,,Bob,Stone,,,,Basic,`,
      `open,,,,PASTCODE,5,2020-01-01,Basic,`,
      `open,,,,spring,2,${day},Basic,`,
      `strict,carl@example.com,Carl,Ray,,,,Premium,`,
    ].join('\n');
    const res = await upload(w.adminA, w.a.id, 'invites.csv', csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.migrationStatus).toBe('partial');
    expect(body.MigratedInvitation.map((m: { line: number }) => m.line)).toEqual([2, 3]);
    const reasons = Object.fromEntries(body.NotMigratedInvitation.map((n: { line: number; reason: string }) => [n.line, n.reason]));
    expect(Object.keys(reasons).map(Number)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(reasons[4]).toContain('already used in this portal');
    expect(reasons[5]).toContain('Max must be at least 1');
    expect(reasons[6]).toContain('email');
    expect(reasons[7]).toContain('Expiry must be in the future');
    expect(reasons[8]).toContain('already on line 3');
    expect(reasons[9]).toContain('not a package assigned to this portal');
    const rows = await t.db.select().from(invitations).where(eq(invitations.sponsorId, w.a.id));
    expect(rows.map((r) => r.inviteCode).sort()).toEqual(['EXISTING', 'SPRING', STRICT_INVITE_CODE]);
    expect(rows.find((r) => r.type === 'strict')).toMatchObject({ email: 'ann@example.com', testAccount: true, max: 1 });
    expect((await t.db.select().from(emailOutbox)).map((m) => m.toAddress)).toEqual(['ann@example.com']);
    const [entry] = await audits('invitation.import');
    expect(entry!.logJson).toMatchObject({ imported: 2, rejected: 6 });
  });

  it('refuses a strict e-mail twice in one file, or one that already holds a pending strict invitation of the portal', async () => {
    const w = await world();
    await createOk(w.adminA, w.a.id, 'strict', strictBody(w, { email: 'dana@example.com' }));
    const used = await createOk(w.adminA, w.a.id, 'strict', strictBody(w, { email: 'erin@example.com' }));
    await t.db.update(invitations).set({ uses: 1 }).where(eq(invitations.id, used.id));
    await createOk(w.adminB, w.b.id, 'strict', strictBody(w, { email: 'fay@example.com', packageId: w.pkgB }));
    const before = await count();
    const csv = [
      'Type,Email,First Name,Last Name,Package',
      `strict,gus@example.com,Gus,Hale,${w.pkgA}`,
      `strict,GUS@example.com,Gus,Hale,${w.pkgA}`,
      `strict,Dana@example.com,Dana,Ng,${w.pkgA}`,
      `strict,erin@example.com,Erin,Oak,${w.pkgA}`,
      `strict,fay@example.com,Fay,Poe,${w.pkgA}`,
    ].join('\n');
    const res = await upload(w.adminA, w.a.id, 'again.csv', csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.migrationStatus).toBe('partial');
    // A used invitation is no longer pending, and another portal's invitations are its own.
    expect(body.MigratedInvitation.map((m: { line: number }) => m.line)).toEqual([2, 5, 6]);
    expect(body.NotMigratedInvitation).toEqual([
      expect.objectContaining({
        line: 3,
        email: 'GUS@example.com',
        reason: 'email: GUS@example.com already has a strict invitation on line 2',
      }),
      expect.objectContaining({
        line: 4,
        email: 'Dana@example.com',
        reason: 'email: Dana@example.com already has a pending strict invitation in this portal',
      }),
    ]);
    expect(await count()).toBe(before + 3);
    const dana = (await t.db.select().from(invitations)).filter((r) => r.email?.toLowerCase() === 'dana@example.com');
    expect(dana).toHaveLength(1);
  });

  it('answers failed and imports nothing when every line is bad', async () => {
    const w = await world();
    const res = await upload(w.adminA, w.a.id, 'bad.csv', 'type,email\nweird,x@example.com\n');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ migrationStatus: 'failed', MigratedInvitation: [] });
    expect(res.json().NotMigratedInvitation[0]).toMatchObject({ line: 2 });
    expect(await count()).toBe(0);
    expect(await audits('invitation.import')).toHaveLength(0);
  });

  it('refuses a non-CSV file (400), a file over 10 MB (413), another sponsor (403) and no sponsor (400)', async () => {
    const w = await world();
    expect((await upload(w.adminA, w.a.id, 'photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'image/png')).statusCode).toBe(
      400,
    );
    expect((await upload(w.adminA, w.a.id, 'x.pdf', '%PDF-1.4', 'application/pdf')).statusCode).toBe(400);
    const big = `type,email\n${'strict,someone@example.com\n'.repeat(400_000)}`;
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    expect((await upload(w.adminA, w.a.id, 'big.csv', big)).statusCode).toBe(413);
    expect((await upload(w.adminA, w.b.id, 'ok.csv', 'type\nstrict\n')).statusCode).toBe(403);
    const noSponsor = multipart('ok.csv', 'type\nstrict\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invitations/import',
      headers: { ...w.adminA.headers, ...noSponsor.headers },
      payload: noSponsor.payload,
    });
    expect(res.statusCode).toBe(400);
    const notMultipart = await postAs(w.adminA, `/api/v1/invitations/import?sponsorid=${w.a.id}`, { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
    expect(await count()).toBe(0);
  });
});

describe('redemption', () => {
  const KEY = 'test-integration-key-0123456789abcdef';
  const OTHER_KEY = 'other-integration-key-0123456789abcdef';

  async function integrationKey(sponsorId: number, key: string, scopes = ['redeem_invitations'], code = `signup-${sponsorId}`) {
    const [app] = await t.db.insert(appIntegrations).values({ code, name: 'Vault sign-up', category: 'signup' }).returning();
    const [si] = await t.db
      .insert(sponsorIntegrations)
      .values({ sponsorId, integrationId: app!.id, apiKeyHash: sha256(key), apiKeyPrefix: key.slice(0, 6) })
      .returning();
    await t.db.insert(sponsorAuthorizations).values({ sponsorId, sponsorIntegrationId: si!.id, scopes });
  }
  const redeem = (code: string, email: string, key = KEY) =>
    t.app.inject({ method: 'POST', url: '/api/v1/invitations/redeem', headers: { 'x-api-key': key }, payload: { code, email } });

  it('redeems an open code: counts the use, records it, answers sponsor and package, audits it', async () => {
    const w = await world();
    await integrationKey(w.a.id, KEY);
    const inv = await createOk(w.adminA, w.a.id, 'open', openBody(w, { max: 2 }));
    const res = await redeem('welcome2026', 'New.Person@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      invitationId: inv.id,
      type: 'open',
      email: 'New.Person@example.com',
      usesLeft: 1,
      sponsor: { id: w.a.id, sponsorCode: 'ALPHA', name: 'ALPHA Wealth' },
      package: { id: w.pkgA, name: 'Basic' },
    });
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, inv.id));
    expect(row!.uses).toBe(1);
    expect(await t.db.select().from(invitationRedemptions)).toHaveLength(1);
    const [entry] = await audits('invitation.redeem');
    expect(entry).toMatchObject({ actorEmail: 'integration:signup-1', sponsorId: w.a.id });
    // The same person twice: refused.
    expect((await redeem('WELCOME2026', 'new.person@example.com')).statusCode).toBe(409);
    expect((await redeem('WELCOME2026', 'second@example.com')).statusCode).toBe(200);
    const full = await redeem('WELCOME2026', 'third@example.com');
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('This invite code has no uses left.');
  });

  it('redeems a strict invitation once, for its e-mail only', async () => {
    const w = await world();
    await integrationKey(w.a.id, KEY);
    await createOk(w.adminA, w.a.id, 'strict', strictBody(w));
    expect((await redeem(STRICT_INVITE_CODE, 'someone.else@example.com')).statusCode).toBe(404);
    const ok = await redeem(STRICT_INVITE_CODE, 'Jane.Doe@example.com');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ type: 'strict', email: 'jane.doe@example.com', firstName: 'Jane', usesLeft: 0 });
    const again = await redeem(STRICT_INVITE_CODE, 'jane.doe@example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This invitation has already been used.');
  });

  it('refuses an expired code, an unknown code, another sponsor’s code, a bad key or a key without the scope', async () => {
    const w = await world();
    await integrationKey(w.a.id, KEY);
    await integrationKey(w.b.id, OTHER_KEY, ['read_vaults']);
    const inv = await createOk(w.adminA, w.a.id, 'open', openBody(w));
    await createOk(w.adminB, w.b.id, 'open', openBody(w, { inviteCode: 'BETACODE', packageId: w.pkgB }));
    expect((await redeem('BETACODE', 'x@example.com')).statusCode).toBe(404);
    expect((await redeem('NOPE', 'x@example.com')).statusCode).toBe(404);
    expect((await redeem('BETACODE', 'x@example.com', OTHER_KEY)).statusCode).toBe(403);
    expect((await redeem('WELCOME2026', 'x@example.com', 'wrong-key-0123456789abcdefgh')).statusCode).toBe(401);
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invitations/redeem',
      payload: { code: 'WELCOME2026', email: 'x@example.com' },
    });
    expect(noKey.statusCode).toBe(401);
    expect((await redeem('WELCOME2026', 'not-an-email')).statusCode).toBe(400);
    await t.db
      .update(invitations)
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, inv.id));
    const expired = await redeem('WELCOME2026', 'x@example.com');
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe('This invitation has expired.');
    expect((await t.db.select().from(invitations)).every((r) => r.uses === 0)).toBe(true);
    expect(await t.db.select().from(invitationRedemptions)).toHaveLength(0);
  });

  it('two redemptions racing for the last use: exactly one wins', async () => {
    const w = await world();
    await integrationKey(w.a.id, KEY);
    const inv = await createOk(w.adminA, w.a.id, 'open', openBody(w, { max: 2 }));
    expect((await redeem('WELCOME2026', 'first@example.com')).statusCode).toBe(200);
    for (let round = 0; round < 5; round++) {
      await t.db.update(invitations).set({ uses: 1 }).where(eq(invitations.id, inv.id));
      await t.db.delete(invitationRedemptions);
      const results = await Promise.all([redeem('WELCOME2026', `a${round}@example.com`), redeem('WELCOME2026', `b${round}@example.com`)]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const [row] = await t.db.select().from(invitations).where(eq(invitations.id, inv.id));
      expect(row!.uses).toBe(2);
      expect(await t.db.select().from(invitationRedemptions)).toHaveLength(1);
    }
  });

  it('the same person redeeming an open code twice at once: one use is counted', async () => {
    const w = await world();
    await integrationKey(w.a.id, KEY);
    const inv = await createOk(w.adminA, w.a.id, 'open', openBody(w, { max: 10 }));
    const results = await Promise.all([redeem('WELCOME2026', 'twice@example.com'), redeem('welcome2026', 'Twice@example.com')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, inv.id));
    expect(row!.uses).toBe(1);
  });
});
