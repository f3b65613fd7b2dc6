import { ADMIN_FLAGS, STATUS } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, sessions, sponsorAdmins, sponsorGroups, users } from '../../db/schema/index.js';
import type { Auth } from '../../test/harness.js';
import { firstNamesOf, SORT_PEOPLE } from '../../test/people-sort.fixtures.js';
import { auditReader, twoSponsorsAndStaff, useTestApp } from '../../test/per-file-app.js';

const t = useTestApp();

const inject = (auth: Auth, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...auth.headers, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

const newAdmin = (sponsorId: number, extra: Record<string, unknown> = {}) => ({
  email: 'jane.doe@acme.example',
  firstName: 'Jane',
  lastName: 'Doe',
  sponsorId,
  title: 'Operations lead',
  testAccount: false,
  localize: 'en',
  ...extra,
});

const setup = () => twoSponsorsAndStaff(t);

const audits = auditReader(t);

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

  it('answers 409 for an e-mail already used by an administrator of this sponsor, but allows it in another sponsor', async () => {
    const { a, b, staff } = await setup();
    expect((await inject(staff, 'POST', '/api/v1/sponsors/admin', newAdmin(a.id))).statusCode).toBe(201);
    const again = await inject(staff, 'POST', '/api/v1/sponsors/admin', newAdmin(a.id, { email: 'JANE.DOE@acme.example' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already used/);
    expect((await inject(staff, 'POST', '/api/v1/sponsors/admin', newAdmin(b.id))).statusCode).toBe(201);
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

describe('administrator account actions', () => {
  async function pendingAdmin() {
    const s = await setup();
    const created = (await inject(s.staff, 'POST', '/api/v1/sponsors/admin', newAdmin(s.a.id))).json();
    return { ...s, created };
  }

  it('resends the activation e-mail while pending, activates with statusId 1, then resets the password', async () => {
    const { a, staff, created } = await pendingAdmin();
    const resend = await inject(staff, 'POST', `/api/v1/sponsors/admin/${created.id}/activation-email?sponsorid=${a.id}`);
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toMatchObject({ statusType: 'success', errorMsg: null });
    expect((await inject(staff, 'PUT', `/api/v1/sponsors/admin/${created.id}/resetpassword?sponsorid=${a.id}`)).statusCode).toBe(409);
    const act = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${created.id}/activate?sponsorid=${a.id}`, { statusId: 1 });
    expect(act.json().message).toMatch(/now active/);
    const [u] = await t.db.select().from(users).where(eq(users.id, created.id));
    expect(u!.statusId).toBe(STATUS.active);
    const reset = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${created.id}/resetpassword?sponsorid=${a.id}`);
    expect(reset.json().message).toMatch(/password reset link/);
    expect((await inject(staff, 'POST', `/api/v1/sponsors/admin/${created.id}/activation-email?sponsorid=${a.id}`)).statusCode).toBe(409);
    const actions = (await t.db.select().from(auditLog)).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['sponsor_admin.activation_email', 'sponsor_admin.activate', 'sponsor_admin.password_reset']),
    );
    const mails = await t.db.select().from(emailOutbox);
    expect(mails.map((m) => m.template)).toEqual(['activation', 'activation', 'password_reset']);
    expect(JSON.stringify(await t.db.select().from(auditLog))).not.toMatch(/set-password\?token=/);
  });

  it('deactivates with or without the v2 version header, ends the sessions, and refuses an unknown version', async () => {
    const { a, staff } = await setup();
    const target = await t.signInSponsorAdmin(a.id, {}, 'target@acme.example');
    await t.signInSponsorAdmin(a.id, {}, 'keeper@acme.example');
    const v2 = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${target.userId}/deactivate?sponsorid=${a.id}`, undefined, {
      'accept-version': 'v2',
    });
    expect(v2.statusCode).toBe(200);
    expect(v2.headers['x-api-version']).toBe('v2');
    expect(v2.json()).toMatchObject({ statusType: 'success', dOutput: { id: target.userId, statusId: STATUS.inactive } });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/authentication/me', headers: target.headers })).statusCode).toBe(401);
    const [s] = await t.db.select().from(sessions).where(eq(sessions.userId, target.userId));
    expect(s!.revokedAt).not.toBeNull();
    const re = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${target.userId}/activate?sponsorid=${a.id}`);
    expect(re.json()).toMatchObject({ statusType: 'success' });
    const v1 = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${target.userId}/deactivate?sponsorid=${a.id}`);
    expect(v1.statusCode).toBe(200);
    expect(v1.json().dOutput).toBeUndefined();
    const xv = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${target.userId}/deactivate?sponsorid=${a.id}`, undefined, {
      'x-api-version': '2',
    });
    expect(xv.json().message).toMatch(/already inactive/);
    const bad = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${target.userId}/deactivate?sponsorid=${a.id}`, undefined, {
      'accept-version': 'v7',
    });
    expect(bad.statusCode).toBe(400);
    expect((await audits('sponsor_admin.deactivate')).length).toBe(2);
  });

  it('documents the version header in the OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const op = res.json().paths['/api/v1/sponsors/admin/{id}/deactivate'].put;
    expect(op.description).toMatch(/v2/);
    expect(op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['header:accept-version', 'query:sponsorid', 'path:id']),
    );
    for (const path of [
      '/api/v1/sponsors/admin',
      '/api/v1/sponsors/admin/search',
      '/api/v1/sponsors/admin/{id}',
      '/api/v1/sponsors/admin/{id}/activate',
      '/api/v1/sponsors/admin/{id}/resetpassword',
      '/api/v1/sponsors/admin/{id}/activation-email',
    ]) {
      expect(Object.keys(res.json().paths)).toContain(path);
    }
  });

  it("refuses self-deactivation, and another sponsor's administrator (404, nothing changed)", async () => {
    const { a, b, staff } = await setup();
    const self = await t.signInSponsorAdmin(a.id, { hasManageAdminsAccess: true });
    expect((await inject(self, 'PUT', `/api/v1/sponsors/admin/${self.userId}/deactivate?sponsorid=${a.id}`)).statusCode).toBe(409);
    const other = await t.signInSponsorAdmin(b.id, {}, 'other@beta.example');
    expect((await inject(staff, 'PUT', `/api/v1/sponsors/admin/${other.userId}/deactivate?sponsorid=${a.id}`)).statusCode).toBe(404);
    expect((await inject(self, 'PUT', `/api/v1/sponsors/admin/${other.userId}/deactivate?sponsorid=${b.id}`)).statusCode).toBe(403);
    expect((await inject(self, 'PUT', `/api/v1/sponsors/admin/${other.userId}/deactivate?sponsorid=${a.id}`)).statusCode).toBe(404);
    const [u] = await t.db.select().from(users).where(eq(users.id, other.userId));
    expect(u!.statusId).toBe(STATUS.active);
    expect(await audits('sponsor_admin.deactivate')).toHaveLength(0);
  });

  it("resets an administrator's MFA only with hasManageMfaAccess, ending their sessions", async () => {
    const { a } = await setup();
    const target = await t.signInSponsorAdmin(a.id, {}, 'target@acme.example');
    await t.db.update(users).set({ mfaEnabled: true, mfaSecret: 'SECRET' }).where(eq(users.id, target.userId));
    const without = await t.signInSponsorAdmin(a.id, {}, 'nomfa@acme.example');
    expect((await inject(without, 'POST', `/api/v1/sponsors/admin/${target.userId}/reset-mfa?sponsorid=${a.id}`, {})).statusCode).toBe(403);
    const withFlag = await t.signInSponsorAdmin(a.id, { hasManageMfaAccess: true }, 'mfa@acme.example');
    const res = await inject(withFlag, 'POST', `/api/v1/sponsors/admin/${target.userId}/reset-mfa?sponsorid=${a.id}`, {});
    expect(res.statusCode).toBe(200);
    const [u] = await t.db.select().from(users).where(eq(users.id, target.userId));
    expect(u).toMatchObject({ mfaEnabled: false, mfaSecret: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/authentication/me', headers: target.headers })).statusCode).toBe(401);
    const [entry] = await audits('sponsor_admin.reset_mfa');
    expect(entry).toMatchObject({ actorUserId: withFlag.userId, targetId: String(target.userId) });
  });
});

describe('least privilege', () => {
  const snapshot = async () => ({
    users: await t.db.select().from(users).orderBy(users.id),
    admins: await t.db.select().from(sponsorAdmins).orderBy(sponsorAdmins.id),
    audit: (await t.db.select().from(auditLog)).length,
    mail: (await t.db.select().from(emailOutbox)).length,
  });

  it('refuses every administrator change to an administrator without "Manage administrators", naming it, and changes nothing', async () => {
    const { a } = await setup();
    const flagless = await t.signInSponsorAdmin(a.id, {}, 'flagless@acme.example');
    const other = await t.signInSponsorAdmin(a.id, {}, 'other@acme.example');
    const before = await snapshot();
    const calls: [method: 'POST' | 'PUT', url: string, payload?: unknown][] = [
      ['POST', '/api/v1/sponsors/admin', newAdmin(a.id)],
      ['PUT', `/api/v1/sponsors/admin/${other.userId}?sponsorid=${a.id}`, { firstName: 'Renamed' }],
      ['PUT', `/api/v1/sponsors/admin/${other.userId}/deactivate?sponsorid=${a.id}`],
      ['PUT', `/api/v1/sponsors/admin/${other.userId}/activate?sponsorid=${a.id}`, { statusId: 2 }],
      ['PUT', `/api/v1/sponsors/admin/${other.userId}/resetpassword?sponsorid=${a.id}`],
      ['POST', `/api/v1/sponsors/admin/${other.userId}/activation-email?sponsorid=${a.id}`],
      ['PUT', `/api/v1/sponsors/admin/${flagless.userId}?sponsorid=${a.id}`, { hasManageAdminsAccess: true }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await inject(flagless, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toMatch(/hasManageAdminsAccess/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets nobody change their own flags or grant flags they do not hold', async () => {
    const { a } = await setup();
    const manager = await t.signInSponsorAdmin(a.id, { hasManageAdminsAccess: true }, 'manager@acme.example');
    const other = await t.signInSponsorAdmin(a.id, {}, 'other@acme.example');
    const before = await snapshot();
    const raise = await inject(manager, 'PUT', `/api/v1/sponsors/admin/${manager.userId}?sponsorid=${a.id}`, { hasManageMfaAccess: true });
    expect(raise.statusCode).toBe(403);
    expect(raise.json().message).toMatch(/your own access flags: hasManageMfaAccess/);
    const drop = await inject(manager, 'PUT', `/api/v1/sponsors/admin/${manager.userId}?sponsorid=${a.id}`, {
      hasManageAdminsAccess: false,
    });
    expect(drop.statusCode).toBe(403);
    const grant = await inject(manager, 'PUT', `/api/v1/sponsors/admin/${other.userId}?sponsorid=${a.id}`, { hasIntegrationAccess: true });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toMatch(/hasIntegrationAccess/);
    expect(await snapshot()).toEqual(before);
    // Their own name is theirs to fix; handing on a flag they hold is allowed.
    expect(
      (await inject(manager, 'PUT', `/api/v1/sponsors/admin/${manager.userId}?sponsorid=${a.id}`, { lastName: 'Lee' })).statusCode,
    ).toBe(200);
    const handed = await inject(manager, 'PUT', `/api/v1/sponsors/admin/${other.userId}?sponsorid=${a.id}`, {
      hasManageAdminsAccess: true,
    });
    expect(handed.json().hasManageAdminsAccess).toBe(true);
  });

  it('never leaves a portal without an active administrator, not even for staff', async () => {
    const { a, staff } = await setup();
    const manager = await t.signInSponsorAdmin(a.id, { hasManageAdminsAccess: true }, 'manager@acme.example');
    const other = await t.signInSponsorAdmin(a.id, {}, 'other@acme.example');
    expect((await inject(manager, 'PUT', `/api/v1/sponsors/admin/${other.userId}/deactivate?sponsorid=${a.id}`)).statusCode).toBe(200);
    const last = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${manager.userId}/deactivate?sponsorid=${a.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(
      'manager@acme.example is the last active administrator of this portal; activate another administrator first.',
    );
    const viaActivate = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${manager.userId}/activate?sponsorid=${a.id}`, { statusId: 2 });
    expect(viaActivate.statusCode).toBe(409);
    const [u] = await t.db.select().from(users).where(eq(users.id, manager.userId));
    expect(u!.statusId).toBe(STATUS.active);
    expect(await audits('sponsor_admin.deactivate')).toHaveLength(1);
  });
});
