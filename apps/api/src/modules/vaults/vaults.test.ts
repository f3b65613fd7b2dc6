import { REASON_MESSAGE, STATUS } from '@vault/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, passwordTokens, users, vaultAdvisors, vaultHolders, vaults } from '../../db/schema/index.js';
import { parseCsv } from '../../lib/csv.js';
import { type Auth, createTestApp, type TestApp } from '../../test/harness.js';
import { setAnchorStrideForTests } from './vaults.counts.js';
import { addDocuments, createVault, resetVaultData, setStatus, userRow, vaultBody, vaultRow, vaultWorld } from './vaults.fixtures.js';
import { SEARCH_EXACT_COUNT_CAP } from './vaults.list.service.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof vaultWorld>>;
let admin: Auth; // administrator of portal A with archive and MFA permissions
let adminB: Auth; // administrator of portal B
let staff: Auth;

let plainAdmin: Auth | undefined;
/** A portal A administrator without archive and MFA permissions (signed in once: sign-ins are rate limited). */
const plain = async () => (plainAdmin ??= await t.signInSponsorAdmin(w.a.id, {}, 'plain@test.local'));

beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  w = await vaultWorld(t);
  admin = await t.signInSponsorAdmin(w.a.id, { hasArchiveVaultAccess: true, hasManageMfaAccess: true });
  adminB = await t.signInSponsorAdmin(w.b.id, { hasArchiveVaultAccess: true, hasManageMfaAccess: true });
  staff = await t.signInStaff();
});
afterAll(async () => t.close());
beforeEach(async () => resetVaultData(t));

const req = (auth: Auth, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth.headers, ...(payload === undefined ? {} : { payload: payload as never }) });
const audits = async (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('POST /api/v1/users (create vault)', () => {
  it('creates a pending holder and vault with the defaults, audits it, and sends no e-mail unless asked', async () => {
    const res = await req(
      admin,
      'POST',
      `/api/v1/users?sponsorId=${w.a.id}`,
      vaultBody({ email: 'Anna.Berg@Example.com', packageId: w.gold.id }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ email: 'Anna.Berg@Example.com', statusId: STATUS.pending });
    const v = await vaultRow(t, body.vaultId);
    expect(v).toMatchObject({ holderUserId: body.id, sponsorId: w.a.id, packageId: w.gold.id, tag: 'individual', license: 'trial' });
    const u = await userRow(t, body.id);
    expect(u).toMatchObject({ role: 'vault_holder', sponsorId: w.a.id, testAccount: false, statusId: STATUS.pending });
    expect(await t.db.select().from(vaultHolders).where(eq(vaultHolders.userId, body.id))).toHaveLength(1);
    const [entry] = await audits('vault_holder.create');
    expect(entry).toMatchObject({ sponsorId: w.a.id, targetType: 'vault_holder', targetId: String(body.id), actorUserId: admin.userId });
    expect(await t.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it('queues the activation e-mail with a single-use link in the same transaction', async () => {
    const res = await req(
      admin,
      'POST',
      `/api/v1/users?sponsorId=${w.a.id}`,
      vaultBody({ email: 'mail@example.com', packageId: w.gold.id, sendActivationEmail: true }),
    );
    expect(res.statusCode).toBe(201);
    const [mail] = await t.db.select().from(emailOutbox);
    expect(mail).toMatchObject({ toAddress: 'mail@example.com', template: 'activation', sponsorId: w.a.id });
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.bodyText)![1]!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const [tok] = await t.db.select().from(passwordTokens).where(eq(passwordTokens.userId, res.json().id));
    expect(tok).toMatchObject({ purpose: 'activation', usedAt: null });
    expect(tok!.tokenHash).not.toContain(token);
  });

  it('stores every field without advisors; links the chosen trusted advisors', async () => {
    const full = await createVault(
      t,
      admin,
      w.a.id,
      vaultBody({
        middleName: 'Maria',
        organizationName: 'Berg Holdings',
        tag: 'business',
        entityType: 'LLC',
        packageId: w.silver.id,
        group: w.group.id,
        templateId: w.template.id,
        testAccount: true,
        localize: 'fr',
      }),
    );
    expect(await vaultRow(t, full.vaultId)).toMatchObject({
      tag: 'business',
      entityType: 'LLC',
      groupId: w.group.id,
      templateId: w.template.id,
    });
    expect(await userRow(t, full.id)).toMatchObject({ middleName: 'Maria', testAccount: true, localize: 'fr' });
    const withAdvisor = await createVault(
      t,
      admin,
      w.a.id,
      vaultBody({ packageId: w.gold.id, sponsoredAdvisorUserId: [w.advisor.id], templateId: null }),
    );
    const links = await t.db.select().from(vaultAdvisors).where(eq(vaultAdvisors.vaultId, withAdvisor.vaultId));
    expect(links).toEqual([{ vaultId: withAdvisor.vaultId, advisorUserId: w.advisor.id }]);
    expect((await vaultRow(t, withAdvisor.vaultId))!.tag).toBe('individual');
  });

  it('accepts accented letters in the e-mail domain', async () => {
    const res = await req(
      admin,
      'POST',
      `/api/v1/users?sponsorId=${w.a.id}`,
      vaultBody({ email: 'jo@müller-bäcker.de', packageId: w.gold.id }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('refuses each kind of bad input with 400 and creates nothing', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{ email: 'a@b' }, 'email'],
      [{ firstName: 'Ann<script>' }, 'firstName'],
      [{ lastName: 'Ann;Hara' }, 'lastName'],
      [{ firstName: '' }, 'firstName'],
      [{ packageId: 'x' }, 'packageId'],
      [{ packageId: undefined }, 'packageId'],
      [{ tag: 'corporate' }, 'tag'],
      [{ sponsoredAdvisorUserId: ['1'] }, 'sponsoredAdvisorUserId.0'],
      [{ sponsoredAdvisorUserId: [w.advisor.id], middleName: 'M' }, 'middleName'],
      [{ sponsoredAdvisorUserId: [w.advisor.id], tag: 'individual' }, 'tag'],
      [{ sponsoredAdvisorUserId: [w.advisor.id], group: w.group.id }, 'group'],
      [{ admin: true }, 'admin'],
      [{ localize: 'english' }, 'localize'],
    ];
    for (const [over, field] of bad) {
      const res = await req(admin, 'POST', `/api/v1/users?sponsorId=${w.a.id}`, vaultBody({ packageId: w.gold.id, ...over }));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(JSON.stringify(res.json().details), JSON.stringify(over)).toContain(field);
    }
    // Rules checked against the portal's data.
    const wrong: Record<string, unknown>[] = [
      { packageId: w.other.id }, // assigned to B only
      { packageId: 99999 },
      { packageId: w.gold.id, group: w.groupB.id },
      { packageId: w.gold.id, templateId: 99999 },
      { packageId: w.gold.id, sponsoredAdvisorUserId: [w.advisorB.id] },
      { packageId: w.gold.id, sponsoredAdvisorUserId: [w.loneAdvisor.id] },
    ];
    for (const over of wrong) {
      const res = await req(admin, 'POST', `/api/v1/users?sponsorId=${w.a.id}`, vaultBody(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
    }
    expect(await t.db.select().from(vaults)).toHaveLength(0);
    expect(await audits('vault_holder.create')).toHaveLength(0);
  });

  it('answers 409 for an e-mail already used in the portal (any case), but allows it in another portal', async () => {
    await createVault(t, admin, w.a.id, vaultBody({ email: 'dup@example.com', packageId: w.gold.id }));
    const again = await req(
      admin,
      'POST',
      `/api/v1/users?sponsorId=${w.a.id}`,
      vaultBody({ email: 'DUP@example.com', packageId: w.gold.id }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A vault holder with the e-mail DUP@example.com already exists in this portal.');
    const elsewhere = await req(
      adminB,
      'POST',
      `/api/v1/users?sponsorId=${w.b.id}`,
      vaultBody({ email: 'dup@example.com', packageId: w.gold.id }),
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it('refuses another portal (403) and a missing portal (400)', async () => {
    const res = await req(admin, 'POST', `/api/v1/users?sponsorId=${w.b.id}`, vaultBody({ packageId: w.gold.id }));
    expect(res.statusCode).toBe(403);
    expect((await req(admin, 'POST', '/api/v1/users', vaultBody({ packageId: w.gold.id }))).statusCode).toBe(400);
    expect(await t.db.select().from(vaults)).toHaveLength(0);
  });
});

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
      vaultBody({ firstName: 'Alice', lastName: 'Other', email: 'alice@alpha.com', packageId: w.gold.id }),
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
      .set({ lastLoginAt: new Date('2026-03-04T00:00:00Z') })
      .where(eq(users.id, made[4]!.id));
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

describe('account actions', () => {
  it('deactivates (statusId 2) and activates (statusId 1) a holder, audited', async () => {
    const v = await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id }));
    const off = await req(admin, 'PUT', `/api/v1/users/activate?sponsorid=${w.a.id}`, { id: v.id, statusId: 2 });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ statusType: 'success', errorMsg: null });
    expect((await userRow(t, v.id))!.statusId).toBe(STATUS.inactive);
    const on = await req(admin, 'PUT', `/api/v1/users/activate?sponsorid=${w.a.id}`, { id: v.id, statusId: 1 });
    expect(on.json().message).toBe('Anna Berg is now active.');
    expect((await userRow(t, v.id))!.statusId).toBe(STATUS.active);
    expect(await audits('vault_holder.deactivate')).toHaveLength(1);
    expect((await audits('vault_holder.activate'))[0]).toMatchObject({ targetId: String(v.id), sponsorId: w.a.id });
  });

  it("refuses bad bodies, another portal's holder (404, unchanged) and an archived holder", async () => {
    const v = await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id }));
    for (const body of [
      { id: v.id, statusId: 3 },
      { id: v.id },
      { statusId: 1 },
      { id: 'x', statusId: 1 },
      { id: v.id, statusId: 1, role: 'staff' },
    ]) {
      expect((await req(admin, 'PUT', `/api/v1/users/activate?sponsorid=${w.a.id}`, body)).statusCode).toBe(400);
    }
    const foreign = await req(adminB, 'PUT', `/api/v1/users/activate?sponsorid=${w.b.id}`, { id: v.id, statusId: 1 });
    expect(foreign.statusCode).toBe(404);
    expect((await req(adminB, 'PUT', `/api/v1/users/activate?sponsorid=${w.a.id}`, { id: v.id, statusId: 1 })).statusCode).toBe(403);
    expect((await userRow(t, v.id))!.statusId).toBe(STATUS.pending);
    await setStatus(t, v.id, STATUS.archived);
    expect((await req(admin, 'PUT', `/api/v1/users/activate?sponsorid=${w.a.id}`, { id: v.id, statusId: 1 })).statusCode).toBe(409);
    expect(await audits('vault_holder.activate')).toHaveLength(0);
  });

  it('sends a password reset link to an active holder only', async () => {
    const v = await createVault(t, admin, w.a.id, vaultBody({ email: 'reset@example.com', packageId: w.gold.id }));
    expect((await req(admin, 'PUT', `/api/v1/users/resetpassword?sponsorid=${w.a.id}`, { id: v.id })).statusCode).toBe(409);
    await setStatus(t, v.id, STATUS.active);
    const res = await req(admin, 'PUT', `/api/v1/users/resetpassword?sponsorid=${w.a.id}`, {
      id: v.id,
      firstName: 'Anna',
      lastName: 'Berg',
      email: 'reset@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('A password reset link was sent to reset@example.com.');
    const [mail] = await t.db.select().from(emailOutbox);
    expect(mail).toMatchObject({ toAddress: 'reset@example.com', template: 'password_reset' });
    expect(await audits('vault_holder.password_reset')).toHaveLength(1);
    expect((await req(adminB, 'PUT', `/api/v1/users/resetpassword?sponsorid=${w.b.id}`, { id: v.id })).statusCode).toBe(404);
    expect((await req(admin, 'PUT', `/api/v1/users/resetpassword?sponsorid=${w.a.id}`, {})).statusCode).toBe(400);
    expect(await t.db.select().from(emailOutbox)).toHaveLength(1);
  });

  it('resends the activation e-mail to a pending holder only', async () => {
    const v = await createVault(t, admin, w.a.id, vaultBody({ email: 'again@example.com', packageId: w.gold.id }));
    const res = await req(admin, 'PUT', `/api/v1/users/${v.id}/resendactivationemail?sponsorid=${w.a.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('An activation e-mail was sent to again@example.com.');
    expect(await t.db.select().from(emailOutbox)).toHaveLength(1);
    expect((await audits('vault_holder.activation_email'))[0]).toMatchObject({ targetId: String(v.id) });
    expect((await req(admin, 'PUT', `/api/v1/users/${v.id}/resendactivationemail?sponsorid=${w.a.id}`, { id: v.id + 1 })).statusCode).toBe(
      400,
    );
    expect((await req(adminB, 'PUT', `/api/v1/users/${v.id}/resendactivationemail?sponsorid=${w.b.id}`)).statusCode).toBe(404);
    expect((await req(admin, 'PUT', `/api/v1/users/abc/resendactivationemail?sponsorid=${w.a.id}`)).statusCode).toBe(400);
    await setStatus(t, v.id, STATUS.active);
    expect((await req(admin, 'PUT', `/api/v1/users/${v.id}/resendactivationemail?sponsorid=${w.a.id}`)).statusCode).toBe(409);
    expect(await t.db.select().from(emailOutbox)).toHaveLength(1);
  });

  it('resets the MFA of a vault (ownerId = vault id) with hasManageMfaAccess only', async () => {
    const v = await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id }));
    await t.db.update(users).set({ mfaEnabled: true, mfaSecret: 'secret' }).where(eq(users.id, v.id));
    expect((await req(await plain(), 'POST', `/api/v1/vaults/reset-mfa?ownerId=${v.vaultId}&sponsorId=${w.a.id}`, {})).statusCode).toBe(
      403,
    );
    expect((await req(adminB, 'POST', `/api/v1/vaults/reset-mfa?ownerId=${v.vaultId}&sponsorId=${w.b.id}`, {})).statusCode).toBe(404);
    expect((await userRow(t, v.id))!.mfaEnabled).toBe(true);
    const res = await req(admin, 'POST', `/api/v1/vaults/reset-mfa?ownerId=${v.vaultId}&sponsorId=${w.a.id}`, {});
    expect(res.statusCode).toBe(200);
    expect(await userRow(t, v.id)).toMatchObject({ mfaEnabled: false, mfaSecret: null });
    const [entry] = await audits('vault_holder.reset_mfa');
    expect(entry).toMatchObject({ targetId: String(v.id) });
    expect(JSON.stringify(entry!.logJson)).not.toContain('secret');
    expect((await req(admin, 'POST', `/api/v1/vaults/reset-mfa?sponsorId=${w.a.id}`, {})).statusCode).toBe(400);
  });
});

describe('users/{id}: the test-account read and save', () => {
  it('reads and saves the flag of a vault holder of the portal, audited', async () => {
    const v = await createVault(t, admin, w.a.id, vaultBody({ email: 'flag@example.com', packageId: w.gold.id }));
    const got = await req(admin, 'GET', `/api/v1/users/${v.id}?sponsorid=${w.a.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ id: v.id, role: 'vault_holder', email: 'flag@example.com', testAccount: false, sponsorId: w.a.id });
    const put = await req(admin, 'PUT', `/api/v1/users/${v.id}?sponsorid=${w.a.id}&testaccount=true`, got.json());
    expect(put.statusCode).toBe(200);
    expect(put.json().testAccount).toBe(true);
    expect((await userRow(t, v.id))!.testAccount).toBe(true);
    expect((await audits('vault_holder.test_account'))[0]!.logJson).toMatchObject({ testAccount: { from: false, to: true } });
    // Without the query flag the body decides; no body and no flag is a 400.
    expect((await req(admin, 'PUT', `/api/v1/users/${v.id}?sponsorid=${w.a.id}`, { testAccount: false })).json().testAccount).toBe(false);
    expect((await req(admin, 'PUT', `/api/v1/users/${v.id}?sponsorid=${w.a.id}`, {})).statusCode).toBe(400);
    expect((await req(admin, 'PUT', `/api/v1/users/${v.id}?sponsorid=${w.a.id}&testaccount=maybe`, {})).statusCode).toBe(400);
    expect((await req(admin, 'PUT', `/api/v1/users/${v.id}?sponsorid=${w.a.id}&testaccount=true`, { id: v.id + 1 })).statusCode).toBe(400);
    expect((await req(admin, 'PUT', `/api/v1/users/${v.id}?sponsorid=${w.a.id}&testaccount=true`, { passwordHash: 'x' })).statusCode).toBe(
      400,
    );
  });

  it('works for an advisor linked to the portal, and not for others', async () => {
    const got = await req(admin, 'GET', `/api/v1/users/${w.advisor.id}?sponsorid=${w.a.id}`);
    expect(got.json()).toMatchObject({ role: 'advisor', email: 'rep@advisors.test' });
    const put = await req(admin, 'PUT', `/api/v1/users/${w.advisor.id}?sponsorid=${w.a.id}&testaccount=1`, undefined);
    expect(put.statusCode).toBe(200);
    // The flag is this portal's link's: the person's own record (and other portals) keep theirs.
    expect(put.json().testAccount).toBe(true);
    expect((await req(admin, 'GET', `/api/v1/users/${w.advisor.id}?sponsorid=${w.a.id}`)).json().testAccount).toBe(true);
    expect((await userRow(t, w.advisor.id))!.testAccount).toBe(false);
    expect(await audits('advisor.test_account')).toHaveLength(1);
    for (const id of [w.advisorB.id, w.loneAdvisor.id, admin.userId, staff.userId]) {
      expect((await req(admin, 'GET', `/api/v1/users/${id}?sponsorid=${w.a.id}`)).statusCode).toBe(404);
      expect((await req(admin, 'PUT', `/api/v1/users/${id}?sponsorid=${w.a.id}&testaccount=true`)).statusCode).toBe(404);
    }
    expect((await userRow(t, w.advisorB.id))!.testAccount).toBe(false);
    const v = await createVault(t, adminB, w.b.id, vaultBody({ packageId: w.gold.id }));
    expect((await req(admin, 'PUT', `/api/v1/users/${v.id}?sponsorid=${w.a.id}&testaccount=true`)).statusCode).toBe(404);
    expect((await userRow(t, v.id))!.testAccount).toBe(false);
  });
});

describe('archive, document count and delete', () => {
  it('counts the documents of a vault of the portal only', async () => {
    const v = await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id }));
    await addDocuments(t, v.vaultId, 3);
    const res = await req(admin, 'GET', `/api/v1/vaults/${v.vaultId}/count?sponsorid=${w.a.id}`);
    expect(res.json()).toEqual({ count: 3 });
    expect((await req(adminB, 'GET', `/api/v1/vaults/${v.vaultId}/count?sponsorid=${w.b.id}`)).statusCode).toBe(404);
    expect((await req(admin, 'GET', `/api/v1/vaults/0/count?sponsorid=${w.a.id}`)).statusCode).toBe(400);
  });

  it('archives with a 20-1024 character reason: status 4, reason, who and when; data kept', async () => {
    const v = await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id }));
    await addDocuments(t, v.vaultId, 2);
    for (const deleteReason of ['short reason', ' '.repeat(30), `${'x'.repeat(19)}          `, 'x'.repeat(1025)]) {
      const res = await req(admin, 'POST', `/api/v1/vaults/${v.vaultId}?sponsorid=${w.a.id}`, { deleteReason });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(REASON_MESSAGE);
    }
    expect((await req(admin, 'POST', `/api/v1/vaults/${v.vaultId}?sponsorid=${w.a.id}`, {})).statusCode).toBe(400);
    expect(
      (await req(await plain(), 'POST', `/api/v1/vaults/${v.vaultId}?sponsorid=${w.a.id}`, { deleteReason: 'Closed account, ticket 4711' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await req(adminB, 'POST', `/api/v1/vaults/${v.vaultId}?sponsorid=${w.b.id}`, { deleteReason: 'Closed account, ticket 4711' }))
        .statusCode,
    ).toBe(404);
    expect((await vaultRow(t, v.vaultId))!.archivedAt).toBeNull();

    const res = await req(admin, 'POST', `/api/v1/vaults/${v.vaultId}?sponsorid=${w.a.id}`, {
      deleteReason: '  Closed account, ticket 4711  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().statusType).toBe('success');
    const row = await vaultRow(t, v.vaultId);
    expect(row).toMatchObject({ archiveReason: 'Closed account, ticket 4711', archivedByUserId: admin.userId });
    expect(row!.archivedAt).toBeInstanceOf(Date);
    expect((await userRow(t, v.id))!.statusId).toBe(STATUS.archived);
    expect((await req(admin, 'GET', `/api/v1/vaults/${v.vaultId}/count?sponsorid=${w.a.id}`)).json().count).toBe(2);
    expect((await audits('vault_holder.archive'))[0]!.logJson).toMatchObject({
      reason: 'Closed account, ticket 4711',
      documents: 2,
      vaultId: v.vaultId,
    });
    const twice = await req(admin, 'POST', `/api/v1/vaults/${v.vaultId}?sponsorid=${w.a.id}`, {
      deleteReason: 'Closed account, ticket 4711',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('deletes an empty vault holder; refuses a vault with documents until archived', async () => {
    const empty = await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id, sponsoredAdvisorUserId: [w.advisor.id] }));
    const full = await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id }));
    await addDocuments(t, full.vaultId, 1);
    expect((await req(adminB, 'DELETE', `/api/v1/vaults?ownerId=${empty.vaultId}&sponsorId=${w.b.id}`)).statusCode).toBe(404);
    expect((await req(admin, 'DELETE', `/api/v1/vaults?sponsorId=${w.a.id}`)).statusCode).toBe(400);
    const ok = await req(admin, 'DELETE', `/api/v1/vaults?ownerId=${empty.vaultId}&sponsorId=${w.a.id}`);
    expect(ok.statusCode).toBe(200);
    expect(await userRow(t, empty.id)).toBeUndefined();
    expect(await vaultRow(t, empty.vaultId)).toBeUndefined();
    expect((await audits('vault_holder.delete'))[0]).toMatchObject({ targetId: String(empty.id), sponsorId: w.a.id });

    const refused = await req(admin, 'DELETE', `/api/v1/vaults?ownerId=${full.vaultId}&sponsorId=${w.a.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/holds 1 document\. Archive it first/);
    await req(admin, 'POST', `/api/v1/vaults/${full.vaultId}?sponsorid=${w.a.id}`, { deleteReason: 'Closed account, ticket 4711' });
    expect((await req(admin, 'DELETE', `/api/v1/vaults?ownerId=${full.vaultId}&sponsorId=${w.a.id}`)).statusCode).toBe(200);
    expect(await vaultRow(t, full.vaultId)).toBeUndefined();
  });
});

describe('vault details', () => {
  it('answers profile, package, group, template, advisors, documents, dates, MFA and history', async () => {
    const v = await createVault(
      t,
      admin,
      w.a.id,
      vaultBody({ email: 'd@example.com', packageId: w.gold.id, sponsoredAdvisorUserId: [w.advisor.id], templateId: w.template.id }),
    );
    await addDocuments(t, v.vaultId, 2);
    await t.db.update(vaults).set({ storageUsedBytes: 2000 }).where(eq(vaults.id, v.vaultId));
    await req(admin, 'PUT', `/api/v1/users/activate?sponsorid=${w.a.id}`, { id: v.id, statusId: 1 });
    const res = await req(admin, 'GET', `/api/v1/vaults/${v.vaultId}/details?sponsorid=${w.a.id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      vaultId: v.vaultId,
      id: v.id,
      email: 'd@example.com',
      status: 'Active',
      package: { id: w.gold.id, name: 'Gold Plan' },
      license: 'trial',
      tag: 'individual',
      template: { id: w.template.id, name: 'Family folders' },
      group: null,
      advisors: [{ userId: w.advisor.id, email: 'rep@advisors.test' }],
      documentCount: 2,
      storageUsedBytes: 2000,
      mfaEnabled: false,
      archivedAt: null,
    });
    expect(d.activatedAt).not.toBeNull();
    expect(d.history.map((h: { action: string }) => h.action)).toEqual(['vault_holder.activate', 'vault_holder.create']);
    expect((await req(adminB, 'GET', `/api/v1/vaults/${v.vaultId}/details?sponsorid=${w.b.id}`)).statusCode).toBe(404);
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

describe('tenant isolation holds for staff too', () => {
  it('staff reach any portal but ids must belong to the named portal', async () => {
    const v = await createVault(t, staff, w.a.id, vaultBody({ packageId: w.gold.id }));
    expect((await req(staff, 'PUT', `/api/v1/users/activate?sponsorid=${w.b.id}`, { id: v.id, statusId: 1 })).statusCode).toBe(404);
    expect((await req(staff, 'PUT', `/api/v1/users/activate?sponsorid=${w.a.id}`, { id: v.id, statusId: 1 })).statusCode).toBe(200);
    const [u] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.id, v.id), eq(users.statusId, STATUS.active)));
    expect(u).toBeDefined();
  });
});
