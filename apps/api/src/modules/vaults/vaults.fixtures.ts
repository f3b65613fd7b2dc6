import { STATUS } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  advisors,
  basePackages,
  documents,
  packageSponsor,
  sponsoredAdvisors,
  sponsorGroups,
  templates,
  users,
  vaults,
} from '../../db/schema/index.js';
import { type Auth, createTestApp, type TestApp } from '../../test/harness.js';
import { auditReader, injector, madeInBeforeAll } from '../../test/per-file-app.js';

/** Test data for the vault modules: two portals, packages, a group, a template and a representative. */
export async function vaultWorld(t: TestApp) {
  const a = await t.createSponsor('AAA');
  const b = await t.createSponsor('BBB');
  const [gold] = await t.db
    .insert(basePackages)
    .values({ name: 'Gold Plan', storageQuotaBytes: 5_000_000_000, listPriceCents: 1000 })
    .returning();
  const [silver] = await t.db
    .insert(basePackages)
    .values({ name: 'Silver_50%', storageQuotaBytes: 1_000_000_000, listPriceCents: 500 })
    .returning();
  const [other] = await t.db.insert(basePackages).values({ name: 'Bronze', storageQuotaBytes: 1_000_000, listPriceCents: 100 }).returning();
  await t.db.insert(packageSponsor).values([
    { packageId: gold!.id, sponsorId: a.id, priceSaleCents: 900 },
    { packageId: silver!.id, sponsorId: a.id, priceSaleCents: 400 },
    { packageId: gold!.id, sponsorId: b.id, priceSaleCents: 950 },
    { packageId: other!.id, sponsorId: b.id, priceSaleCents: 90 },
  ]);
  const [group] = await t.db.insert(sponsorGroups).values({ sponsorId: a.id, name: 'East', code: 'EAST' }).returning();
  const [groupB] = await t.db.insert(sponsorGroups).values({ sponsorId: b.id, name: 'West', code: 'WEST' }).returning();
  const [template] = await t.db
    .insert(templates)
    .values({ sponsorId: a.id, name: 'Family folders', folders: ['Tax', 'Insurance'] })
    .returning();
  const advisor = await makeAdvisor(t, 'rep@advisors.test', a.id);
  const advisorB = await makeAdvisor(t, 'repb@advisors.test', b.id);
  const loneAdvisor = await makeAdvisor(t, 'lone@advisors.test', null);
  return {
    a,
    b,
    gold: gold!,
    silver: silver!,
    other: other!,
    group: group!,
    groupB: groupB!,
    template: template!,
    advisor,
    advisorB,
    loneAdvisor,
  };
}

export async function makeAdvisor(t: TestApp, email: string, sponsorId: number | null) {
  const [u] = await t.db
    .insert(users)
    .values({ role: 'advisor', email, firstName: 'Rep', lastName: email.split('@')[0]!, statusId: STATUS.active })
    .returning();
  await t.db.insert(advisors).values({ userId: u!.id });
  if (sponsorId) await t.db.insert(sponsoredAdvisors).values({ userId: u!.id, sponsorId });
  return u!;
}

export const vaultBody = (over: Record<string, unknown> = {}) => ({
  email: `holder${Math.random().toString(36).slice(2, 8)}@example.com`,
  firstName: 'Anna',
  lastName: 'Berg',
  sponsoredAdvisorUserId: null,
  ...over,
});

/** Creates a vault through the API and answers { id, vaultId }. */
export async function createVault(t: TestApp, auth: Auth, sponsorId: number, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/users?sponsorId=${sponsorId}`, headers: auth.headers, payload: body });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; vaultId: number; email: string; statusId: number };
}

export async function addDocuments(t: TestApp, vaultId: number, n: number) {
  await t.db.insert(documents).values(Array.from({ length: n }, (_, i) => ({ vaultId, name: `doc${i}.pdf`, sizeBytes: 1000 })));
}

export async function setStatus(t: TestApp, userId: number, statusId: number) {
  await t.db.update(users).set({ statusId }).where(eq(users.id, userId));
}

export async function vaultRow(t: TestApp, vaultId: number) {
  const [v] = await t.db.select().from(vaults).where(eq(vaults.id, vaultId));
  return v;
}
export async function userRow(t: TestApp, id: number) {
  const [u] = await t.db.select().from(users).where(eq(users.id, id));
  return u;
}

/**
 * Empties what the vault tests change, keeping portals, packages and the signed-in sessions
 * (sign-ins are rate limited, so each file signs in once).
 */
export async function resetVaultData(t: TestApp) {
  await t.truncate('audit_log, email_outbox, password_tokens, import_job_rows, import_jobs');
  await t.database.query("delete from users where role = 'vault_holder'");
  await t.database.query("update users set test_account = false where role = 'advisor'");
}

type VaultWorld = Awaited<ReturnType<typeof vaultWorld>>;

/**
 * The set-up of the vault test files: one app per file whose portals, packages and sessions are made
 * once; before each test only what the tests change is emptied (resetVaultData).
 */
export function useVaultApp() {
  let made: { t: TestApp; w: VaultWorld; admin: Auth; adminB: Auth; staff: Auth } | undefined;
  beforeAll(async () => {
    const t = await createTestApp();
    await t.reset();
    const w = await vaultWorld(t);
    made = {
      t,
      w,
      admin: await t.signInSponsorAdmin(w.a.id, { hasArchiveVaultAccess: true, hasManageMfaAccess: true }),
      adminB: await t.signInSponsorAdmin(w.b.id, { hasArchiveVaultAccess: true, hasManageMfaAccess: true }),
      staff: await t.signInStaff(),
    };
  });
  afterAll(async () => made?.t.close());
  beforeEach(async () => resetVaultData(made!.t));

  const t = madeInBeforeAll(() => made?.t);
  const w = madeInBeforeAll(() => made?.w);
  const admin = madeInBeforeAll(() => made?.admin); // administrator of portal A with archive and MFA permissions
  const adminB = madeInBeforeAll(() => made?.adminB); // administrator of portal B
  const staff = madeInBeforeAll(() => made?.staff);

  let plainAdmin: Auth | undefined;
  /** A portal A administrator without archive and MFA permissions (signed in once: sign-ins are rate limited). */
  const plain = async () => (plainAdmin ??= await t.signInSponsorAdmin(w.a.id, {}, 'plain@test.local'));

  const req = injector(t);
  const audits = auditReader(t);

  return { t, w, admin, adminB, staff, plain, req, audits };
}
