import { STATUS } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { advisors, sponsoredAdvisors, users } from '../../db/schema/index.js';
import type { Auth } from '../../test/harness.js';
import { injector, useTestApp } from '../../test/per-file-app.js';

/**
 * One trusted advisor represents two portals, A and B. Whatever B's administrators do changes
 * only B's link; A's portal shows her exactly as before, and B learns nothing A holds.
 */
const t = useTestApp();

const inject = injector(t);

const ALL = { hasManageMfaAccess: true, hasManageAdminsAccess: true, hasSubPortalManagePermission: true };

async function twoPortals() {
  const a = await t.createSponsor('ACME');
  const b = await t.createSponsor('BETA');
  const adminA = await t.signInSponsorAdmin(a.id, ALL, 'owner@acme.example');
  const adminB = await t.signInSponsorAdmin(b.id, ALL, 'boss@beta.example');
  const created = await inject(adminA, 'POST', `/api/v1/sponsoredadvisor?sponsorId=${a.id}`, {
    email: 'ann.lee@advisors.example',
    firstName: 'Ann',
    lastName: 'Lee',
    permissions: ['Estate planning'],
  });
  expect(created.statusCode).toBe(201);
  const ann = created.json() as { id: number; userId: number };
  // Active, so a change anywhere would show.
  await t.db.update(users).set({ statusId: STATUS.active }).where(eq(users.id, ann.userId));
  return { a, b, adminA, adminB, ann };
}

/** Everything A's portal shows of Ann. */
async function viewOfA(adminA: Auth, aId: number, userId: number) {
  const strip = (r: { json(): unknown }) => JSON.stringify(r.json());
  return {
    rep: strip(await inject(adminA, 'GET', `/api/v1/sponsoredadvisor/${userId}?sponsorId=${aId}`)),
    reps: strip(await inject(adminA, 'GET', `/api/v1/sponsoredadvisor?sponsorCode=ACME`)),
    collaborators: strip(await inject(adminA, 'GET', '/api/v1/advisors')),
    collaborator: strip(await inject(adminA, 'GET', `/api/v1/advisors/${userId}`)),
    user: await t.db.select().from(users).where(eq(users.id, userId)),
  };
}

describe('a trusted advisor shared by two portals', () => {
  it("reads and saves the test-account flag of this portal's link through users/{id}", async () => {
    const { a, adminA, ann } = await twoPortals();
    const read = async () => inject(adminA, 'GET', `/api/v1/users/${ann.userId}?sponsorid=${a.id}`);
    const before = await read();
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ id: ann.userId, role: 'advisor', testAccount: false, statusId: STATUS.active });
    const saved = await inject(adminA, 'PUT', `/api/v1/users/${ann.userId}?sponsorid=${a.id}&testaccount=true`, {
      ...(before.json() as Record<string, unknown>),
      testAccount: true,
    });
    expect(saved.statusCode).toBe(200);
    expect((await read()).json()).toMatchObject({ testAccount: true });
  });

  it("answers B's look-up with whether the e-mail is a user, and nothing of A's", async () => {
    const { b, adminB } = await twoPortals();
    for (const res of [
      await inject(adminB, 'GET', `/api/v1/sponsoredadvisor/email?sponsorId=${b.id}&email=ann.lee%40advisors.example`),
      await inject(adminB, 'POST', `/api/v1/sponsoredadvisor/details?sponsorId=${b.id}`, {
        email: 'ann.lee@advisors.example',
        firstName: 'NA',
        lastName: 'NA',
      }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ isExistingUser: true, isAssigned: false, advisor: null, sponsoredAdvisor: null });
      expect(res.body).not.toMatch(/Ann|Lee|owner@acme|ACME|Estate/);
    }
  });

  it("lets B add her, but B's renaming, MFA reset, deactivation and test flag never show in A's portal", async () => {
    const { a, b, adminA, adminB, ann } = await twoPortals();
    const linked = await inject(adminB, 'POST', `/api/v1/sponsoredadvisor?sponsorId=${b.id}`, {
      email: 'ann.lee@advisors.example',
      firstName: 'NA',
      lastName: 'NA',
    });
    expect(linked.statusCode).toBe(201);
    const staid = linked.json().id as number;
    await t.db.update(users).set({ mfaEnabled: true, mfaSecret: 'SECRET' }).where(eq(users.id, ann.userId));
    const before = await viewOfA(adminA, a.id, ann.userId);

    const rename = await inject(adminB, 'PUT', `/api/v1/sponsoredadvisor/update?sponsorId=${b.id}`, {
      id: staid,
      firstName: 'Mallory',
      lastName: 'Lee',
    });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().message).toBe(
      'ann.lee@advisors.example also represents other portals: only the service staff may change their name and language.',
    );
    const language = await inject(adminB, 'PUT', `/api/v1/sponsoredadvisor/update?sponsorId=${b.id}`, {
      id: staid,
      firstName: 'Ann',
      lastName: 'Lee',
      localize: 'fr',
    });
    expect(language.statusCode).toBe(403);
    for (const url of [
      `/api/v1/sponsoredadvisor/${ann.userId}/reset-mfa?sponsorId=${b.id}`,
      `/api/v1/advisors/${ann.userId}/reset-mfa?sponsorId=${b.id}`,
    ]) {
      const mfa = await inject(adminB, 'POST', url, {});
      expect(mfa.statusCode, url).toBe(403);
      expect(mfa.json().message).toMatch(/only the service staff may change their MFA/);
    }

    // B's own link: its status, flags and test account are B's to set.
    const off = await inject(adminB, 'PUT', `/api/v1/sponsoredadvisor/${ann.userId}/deactivate?sponsorid=${b.id}`);
    expect(off.json().message).toBe('Ann Lee is now inactive.');
    const offViaCollaborators = await inject(adminB, 'PUT', `/api/v1/advisors/activate?sponsorid=${b.id}`, { id: ann.userId, statusId: 2 });
    expect(offViaCollaborators.json().message).toMatch(/already inactive/);
    const edited = await inject(adminB, 'PUT', `/api/v1/sponsoredadvisor/update?sponsorId=${b.id}`, {
      id: staid,
      firstName: 'Ann',
      lastName: 'Lee',
      testAccount: true,
      hasReminderTabAccess: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ statusId: STATUS.inactive, testAccount: true, hasReminderTabAccess: true });
    const testFlag = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${ann.userId}?sponsorid=${b.id}&testaccount=false`,
      headers: adminB.headers,
    });
    expect(testFlag.statusCode).toBe(200);
    expect((await inject(adminB, 'GET', `/api/v1/sponsoredadvisor/${ann.userId}?sponsorId=${b.id}`)).json()).toMatchObject({
      status: 'Inactive',
      testAccount: false,
    });
    const inB = (await inject(adminB, 'GET', '/api/v1/advisors')).json().data[0];
    expect(inB).toMatchObject({ id: ann.userId, status: 'Inactive', ownerEmail: 'boss@beta.example' });

    expect(await viewOfA(adminA, a.id, ann.userId)).toEqual(before);
    const [link] = await t.db.select().from(sponsoredAdvisors).where(eq(sponsoredAdvisors.id, ann.id));
    expect(link).toMatchObject({ statusId: STATUS.active, testAccount: false, hasReminderTabAccess: false });
  });

  it('lets staff change her identity, seen in both portals; a portal whose advisor she alone is may fix her name', async () => {
    const { a, b, adminA, adminB, ann } = await twoPortals();
    const own = await inject(adminA, 'PUT', `/api/v1/sponsoredadvisor/update?sponsorId=${a.id}`, {
      id: ann.id,
      firstName: 'Anne',
      lastName: 'Lee',
    });
    expect(own.statusCode).toBe(200);
    await inject(adminB, 'POST', `/api/v1/sponsoredadvisor?sponsorId=${b.id}`, {
      email: 'ann.lee@advisors.example',
      firstName: 'NA',
      lastName: 'NA',
    });
    expect(
      (await inject(adminA, 'PUT', `/api/v1/sponsoredadvisor/update?sponsorId=${a.id}`, { id: ann.id, firstName: 'Ann', lastName: 'Lee' }))
        .statusCode,
    ).toBe(403);
    const staff = await t.signInStaff();
    const renamed = await inject(staff, 'PUT', `/api/v1/sponsoredadvisor/update?sponsorId=${a.id}`, {
      id: ann.id,
      firstName: 'Ann',
      lastName: 'Lee-Park',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await inject(adminB, 'GET', `/api/v1/sponsoredadvisor/${ann.userId}?sponsorId=${b.id}`)).json().lastName).toBe('Lee-Park');
    expect((await inject(staff, 'POST', `/api/v1/advisors/${ann.userId}/reset-mfa?sponsorId=${b.id}`, {})).statusCode).toBe(200);
    const [owner] = await t.db.select().from(advisors).where(eq(advisors.userId, ann.userId));
    expect(owner!.ownerEmail).toBe('owner@acme.example');
    // Staff see the person's own record, owner included.
    const all = (await inject(staff, 'GET', '/api/v1/advisors')).json().data[0];
    expect(all).toMatchObject({ ownerEmail: 'owner@acme.example', sponsorCount: 2 });
  });
});
