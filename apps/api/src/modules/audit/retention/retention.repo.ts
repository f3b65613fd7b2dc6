import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { appSettings, auditRetention } from '../../../db/schema/index.js';

export type RetentionRow = typeof auditRetention.$inferSelect;

/** The app_settings key of the service-wide minimum (months). */
export const MINIMUM_KEY = 'audit_retention_minimum_months';

export async function findRetention(db: Db, sponsorId: number): Promise<RetentionRow | null> {
  const [row] = await db.select().from(auditRetention).where(eq(auditRetention.sponsorId, sponsorId));
  return row ?? null;
}

/** Every portal's stored retention (portals without a row keep the default and hold nothing). */
export const allRetention = (db: Db) => db.select().from(auditRetention);

export async function upsertRetention(db: Db, sponsorId: number, values: Partial<Omit<RetentionRow, 'sponsorId' | 'updatedAt'>>) {
  const [row] = await db
    .insert(auditRetention)
    .values({ sponsorId, ...values })
    .onConflictDoUpdate({ target: auditRetention.sponsorId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function storedMinimum(db: Db): Promise<number | null> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, MINIMUM_KEY));
  return row ? Number(row.value) : null;
}

export async function storeMinimum(db: Db, months: number) {
  await db
    .insert(appSettings)
    .values({ key: MINIMUM_KEY, value: String(months) })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: String(months) } });
}
