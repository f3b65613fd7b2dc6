import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { useTestApp } from '../../test/per-file-app.js';
import { newAdmin, sponsorAdminCalls } from './sponsor-admins.fixtures.js';

const t = useTestApp();
const { inject, setup } = sponsorAdminCalls(t);

type Row = { email: string; sponsorId: number; sponsorCode: string };
const rowsOf = (res: { json: () => { data: Row[] } }) => res.json().data.map((r) => [r.email, r.sponsorCode]);

/** The Overview's "Administrators without a second factor" across portals (decision 0052). */
describe('administrators of every portal', () => {
  async function twoPortals() {
    const { a, b, staff } = await setup();
    for (const [s, email] of [
      [a, 'ann@acme.example'],
      [a, 'max@acme.example'],
      [b, 'bob@beta.example'],
    ] as const)
      expect((await inject(staff, 'POST', '/api/v1/sponsors/admin', newAdmin(s.id, { email }))).statusCode).toBe(201);
    await t.db.update(users).set({ mfaEnabled: true }).where(eq(users.email, 'max@acme.example'));
    return { a, b, staff };
  }

  it('lists and searches every portal for staff with allPortals=true, each with its portal, filters applying', async () => {
    const { staff } = await twoPortals();
    const list = await inject(staff, 'GET', '/api/v1/sponsors/admin?allPortals=true');
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(3);
    expect(rowsOf(list)).toEqual([
      ['bob@beta.example', 'BETA'],
      ['max@acme.example', 'ACME'],
      ['ann@acme.example', 'ACME'],
    ]);
    const withoutSecondFactor = await inject(staff, 'GET', '/api/v1/sponsors/admin?allPortals=true&secondFactor=off');
    expect(withoutSecondFactor.json().total).toBe(2);
    expect(rowsOf(withoutSecondFactor)).toEqual([
      ['bob@beta.example', 'BETA'],
      ['ann@acme.example', 'ACME'],
    ]);
    const sorted = await inject(staff, 'GET', '/api/v1/sponsors/admin?allPortals=true&sortBy=email&offset=1&limit=1');
    expect(sorted.json()).toMatchObject({ total: 3, data: [{ email: 'bob@beta.example' }] });
    const search = await inject(staff, 'POST', '/api/v1/sponsors/admin/search?allPortals=true&secondFactor=off', {
      fieldName: 'email',
      fieldValue: '.example',
    });
    expect(search.statusCode).toBe(200);
    expect(search.json().total).toBe(2);
    expect(rowsOf(search)).toEqual([
      ['bob@beta.example', 'BETA'],
      ['ann@acme.example', 'ACME'],
    ]);
    // One portal's list names its portal too.
    expect(rowsOf(await inject(staff, 'GET', '/api/v1/sponsors/admin?sponsorcode=beta'))).toEqual([['bob@beta.example', 'BETA']]);
  });

  it('refuses allPortals with a portal (400), any value but true (400), and to a sponsor administrator (403)', async () => {
    const { a, staff } = await twoPortals();
    expect((await inject(staff, 'GET', '/api/v1/sponsors/admin?allPortals=true&sponsorcode=ACME')).statusCode).toBe(400);
    const both = await inject(staff, 'POST', `/api/v1/sponsors/admin/search?allPortals=true&sponsorId=${a.id}`, {
      fieldName: 'all',
      fieldValue: '',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Ask for one portal or for every portal, not both.');
    expect((await inject(staff, 'GET', '/api/v1/sponsors/admin?allPortals=yes')).statusCode).toBe(400);
    expect(
      (await inject(staff, 'POST', '/api/v1/sponsors/admin/search?allPortals=1', { fieldName: 'all', fieldValue: '' })).statusCode,
    ).toBe(400);
    // Without either, a portal must be chosen, as before.
    expect((await inject(staff, 'POST', '/api/v1/sponsors/admin/search', { fieldName: 'all', fieldValue: '' })).statusCode).toBe(400);
    const admin = await t.signInSponsorAdmin(a.id, { hasManageAdminsAccess: true });
    for (const res of [
      await inject(admin, 'GET', '/api/v1/sponsors/admin?allPortals=true'),
      await inject(admin, 'POST', '/api/v1/sponsors/admin/search?allPortals=true', { fieldName: 'all', fieldValue: '' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/staff/);
    }
    // Their own portal, as before.
    expect((await inject(admin, 'GET', '/api/v1/sponsors/admin?sponsorcode=ACME')).json().total).toBe(3);
  });
});
