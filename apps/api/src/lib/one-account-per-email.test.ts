import { STATUS } from '@vault/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, users } from '../db/schema/index.js';
import { newAdmin } from '../modules/sponsor-admins/sponsor-admins.fixtures.js';
import { createVault, resetVaultData, vaultBody, vaultWorld } from '../modules/vaults/vaults.fixtures.js';
import { type Auth, createTestApp, TEST_PASSWORD, type TestApp } from '../test/harness.js';
import { multipartBody } from '../test/multipart.js';

/** Issue 30, defect 1: one e-mail is one person; nobody can make a second account of someone else's address. */
let t: TestApp;
let w: Awaited<ReturnType<typeof vaultWorld>>;
let staff: Auth;
let manager: Auth;
let adminB: Auth;

beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  w = await vaultWorld(t);
  staff = await t.signInStaff('staff@service.example');
  manager = await t.signInSponsorAdmin(w.a.id, { hasManageAdminsAccess: true }, 'manager@acme.example');
  adminB = await t.signInSponsorAdmin(w.b.id, {}, 'admin@beta.example');
});
afterAll(async () => t.close());
beforeEach(async () => resetVaultData(t));

const call = (auth: Auth, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const accountsOf = async (email: string) => t.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
const refusedAsAnotherAccount = (res: { statusCode: number; json(): { details?: { field: string }[] } }) => {
  expect(res.statusCode).toBe(409);
  expect(res.json().details?.map((d) => d.field)).toEqual(['email']);
};

describe('one e-mail is one account', () => {
  it("refuses an administrator made with staff's e-mail, and staff still signs in and gets a reset link", async () => {
    for (const email of ['staff@service.example', 'STAFF@Service.Example']) {
      refusedAsAnotherAccount(await call(manager, 'POST', '/api/v1/sponsors/admin', newAdmin(w.a.id, { email })));
    }
    expect(await accountsOf('staff@service.example')).toHaveLength(1);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      payload: { username: 'staff@service.example', password: TEST_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.role).toBe('staff');

    await t.truncate('email_outbox');
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/forgot-password',
      payload: { email: 'staff@service.example' },
    });
    expect(forgot.statusCode).toBeLessThan(300);
    await expect.poll(async () => (await t.db.select().from(emailOutbox)).map((m) => m.toAddress)).toEqual(['staff@service.example']);
  });

  it("refuses another portal's administrator, a holder, and an advisor's address for a new administrator", async () => {
    const holder = await createVault(t, manager, w.a.id, vaultBody({ email: 'holder@clients.example', packageId: w.gold.id }));
    for (const email of ['admin@beta.example', holder.email, w.loneAdvisor.email]) {
      refusedAsAnotherAccount(await call(manager, 'POST', '/api/v1/sponsors/admin', newAdmin(w.a.id, { email })));
      expect(await accountsOf(email)).toHaveLength(1);
    }
  });

  it("refuses a vault holder with an administrator's e-mail, or with a holder's of another portal", async () => {
    await createVault(t, adminB, w.b.id, vaultBody({ email: 'client@clients.example', packageId: w.gold.id }));
    for (const email of ['manager@acme.example', 'client@clients.example']) {
      const res = await call(manager, 'POST', `/api/v1/users?sponsorId=${w.a.id}`, vaultBody({ email, packageId: w.gold.id }));
      refusedAsAnotherAccount(res);
      expect(await accountsOf(email)).toHaveLength(1);
    }
  });

  it("links a representative to the advisor who has the e-mail, and refuses anyone else's e-mail", async () => {
    const rep = (email: string) => ({ email, firstName: 'Ann', lastName: 'Lee', localize: 'en', permissions: [], testAccount: false });
    const linked = await call(staff, 'POST', `/api/v1/sponsoredadvisor?sponsorId=${w.a.id}`, rep(w.loneAdvisor.email));
    expect(linked.statusCode, linked.body).toBe(201);
    expect(await accountsOf(w.loneAdvisor.email)).toHaveLength(1);

    refusedAsAnotherAccount(await call(staff, 'POST', `/api/v1/sponsoredadvisor?sponsorId=${w.a.id}`, rep('admin@beta.example')));
    expect(await accountsOf('admin@beta.example')).toHaveLength(1);
  });

  it("marks an imported row with another account's e-mail invalid, and imports it nowhere", async () => {
    const file = [
      'Email,First Name,Last Name,Package',
      'staff@service.example,Sam,Staff,Gold Plan',
      'new@clients.example,Nia,New,Gold Plan',
    ].join('\r\n');
    const { payload, headers } = multipartBody({ name: 'holders.csv', type: 'text/csv', content: file });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/import?sponsorId=${w.a.id}`,
      headers: { ...manager.headers, ...headers },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ validRows: 1, invalidRows: 1 });
    const errors = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/import/${res.json().jobId}/errors?sponsorId=${w.a.id}`,
      headers: manager.headers,
    });
    expect(errors.statusCode).toBe(200);
    expect(errors.body).toContain('staff@service.example');
    expect(errors.body).toContain('belongs to another account');
    const confirmed = await call(manager, 'POST', `/api/v1/users/import-vault?sponsorId=${w.a.id}`, { jobId: res.json().jobId });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await accountsOf('staff@service.example')).toHaveLength(1);
    expect(await accountsOf('new@clients.example')).toHaveLength(1);
  });

  it('lets the database refuse a second account for an address in any case, whatever path wrote it', async () => {
    await expect(
      t.db.insert(users).values({ role: 'vault_holder', sponsorId: w.b.id, email: 'Manager@ACME.example', firstName: 'X', lastName: 'Y' }),
    ).rejects.toThrow();
  });
});

describe('migration 0017 separates the accounts that shared an address', () => {
  it('keeps the address for staff, tags and deactivates the administrator copy, tags the holder copy, and audits each', async () => {
    // The rows the old per-role-and-portal rule allowed, as the attack of issue 30 left them.
    await t.db.execute(sql`drop index users_email_uq`);
    await t.db.execute(sql`create unique index users_email_uq on users (role, coalesce(sponsor_id, 0), lower(email))`);
    const [rogue] = await t.db
      .insert(users)
      .values({
        role: 'sponsor_admin',
        sponsorId: w.a.id,
        email: 'Staff@service.example',
        firstName: 'R',
        lastName: 'Ogue',
        statusId: STATUS.active,
      })
      .returning();
    const [holderCopy] = await t.db
      .insert(users)
      .values({
        role: 'vault_holder',
        sponsorId: w.b.id,
        email: 'staff@service.example',
        firstName: 'H',
        lastName: 'Older',
        statusId: STATUS.active,
      })
      .returning();
    const [staffRow] = await accountsOf('staff@service.example').then((rows) => rows.filter((r) => r.role === 'staff'));

    const migration = await import('node:fs/promises').then((fs) =>
      fs.readFile(new URL('../db/migrations/0017_one_account_per_email.sql', import.meta.url), 'utf8'),
    );
    for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));

    const byId = new Map((await t.db.select().from(users)).map((u) => [u.id, u]));
    expect(byId.get(staffRow!.id)!.email).toBe('staff@service.example');
    expect(byId.get(rogue!.id)).toMatchObject({ email: `Staff+duplicate-${rogue!.id}@service.example`, statusId: STATUS.inactive });
    expect(byId.get(holderCopy!.id)).toMatchObject({ email: `staff+duplicate-${holderCopy!.id}@service.example`, statusId: STATUS.active });
    const entries = (await t.db.select().from(auditLog)).filter((e) => e.action === 'user.email_separated');
    expect(entries.map((e) => e.targetId).sort()).toEqual([String(rogue!.id), String(holderCopy!.id)].sort());
    expect(entries[0]!.logJson).toMatchObject({ addressKeptBy: staffRow!.id });
    await expect(
      t.db.insert(users).values({ role: 'advisor', email: 'STAFF@service.example', firstName: 'A', lastName: 'B' }),
    ).rejects.toThrow();
  });
});
