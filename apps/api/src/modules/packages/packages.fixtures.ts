import { basePackages, packageSponsor, users, vaultHolders, vaults } from '../../db/schema/index.js';
import type { TestApp } from '../../test/harness.js';
import { auditReader } from '../../test/per-file-app.js';

export const GB = 1024 ** 3;

/** The data the package tests build, on the test app `t` of the file. */
export function packageFixtures(t: TestApp) {
  const audits = auditReader(t);

  async function base(name: string, listPriceCents = 1000, extra: Partial<typeof basePackages.$inferInsert> = {}) {
    const [row] = await t.db
      .insert(basePackages)
      .values({ name, storageQuotaBytes: 5 * GB, listPriceCents, ...extra })
      .returning();
    return row!;
  }
  async function assignDirect(sponsorId: number, packageId: number, priceSaleCents = 900) {
    const [row] = await t.db.insert(packageSponsor).values({ sponsorId, packageId, priceSaleCents }).returning();
    return row!;
  }
  let holderSeq = 0;
  async function vaultOn(sponsorId: number, packageId: number | null) {
    holderSeq++;
    const [u] = await t.db
      .insert(users)
      .values({
        role: 'vault_holder',
        sponsorId,
        email: `holder${holderSeq}@test.local`,
        firstName: 'Holder',
        lastName: `N${holderSeq}`,
        statusId: 1,
      })
      .returning();
    await t.db.insert(vaultHolders).values({ userId: u!.id, sponsorId });
    const [v] = await t.db.insert(vaults).values({ holderUserId: u!.id, sponsorId, packageId, license: 'annual' }).returning();
    return { user: u!, vault: v! };
  }

  return { audits, base, assignDirect, vaultOn };
}
