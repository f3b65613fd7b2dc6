import type { Db } from '../client.js';
import { sponsors } from '../schema/index.js';

export interface DemoResult {
  /** Lines printed at start-up: how to sign in as the demo users. */
  lines: string[];
}

export const DEMO_SPONSORS = [
  { sponsorCode: 'ACME', name: 'Acme Wealth Partners', contactName: 'Laura Bennett', hasCategory: true },
  { sponsorCode: 'BRKS', name: 'Brookside Private Client Group', contactName: 'Daniel Ortiz', hasCategory: false },
  { sponsorCode: 'CAPH', name: 'Capital Harbor Advisors', contactName: 'Mei Chen', hasCategory: true },
  { sponsorCode: 'GRNL', name: 'Greenleaf Family Office', contactName: 'Samuel Whitaker', hasCategory: false },
  { sponsorCode: 'NRTH', name: 'Northstar Financial Planning', contactName: 'Priya Raman', hasCategory: true },
  { sponsorCode: 'SUMT', name: 'Summit Ridge Wealth Management', contactName: 'Olivia Grant', hasCategory: false },
];

/** Demo data for a new embedded database: runs only when there is no sponsor yet. */
export async function seedDemoIfEmpty(db: Db, _opts: { adminPassword?: string | null }): Promise<DemoResult | null> {
  const existing = await db.select({ id: sponsors.id }).from(sponsors).limit(1);
  if (existing.length > 0) return null;
  await db.insert(sponsors).values(
    DEMO_SPONSORS.map((s) => ({
      ...s,
      contactEmail: `${(s.contactName.split(' ')[0] ?? 'contact').toLowerCase()}@${s.sponsorCode.toLowerCase()}.example`,
      contactPhone: '(555) 010-0000',
    })),
  );
  return { lines: [`  Demo data: ${DEMO_SPONSORS.length} sponsors.`] };
}
