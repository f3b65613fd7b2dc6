import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/crypto.js';
import type { Db } from '../client.js';
import { sponsors, users } from '../schema/index.js';
import { ensureCatalog } from './catalog.js';
import { seedAudit } from './demo/audit.js';
import { seedInvitations } from './demo/invitations.js';
import { seedFailedUploads, seedIntegrations, seedOutbox } from './demo/operations.js';
import { seedPackages } from './demo/packages.js';
import { seedAdmins, seedAdvisors } from './demo/people.js';
import { seedPortals } from './demo/portals.js';
import type { SeedCtx } from './demo/shared.js';
import { seedVaults } from './demo/vaults.js';
import { createRandom } from './random.js';

export { BASE_PACKAGES } from './demo/packages.js';
export { DEMO_SPONSORS } from './demo/portals.js';
export { DEMO_HOLDERS } from './demo/vaults.js';

export interface DemoResult {
  /** Lines printed at start-up: how to sign in as the demo users. */
  lines: string[];
}

/**
 * Demo data for a new embedded database: runs only when there is no sponsor yet, in one
 * transaction, from a fixed random seed, so two new databases get the same data.
 */
export async function seedDemoIfEmpty(db: Db, opts: { adminPassword?: string | null }): Promise<DemoResult | null> {
  await ensureCatalog(db);
  const existing = await db.select({ id: sponsors.id }).from(sponsors).limit(1);
  if (existing.length > 0) return null;
  const passwordHash = opts.adminPassword ? await hashPassword(opts.adminPassword) : null;
  const rnd = createRandom(20_240_611);
  const now = Date.now();

  const summary = await db.transaction(async (tx) => {
    // Another instance may have seeded between the check and here (PostgreSQL): look again under a lock.
    await tx.execute(sql`lock table sponsors in share row exclusive mode`);
    const again = await tx.select({ id: sponsors.id }).from(sponsors).limit(1);
    if (again.length > 0) return null;
    const [staff] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'staff')).limit(1);
    const c: SeedCtx = { tx, rnd, now };

    // The steps share one random stream: their order decides the data, so keep it.
    // Each step takes what the earlier ones made, spread in; it picks the parts it needs.
    const portals = await seedPortals(c);
    const { S } = portals;
    const packages = await seedPackages(c, S);
    const admins = await seedAdmins(c, { ...portals, passwordHash });
    const staffActor = staff ?? { id: null, email: 'admin@vault.local' };
    const advisors = await seedAdvisors(c, { ...portals, ...admins });
    const holders = await seedVaults(c, { ...portals, ...packages, ...admins, ...advisors, staff });
    const invitations = await seedInvitations(c, { ...portals, ...packages, ...admins, ...advisors });
    const integrations = await seedIntegrations(c, { ...portals, ...admins });
    const failed = await seedFailedUploads(c, { ...integrations, ...holders, ...admins });
    const { auditRows } = await seedAudit(c, { ...holders, ...admins, ...advisors, ...packages, ...invitations, ...failed, staffActor });
    const { holderIds, holderUsers, docRows } = holders;
    const { advisorIds } = advisors;
    const { adminIds } = admins;
    const { invRows } = invitations;
    await seedOutbox(c, { holderIds, holderUsers });

    return {
      sponsors: S.length,
      holders: holderIds.length,
      documents: docRows.length,
      advisors: advisorIds.length,
      admins: adminIds.length,
      invitations: invRows.length,
      audit: auditRows.length,
      codes: S.map((s) => s.sponsorCode),
    };
  });
  if (!summary) return null;

  const lines = [
    `  Demo data: ${summary.sponsors} portals, ${summary.holders} vault holders, ${summary.documents} documents, ${summary.advisors} advisors, ${summary.admins} administrators, ${summary.invitations} invitations, ${summary.audit} audit entries.`,
    passwordHash
      ? `  Sponsor administrators: sign in as admin@<portal code>.example (e.g. admin@${summary.codes[0]!.toLowerCase()}.example) with the same password as the staff administrator.`
      : `  Sponsor administrators: admin@<portal code>.example (e.g. admin@${summary.codes[0]!.toLowerCase()}.example) have no password yet: send them a password reset from Administrators.`,
  ];
  return { lines };
}
