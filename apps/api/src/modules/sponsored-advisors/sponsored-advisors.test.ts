import { STATUS } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { advisors, auditLog, emailOutbox, sessions, sponsoredAdvisors, sponsorGroups, users } from '../../db/schema/index.js';
import type { Auth } from '../../test/harness.js';
import { firstNamesOf, SORT_PEOPLE } from '../../test/people-sort.fixtures.js';
import { auditReader, injector, twoSponsorsAndStaff, useTestApp } from '../../test/per-file-app.js';

const t = useTestApp();

const inject = injector(t);

const rep = (extra: Record<string, unknown> = {}) => ({
  email: 'ann.lee@advisors.example',
  firstName: 'Ann',
  lastName: 'Lee',
  localize: 'en',
  permissions: ['Tax', 'Estate'],
  testAccount: false,
  vaultActivationPermission: true,
  hasDocumentReviewAccess: true,
  ...extra,
});

const setup = () => twoSponsorsAndStaff(t);

const add = async (auth: Auth, sponsorId: number, extra: Record<string, unknown> = {}) => {
  const res = await inject(auth, 'POST', `/api/v1/sponsoredadvisor?sponsorId=${sponsorId}`, rep(extra));
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
};
const audits = auditReader(t);

describe('adding a representative', () => {
  it('creates a new advisor (user + advisor + representative), e-mails an activation link and audits', async () => {
    const { a, staff } = await setup();
    const res = await inject(staff, 'POST', `/api/v1/sponsoredadvisor?sponsorId=${a.id}`, rep());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      sponsorId: a.id,
      email: 'ann.lee@advisors.example',
      statusId: STATUS.pending,
      permissions: ['Tax', 'Estate'],
      vaultActivationPermission: true,
      hasDocumentReviewAccess: true,
      hasManageMfaAccess: false,
      ownerEmail: 'staff@test.local',
    });
    const [u] = await t.db.select().from(users).where(eq(users.id, body.userId));
    expect(u).toMatchObject({ role: 'advisor', sponsorId: null });
    expect(await t.db.select().from(advisors)).toHaveLength(1);
    expect((await t.db.select().from(emailOutbox))[0]).toMatchObject({ toAddress: 'ann.lee@advisors.example', template: 'activation' });
    const [entry] = await audits('sponsored_advisor.create');
    expect(entry).toMatchObject({ sponsorId: a.id, targetId: String(body.userId) });
    expect(entry!.logJson).toMatchObject({ staid: body.id, existingUser: false });
  });

  it('looks the e-mail up first: unknown, existing elsewhere (warning only), already assigned here', async () => {
    const { a, b, staff } = await setup();
    const unknown = await inject(staff, 'GET', `/api/v1/sponsoredadvisor/email?sponsorId=${a.id}&email=ann.lee%40advisors.example`);
    expect(unknown.json()).toMatchObject({ isExistingUser: false, isAssigned: false, warning: null, advisor: null });
    await add(staff, b.id);
    const details = await inject(staff, 'POST', `/api/v1/sponsoredadvisor/details?sponsorId=${a.id}`, {
      email: 'ANN.LEE@advisors.example',
      firstName: 'NA',
      lastName: 'NA',
    });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ isExistingUser: true, isAssigned: false, advisor: null, sponsoredAdvisor: null });
    expect(details.json().warning).toMatch(/already exists/);
    const here = await inject(staff, 'GET', `/api/v1/sponsoredadvisor/email?sponsorId=${b.id}&email=ann.lee@advisors.example`);
    expect(here.json()).toMatchObject({ isExistingUser: true, isAssigned: true });
    expect(here.json().sponsoredAdvisor.sponsorId).toBe(b.id);
    expect((await inject(staff, 'GET', `/api/v1/sponsoredadvisor/email?sponsorId=${a.id}&email=nope`)).statusCode).toBe(400);
    expect(
      (
        await inject(staff, 'POST', `/api/v1/sponsoredadvisor/details?sponsorId=${a.id}`, {
          email: 'x@y.example',
          firstName: 'N/A',
          lastName: 'NA',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('links an existing advisor to a second sponsor without touching their details, and refuses a second link with 409', async () => {
    const { a, b, staff } = await setup();
    const first = await add(staff, b.id);
    const linked = await inject(
      staff,
      'POST',
      `/api/v1/sponsoredadvisor?sponsorId=${a.id}`,
      rep({ firstName: 'Other', lastName: 'Name', permissions: ['Audit'], hasManageMfaAccess: true }),
    );
    expect(linked.statusCode).toBe(201);
    expect(linked.json()).toMatchObject({
      userId: first.userId,
      sponsorId: a.id,
      firstName: 'Ann',
      permissions: ['Audit'],
      hasManageMfaAccess: true,
    });
    expect(await t.db.select().from(users).where(eq(users.role, 'advisor'))).toHaveLength(1);
    expect(await t.db.select().from(emailOutbox)).toHaveLength(1);
    expect(await audits('sponsored_advisor.link')).toHaveLength(1);
    const again = await inject(staff, 'POST', `/api/v1/sponsoredadvisor?sponsorId=${a.id}`, rep());
    expect(again.statusCode).toBe(409);
    expect(await t.db.select().from(sponsoredAdvisors)).toHaveLength(2);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const { a, b, staff } = await setup();
    const [g] = await t.db.insert(sponsorGroups).values({ sponsorId: b.id, name: 'West', code: 'W' }).returning();
    for (const payload of [
      rep({ email: 'ann@' }),
      rep({ firstName: 'Ann!' }),
      rep({ lastName: 'Lee;' }),
      rep({ hasFlyingAccess: true }),
      rep({ permissions: 'Tax' }),
      rep({ permissions: [''] }),
      rep({ group: g!.id }),
      rep({ localize: 'xx-yy-zz' }),
    ]) {
      const res = await inject(staff, 'POST', `/api/v1/sponsoredadvisor?sponsorId=${a.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await inject(staff, 'POST', '/api/v1/sponsoredadvisor', rep())).statusCode).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.role, 'advisor'))).toHaveLength(0);
  });

  it('lets a sponsor administrator add only in their own sponsor', async () => {
    const { a, b } = await setup();
    const admin = await t.signInSponsorAdmin(a.id);
    expect((await inject(admin, 'POST', `/api/v1/sponsoredadvisor?sponsorId=${b.id}`, rep())).statusCode).toBe(403);
    expect((await inject(admin, 'GET', `/api/v1/sponsoredadvisor/email?sponsorId=${b.id}&email=a@b.example`)).statusCode).toBe(403);
    expect((await inject(admin, 'POST', `/api/v1/sponsoredadvisor?sponsorId=${a.id}`, rep())).statusCode).toBe(201);
  });
});

describe('listing, searching and reading representatives', () => {
  it('lists by sponsor code with paging, searches, reads one by user id, lists the unassigned', async () => {
    const { a, b, staff } = await setup();
    const [g] = await t.db.insert(sponsorGroups).values({ sponsorId: a.id, name: 'East', code: 'E' }).returning();
    for (let i = 0; i < 22; i++)
      await add(staff, a.id, { email: `r${i}@advisors.example`, firstName: `Rep${i}`, group: i < 2 ? g!.id : null });
    const other = await add(staff, b.id, { email: 'beta@advisors.example' });
    const list = await inject(staff, 'GET', '/api/v1/sponsoredadvisor?sponsorCode=ACME&offset=20&limit=20');
    expect(list.json()).toMatchObject({ total: 22, activePage: 2, perPage: 20 });
    expect(list.json().data).toHaveLength(2);
    const search = await inject(staff, 'POST', `/api/v1/sponsoredadvisor/search?sponsorid=${a.id}&offset=0&limit=20`, {
      fieldName: 'firstName',
      fieldValue: 'rep1',
    });
    expect(search.json().total).toBe(11);
    const byStatus = await inject(staff, 'POST', `/api/v1/sponsoredadvisor/search?sponsorid=${a.id}`, {
      fieldName: 'status',
      fieldValue: 'pending',
    });
    expect(byStatus.json().total).toBe(22);
    expect(
      (await inject(staff, 'POST', `/api/v1/sponsoredadvisor/search?sponsorid=${a.id}`, { fieldName: 'passwordHash', fieldValue: 'x' }))
        .statusCode,
    ).toBe(400);
    const unassigned = await inject(staff, 'GET', `/api/v1/sponsoredadvisor/unassigned?sponsorid=${a.id}`);
    expect(unassigned.json().total).toBe(20);
    const one = list.json().data[0];
    const get = await inject(staff, 'GET', `/api/v1/sponsoredadvisor/${one.userId}?sponsorId=${a.id}`);
    expect(get.json()).toMatchObject({ id: one.id, userId: one.userId });
    expect((await inject(staff, 'GET', `/api/v1/sponsoredadvisor/${other.userId}?sponsorId=${a.id}`)).statusCode).toBe(404);
  });

  it('sorts the list, a search and the unassigned by name or e-mail, ties by id; status is not a sort', async () => {
    const { a, staff } = await setup();
    for (const [firstName, lastName] of SORT_PEOPLE)
      await add(staff, a.id, { email: `${firstName.toLowerCase()}@advisors.example`, firstName, lastName });
    const names = firstNamesOf((method, url, body) => inject(staff, method, url, body));
    expect(await names('/api/v1/sponsoredadvisor?sponsorCode=ACME')).toEqual(['Zoe', 'Ann', 'Max']);
    expect(await names('/api/v1/sponsoredadvisor?sponsorCode=ACME&sortBy=lastName')).toEqual(['Zoe', 'Max', 'Ann']);
    expect(await names(`/api/v1/sponsoredadvisor/unassigned?sponsorid=${a.id}&sortBy=email&sortDir=desc`)).toEqual(['Zoe', 'Max', 'Ann']);
    const search = `/api/v1/sponsoredadvisor/search?sponsorid=${a.id}&sortBy=firstName`;
    expect(await names(search, { fieldName: 'email', fieldValue: 'advisors' })).toEqual(['Ann', 'Max', 'Zoe']);
    expect((await inject(staff, 'GET', '/api/v1/sponsoredadvisor?sponsorCode=ACME&sortBy=status')).statusCode).toBe(400);
  });

  it('refuses another sponsor to a sponsor administrator', async () => {
    const { a, b, staff } = await setup();
    const other = await add(staff, b.id);
    const admin = await t.signInSponsorAdmin(a.id);
    expect((await inject(admin, 'GET', '/api/v1/sponsoredadvisor?sponsorCode=BETA')).statusCode).toBe(403);
    expect((await inject(admin, 'GET', `/api/v1/sponsoredadvisor/${other.userId}?sponsorId=${b.id}`)).statusCode).toBe(403);
    expect((await inject(admin, 'GET', `/api/v1/sponsoredadvisor/${other.userId}?sponsorId=${a.id}`)).statusCode).toBe(404);
    expect((await inject(admin, 'GET', `/api/v1/sponsoredadvisor/unassigned?sponsorid=${b.id}`)).statusCode).toBe(403);
  });
});

describe('PUT /api/v1/sponsoredadvisor/update', () => {
  it('saves group, permissions, flags and names, and audits what changed', async () => {
    const { a, staff } = await setup();
    const created = await add(staff, a.id);
    const [g] = await t.db.insert(sponsorGroups).values({ sponsorId: a.id, name: 'East', code: 'E' }).returning();
    const res = await inject(staff, 'PUT', `/api/v1/sponsoredadvisor/update?sponsorId=${a.id}`, {
      ...rep({ firstName: 'Annie' }),
      id: created.id,
      userId: created.userId,
      group: g!.id,
      permissions: ['Tax', 'Tax', 'Insurance'],
      hasArchiveVaultAccess: true,
      hasDocumentRetentionAccess: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Annie',
      group: g!.id,
      groupName: 'East',
      permissions: ['Tax', 'Insurance'],
      hasArchiveVaultAccess: true,
    });
    const [entry] = await audits('sponsored_advisor.update');
    expect(entry!.logJson).toMatchObject({
      changes: { firstName: { from: 'Ann', to: 'Annie' }, hasArchiveVaultAccess: { from: false, to: true } },
    });
  });

  it("refuses a changed e-mail, unknown flags, and another sponsor's representative (404, nothing changed)", async () => {
    const { a, b, staff } = await setup();
    const created = await add(staff, a.id);
    const other = await add(staff, b.id, { email: 'beta@advisors.example' });
    expect(
      (
        await inject(staff, 'PUT', `/api/v1/sponsoredadvisor/update?sponsorId=${a.id}`, {
          ...rep(),
          id: created.id,
          email: 'new@advisors.example',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await inject(staff, 'PUT', `/api/v1/sponsoredadvisor/update?sponsorId=${a.id}`, { ...rep(), id: created.id, isRoot: true }))
        .statusCode,
    ).toBe(400);
    expect(
      (await inject(staff, 'PUT', `/api/v1/sponsoredadvisor/update?sponsorId=${a.id}`, { ...rep({ firstName: 'Hacked' }), id: other.id }))
        .statusCode,
    ).toBe(404);
    const admin = await t.signInSponsorAdmin(a.id);
    expect(
      (await inject(admin, 'PUT', `/api/v1/sponsoredadvisor/update?sponsorId=${b.id}`, { ...rep({ firstName: 'Hacked' }), id: other.id }))
        .statusCode,
    ).toBe(403);
    expect((await t.db.select().from(users).where(eq(users.id, other.userId)))[0]!.firstName).toBe('Ann');
    expect(await audits('sponsored_advisor.update')).toHaveLength(0);
  });
});

describe('representative account actions', () => {
  it('sends the activation link, activates, resets the password, deactivates (ending sessions), each audited', async () => {
    const { a, staff } = await setup();
    const r = await add(staff, a.id);
    const base = `/api/v1/sponsoredadvisor/${r.userId}`;
    expect((await inject(staff, 'POST', `${base}/activation-email?sponsorid=${a.id}`)).json()).toMatchObject({ statusType: 'success' });
    expect((await inject(staff, 'PUT', `${base}/activate?sponsorid=${a.id}`, { statusId: 1 })).json().message).toMatch(/now active/);
    expect((await inject(staff, 'PUT', `${base}/resetpassword?sponsorid=${a.id}`)).json().message).toMatch(/password reset link/);
    await t.db.insert(sessions).values({ tokenHash: 'h1', userId: r.userId, expiresAt: new Date(Date.now() + 3600_000) });
    expect((await inject(staff, 'PUT', `${base}/deactivate?sponsorid=${a.id}`)).json().message).toMatch(/now inactive/);
    // Deactivation is this portal's: the link is off, the person stays active for the portals she also represents.
    expect((await t.db.select().from(sponsoredAdvisors).where(eq(sponsoredAdvisors.userId, r.userId)))[0]!.statusId).toBe(STATUS.inactive);
    expect((await t.db.select().from(users).where(eq(users.id, r.userId)))[0]!.statusId).toBe(STATUS.active);
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, r.userId)))[0]!.revokedAt).toBeNull();
    expect((await inject(staff, 'GET', `${base}?sponsorId=${a.id}`)).json()).toMatchObject({
      statusId: STATUS.inactive,
      status: 'Inactive',
    });
    expect((await inject(staff, 'PUT', `${base}/activate?sponsorid=${a.id}`, { statusId: 7 })).statusCode).toBe(400);
    const actions = (await t.db.select().from(auditLog)).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'sponsored_advisor.activation_email',
        'sponsored_advisor.activate',
        'sponsored_advisor.password_reset',
        'sponsored_advisor.deactivate',
      ]),
    );
  });

  it("refuses actions on another sponsor's representative and changes nothing", async () => {
    const { a, b, staff } = await setup();
    const other = await add(staff, b.id);
    const admin = await t.signInSponsorAdmin(a.id, { hasManageMfaAccess: true });
    for (const [method, path] of [
      ['PUT', 'activate'],
      ['PUT', 'deactivate'],
      ['PUT', 'resetpassword'],
      ['POST', 'activation-email'],
      ['POST', 'reset-mfa'],
    ] as const) {
      const own = await inject(admin, method, `/api/v1/sponsoredadvisor/${other.userId}/${path}?sponsorId=${a.id}`, {});
      expect(own.statusCode, path).toBe(404);
      const foreign = await inject(admin, method, `/api/v1/sponsoredadvisor/${other.userId}/${path}?sponsorId=${b.id}`, {});
      expect(foreign.statusCode, path).toBe(403);
    }
    expect((await t.db.select().from(users).where(eq(users.id, other.userId)))[0]!.statusId).toBe(STATUS.pending);
    expect(await t.db.select().from(emailOutbox)).toHaveLength(1);
  });

  it('resets MFA only with hasManageMfaAccess; the reset clears the enrolment, ends sessions and is audited', async () => {
    const { a, staff } = await setup();
    const r = await add(staff, a.id);
    await t.db.update(users).set({ mfaEnabled: true, mfaSecret: 'S' }).where(eq(users.id, r.userId));
    await t.db.insert(sessions).values({ tokenHash: 'h2', userId: r.userId, expiresAt: new Date(Date.now() + 3600_000) });
    const without = await t.signInSponsorAdmin(a.id, {});
    const denied = await inject(without, 'POST', `/api/v1/sponsoredadvisor/${r.userId}/reset-mfa?sponsorId=${a.id}`, {});
    expect(denied.statusCode).toBe(403);
    expect((await t.db.select().from(users).where(eq(users.id, r.userId)))[0]!.mfaEnabled).toBe(true);
    const allowed = await t.signInSponsorAdmin(a.id, { hasManageMfaAccess: true }, 'mfa@acme.example');
    const res = await inject(allowed, 'POST', `/api/v1/sponsoredadvisor/${r.userId}/reset-mfa?sponsorId=${a.id}`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ statusType: 'success', message: 'MFA was reset for ann.lee@advisors.example.' });
    expect((await t.db.select().from(users).where(eq(users.id, r.userId)))[0]).toMatchObject({ mfaEnabled: false, mfaSecret: null });
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, r.userId)))[0]!.revokedAt).not.toBeNull();
    const [entry] = await audits('sponsored_advisor.reset_mfa');
    expect(entry).toMatchObject({ sponsorId: a.id, actorUserId: allowed.userId, targetId: String(r.userId) });
    expect((await inject(staff, 'POST', `/api/v1/sponsoredadvisor/${r.userId}/reset-mfa?sponsorId=${a.id}`)).statusCode).toBe(200);
    expect(
      (await inject(staff, 'POST', `/api/v1/sponsoredadvisor/${r.userId}/reset-mfa?sponsorId=${a.id}`, { unknown: 1 })).statusCode,
    ).toBe(400);
  });

  it('documents every call in the OpenAPI', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    for (const p of [
      '',
      '/email',
      '/unassigned',
      '/details',
      '/update',
      '/search',
      '/{userId}',
      '/{id}/activate',
      '/{id}/deactivate',
      '/{id}/resetpassword',
      '/{id}/activation-email',
      '/{userId}/reset-mfa',
    ]) {
      expect(paths).toContain(`/api/v1/sponsoredadvisor${p}`);
    }
  });
});
