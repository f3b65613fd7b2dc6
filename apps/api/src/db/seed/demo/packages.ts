import { basePackages, packageSponsor } from '../../schema/index.js';
import type { DemoPortals } from './portals.js';
import { DAY, GiB, insertMany, type SeedCtx } from './shared.js';

export const BASE_PACKAGES = [
  {
    name: 'Essentials',
    description: 'A secure vault for one household’s most important documents.',
    storageQuotaBytes: 5 * GiB,
    listPriceCents: 999,
    billingPeriod: 'monthly' as const,
    features: ['5 GB storage', 'Mobile upload', 'Two-factor sign-in'],
  },
  {
    name: 'Plus',
    description: 'More room and shared access for a trusted advisor.',
    storageQuotaBytes: 25 * GiB,
    listPriceCents: 1999,
    billingPeriod: 'monthly' as const,
    features: ['25 GB storage', 'Advisor sharing', 'Document expiry reminders', 'Two-factor sign-in'],
  },
  {
    name: 'Premier',
    description: 'Full-featured vault with estate-planning templates and document review.',
    storageQuotaBytes: 100 * GiB,
    listPriceCents: 39900,
    billingPeriod: 'annual' as const,
    features: ['100 GB storage', 'Estate-planning templates', 'Document review', 'Private folders', 'Priority support'],
  },
  {
    name: 'Family Office',
    description: 'Multi-generation vault with entity folders, delegated access and retention rules.',
    storageQuotaBytes: 500 * GiB,
    listPriceCents: 149900,
    billingPeriod: 'annual' as const,
    features: ['500 GB storage', 'Entity folders', 'Delegated access', 'Retention rules', 'Dedicated support'],
  },
  {
    name: 'Business Vault',
    description: 'For business owners: corporate records, payroll and contracts in one place.',
    storageQuotaBytes: 50 * GiB,
    listPriceCents: 2999,
    billingPeriod: 'monthly' as const,
    features: ['50 GB storage', 'Corporate templates', 'Multiple signers', 'Audit trail export'],
  },
  {
    name: 'Legacy Archive',
    description: 'One-time archive of a closed estate, kept for seven years.',
    storageQuotaBytes: 10 * GiB,
    listPriceCents: 24900,
    billingPeriod: 'one_time' as const,
    features: ['10 GB storage', 'Seven-year retention', 'Read-only access for heirs'],
  },
];

export type DemoPackages = Awaited<ReturnType<typeof seedPackages>>;

/** Base packages and the packages each sponsor sells. */
export async function seedPackages({ tx, rnd, now }: SeedCtx, S: DemoPortals['S']) {
  const baseRows = (await insertMany(
    tx,
    basePackages,
    BASE_PACKAGES.map((p) => ({ ...p, createdAt: new Date(now - 500 * DAY) })),
    { id: basePackages.id, listPriceCents: basePackages.listPriceCents },
  )) as { id: number; listPriceCents: number }[];
  const pkgRows: { packageId: number; sponsorId: number; priceSaleCents: number }[] = [];
  for (const s of S) {
    const chosen = [baseRows[0]!, ...rnd.sample(baseRows.slice(1), rnd.int(2, 4))];
    for (const p of chosen) {
      const discount = rnd.pick([0, 0, 5, 10, 15, 20, 25]);
      const sale = discount ? Math.max(0, Math.round((p.listPriceCents * (100 - discount)) / 10_000) * 100 - 1) : p.listPriceCents;
      pkgRows.push({ packageId: p.id, sponsorId: s.id, priceSaleCents: sale });
    }
  }
  await insertMany(tx, packageSponsor, pkgRows);
  const packagesBySponsor = new Map<number, number[]>();
  for (const r of pkgRows) packagesBySponsor.set(r.sponsorId, [...(packagesBySponsor.get(r.sponsorId) ?? []), r.packageId]);
  return { baseRows, packagesBySponsor };
}
