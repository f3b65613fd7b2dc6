import { ADMIN_FLAGS, STATUS } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, sponsorAdmins, sponsorGroups, users } from '../../db/schema/index.js';
import { firstNamesOf, SORT_PEOPLE } from '../../test/people-sort.fixtures.js';
import { useTestApp } from '../../test/per-file-app.js';
import { newAdmin, sponsorAdminCalls } from './sponsor-admins.fixtures.js';

const t = useTestApp();
const { inject, setup, audits } = sponsorAdminCalls(t);

describe('POST /api/v1/sponsors/admin', () => {
  it('creates a pending administrator with every flag defaulting to false but private folders, e-mails an activation link and audits', async () => {
    const { a, staff } = await setup();
    const res = await inject(
      staff,
      'POST',
      '/api/v1/sponsors/admin',
      newAdmin(a.id, { hasManageMfaAccess: true, hasPrivateFoldersAccess: false }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      email: 'jane.doe@acme.example',
      sponsorId: a.id,
      statusId: STATUS.pending,
      status: 'Pending activation',
      title: 'Operations lead',
    });
    expect(body.hasPrivateFoldersAccess).toBe(true);
    expect(body.hasManageMfaAccess).toBe(true);
    for (const f of ADMIN_FLAGS.filter((f) => f !== 'hasPrivateFoldersAccess' && f !== 'hasManageMfaAccess')) expect(body[f]).toBe(false);
    expect(body.said).toBeGreaterThan(0);
    const [mail] = await t.db.select().from(emailOutbox);
    expect(mail).toMatchObject({ toAddress: 'jane.doe@acme.example', template: 'activation' });
    const [entry] = await audits('sponsor_admin.create');
    expect(entry).toMatchObject({ sponsorId: a.id, targetType: 'sponsor_admin', targetId: String(body.id) });
    expect(entry!.logJson).toMatchObject({
      email: 'jane.doe@acme.example',
      flags: { hasPrivateFoldersAccess: true, hasManageMfaAccess: true },
    });
  });

  it('refuses a bad e-mail, forbidden characters, unknown flags and a missing sponsor with 400, and changes nothing', async () => {
    const { a, staff } = await setup();
    for (const payload of [
      newAdmin(a.id, { email: 'not-an-email' }),
      newAdmin(a.id, { firstName: 'Jane<script>' }),
      newAdmin(a.id, { lastName: 'Doe; DROP' }),
      newAdmin(a.id, { firstName: '=HYPERLINK(1)' }),
      newAdmin(a.id, { hasSuperPowers: true }),
      newAdmin(a.id, { hasManageMfaAccess: 'yes' }),
      newAdmin(a.id, { localize: 'english please' }),
      { ...newAdmin(a.id), sponsorId: undefined },
    ]) {
      const res = await inject(staff, 'POST', '/api/v1/sponsors/admin', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(await t.db.select().from(sponsorAdmins)).toHaveLength(0);
  });

  it("accepts people's names with apostrophes, hyphens, periods and letters of any script", async () => {
    const { a, staff } = await setup();
    const names = [
      ['Siobhán', "O'Brien"],
      ['Jean-Luc', 'St. Pierre'],
      ['Zoë', 'D’Arcy'],
      ['Владимир', 'Путин-Смирнов'],
      ['美咲', '佐藤'],
    ];
    for (const [i, [firstName, lastName]] of names.entries()) {
      const res = await inject(
        staff,
        'POST',
        '/api/v1/sponsors/admin',
        newAdmin(a.id, { email: `p${i}@acme.example`, firstName, lastName }),
      );
      expect(res.statusCode, `${firstName} ${lastName}`).toBe(201);
    }
    const list = await inject(staff, 'GET', '/api/v1/sponsors/admin?sponsorCode=ACME&offset=0&limit=20');
    expect(list.json().data.map((r: { lastName: string }) => r.lastName)).toContain("O'Brien");
  });

  it('accepts the accented letters of the specification in the e-mail domain', async () => {
    const { a, staff } = await setup();
    const res = await inject(
      staff,
      'POST',
      '/api/v1/sponsors/admin',
      newAdmin(a.id, { email: 'jane@bär-straße.example'.replace('ß', 'ss') }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('answers 409 for an e-mail already used by an administrator of this sponsor, and in another sponsor (one e-mail, one account)', async () => {
    const { a, b, staff } = await setup();
    expect((await inject(staff, 'POST', '/api/v1/sponsors/admin', newAdmin(a.id))).statusCode).toBe(201);
    const again = await inject(staff, 'POST', '/api/v1/sponsors/admin', newAdmin(a.id, { email: 'JANE.DOE@acme.example' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already used/);
    const elsewhere = await inject(staff, 'POST', '/api/v1/sponsors/admin', newAdmin(b.id));
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().details).toEqual([{ field: 'email', message: 'Belongs to another account' }]);
  });

  it('checks the group belongs to the sponsor', async () => {
    const { a, b, staff } = await setup();
    const [g] = await t.db.insert(sponsorGroups).values({ sponsorId: b.id, name: 'West', code: 'W' }).returning();
    const res = await inject(staff, 'POST', '/api/v1/sponsors/admin', newAdmin(a.id, { group: g!.id }));
    expect(res.statusCode).toBe(400);
    const [own] = await t.db.insert(sponsorGroups).values({ sponsorId: a.id, name: 'East', code: 'E' }).returning();
    const ok = await inject(staff, 'POST', '/api/v1/sponsors/admin', newAdmin(a.id, { group: own!.id }));
    expect(ok.json()).toMatchObject({ group: own!.id, groupName: 'East' });
  });

  it('lets a sponsor administrator create only in their sponsor, and only grant flags they hold', async () => {
    const { a, b } = await setup();
    const admin = await t.signInSponsorAdmin(a.id, { hasTemplateAccess: true, hasManageAdminsAccess: true });
    expect((await inject(admin, 'POST', '/api/v1/sponsors/admin', newAdmin(b.id))).statusCode).toBe(403);
    const escalate = await inject(admin, 'POST', '/api/v1/sponsors/admin', newAdmin(a.id, { hasManageMfaAccess: true }));
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().message).toMatch(/hasManageMfaAccess/);
    const ok = await inject(admin, 'POST', '/api/v1/sponsors/admin', newAdmin(a.id, { hasTemplateAccess: true }));
    expect(ok.statusCode).toBe(201);
    expect((await t.db.select().from(sponsorAdmins)).filter((r) => r.sponsorId === b.id)).toHaveLength(0);
  });
});

describe('GET /api/v1/sponsors/admin and search', () => {
  it("lists the sponsor's administrators with paging, by sponsor code in any case", async () => {
    const { a, b, staff } = await setup();
    for (let i = 0; i < 23; i++)
      await inject(staff, 'POST', '/api/v1/sponsors/admin', newAdmin(a.id, { email: `p${i}@acme.example`, firstName: `Person${i}` }));
    await inject(staff, 'POST', '/api/v1/sponsors/admin', newAdmin(b.id));
    const first = await inject(staff, 'GET', '/api/v1/sponsors/admin?sponsorcode=acme&offset=0&limit=20');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 23, activePage: 1, perPage: 20, isEditable: true });
    expect(first.json().data).toHaveLength(20);
    const second = await inject(staff, 'GET', '/api/v1/sponsors/admin?sponsorCode=ACME&offset=20&limit=20');
    expect(second.json().data).toHaveLength(3);
    expect(second.json().activePage).toBe(2);
    expect((await inject(staff, 'GET', '/api/v1/sponsors/admin?sponsorcode=ACME&limit=500')).statusCode).toBe(400);
    expect((await inject(staff, 'GET', '/api/v1/sponsors/admin')).statusCode).toBe(400);
  });

  it('searches by field name and value', async () => {
    const { a, staff } = await setup();
    await inject(staff, 'POST', '/api/v1/sponsors/admin', newAdmin(a.id));
    await inject(
      staff,
      'POST',
      '/api/v1/sponsors/admin',
      newAdmin(a.id, { email: 'max@acme.example', firstName: 'Max', lastName: 'Power', title: 'CFO' }),
    );
    const search = (fieldName: string, fieldValue: string) =>
      inject(staff, 'POST', `/api/v1/sponsors/admin/search?sponsorId=${a.id}&offset=0&limit=20`, { fieldName, fieldValue });
    expect((await search('email', 'MAX@')).json().data.map((r: { firstName: string }) => r.firstName)).toEqual(['Max']);
    expect((await search('name', 'max power')).json().total).toBe(1);
    expect((await search('title', 'cfo')).json().total).toBe(1);
    expect((await search('all', '')).json().total).toBe(2);
    expect((await search('all', '%')).json().total).toBe(0);
    expect((await search('password', 'x')).statusCode).toBe(400);
  });

  it('sorts the list and a search by name, e-mail and status, ties by id, and refuses an unknown sort', async () => {
    const { a, staff } = await setup();
    for (const [firstName, lastName] of SORT_PEOPLE)
      await inject(
        staff,
        'POST',
        '/api/v1/sponsors/admin',
        newAdmin(a.id, { email: `${firstName.toLowerCase()}@acme.example`, firstName, lastName }),
      );
    const names = firstNamesOf((method, url, body) => inject(staff, method, url, body));
    const list = '/api/v1/sponsors/admin?sponsorcode=ACME';
    // Without a sort, newest first, as before.
    expect(await names(list)).toEqual(['Zoe', 'Ann', 'Max']);
    expect(await names(`${list}&sortBy=lastName`)).toEqual(['Zoe', 'Max', 'Ann']);
    expect(await names(`${list}&sortBy=firstName&sortDir=desc`)).toEqual(['Zoe', 'Max', 'Ann']);
    expect(await names(`${list}&sortBy=email&offset=1&limit=1`)).toEqual(['Max']);
    await t.db.update(users).set({ statusId: STATUS.active }).where(eq(users.email, 'max@acme.example'));
    expect(await names(`${list}&sortBy=status`)).toEqual(['Max', 'Ann', 'Zoe']);
    const search = `/api/v1/sponsors/admin/search?sponsorId=${a.id}&sortBy=lastName&sortDir=desc`;
    expect(await names(search, { fieldName: 'email', fieldValue: 'acme' })).toEqual(['Ann', 'Max', 'Zoe']);
    expect((await inject(staff, 'GET', `${list}&sortBy=password`)).statusCode).toBe(400);
    expect((await inject(staff, 'GET', `${list}&sortBy=email&sortDir=sideways`)).statusCode).toBe(400);
  });

  it("refuses another sponsor's list to a sponsor administrator", async () => {
    const { a, b } = await setup();
    const admin = await t.signInSponsorAdmin(a.id);
    expect((await inject(admin, 'GET', '/api/v1/sponsors/admin?sponsorcode=BETA')).statusCode).toBe(403);
    expect(
      (await inject(admin, 'POST', `/api/v1/sponsors/admin/search?sponsorId=${b.id}`, { fieldName: 'all', fieldValue: '' })).statusCode,
    ).toBe(403);
    const own = await inject(admin, 'GET', '/api/v1/sponsors/admin?sponsorcode=ACME');
    expect(own.json().total).toBe(1);
  });
});

describe('administrator detail', () => {
  it("reads and changes flags, title and group, audits the change, and hides another sponsor's administrator", async () => {
    const { a, b, staff } = await setup();
    const created = (await inject(staff, 'POST', '/api/v1/sponsors/admin', newAdmin(a.id))).json();
    const get = await inject(staff, 'GET', `/api/v1/sponsors/admin/${created.id}?sponsorid=${a.id}`);
    expect(get.json()).toMatchObject({ id: created.id, said: created.said });
    const put = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${created.id}?sponsorid=${a.id}`, {
      hasArchiveVaultAccess: true,
      title: 'Head of client service',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ hasArchiveVaultAccess: true, title: 'Head of client service' });
    const [entry] = await audits('sponsor_admin.update');
    expect(entry!.logJson).toMatchObject({ changes: { hasArchiveVaultAccess: { from: false, to: true } } });
    expect((await inject(staff, 'GET', `/api/v1/sponsors/admin/${created.id}?sponsorid=${b.id}`)).statusCode).toBe(404);
    const wrong = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${created.id}?sponsorid=${b.id}`, { hasArchiveVaultAccess: false });
    expect(wrong.statusCode).toBe(404);
    expect(
      (await inject(staff, 'PUT', `/api/v1/sponsors/admin/${created.id}?sponsorid=${a.id}`, { email: 'x@y.example' })).statusCode,
    ).toBe(400);
    expect((await inject(staff, 'PUT', `/api/v1/sponsors/admin/${created.id}?sponsorid=${a.id}`, { hasWings: true })).statusCode).toBe(400);
    const [row] = await t.db.select().from(sponsorAdmins).where(eq(sponsorAdmins.userId, created.id));
    expect(row!.hasArchiveVaultAccess).toBe(true);
  });

  it('lets a sponsor administrator remove but not add flags they lack', async () => {
    const { a, staff } = await setup();
    const created = (await inject(staff, 'POST', '/api/v1/sponsors/admin', newAdmin(a.id, { hasIntegrationAccess: true }))).json();
    const admin = await t.signInSponsorAdmin(a.id, { hasManageAdminsAccess: true });
    expect(
      (await inject(admin, 'PUT', `/api/v1/sponsors/admin/${created.id}?sponsorid=${a.id}`, { hasManageMfaAccess: true })).statusCode,
    ).toBe(403);
    // Keeping a flag the target already has is not a grant.
    const keep = await inject(admin, 'PUT', `/api/v1/sponsors/admin/${created.id}?sponsorid=${a.id}`, {
      hasIntegrationAccess: true,
      title: 'x',
    });
    expect(keep.statusCode).toBe(200);
    const drop = await inject(admin, 'PUT', `/api/v1/sponsors/admin/${created.id}?sponsorid=${a.id}`, { hasIntegrationAccess: false });
    expect(drop.json().hasIntegrationAccess).toBe(false);
  });
});
