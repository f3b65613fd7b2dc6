import { and, count, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appIntegrations, failedUploads, sponsorIntegrations, sponsors, users, vaults } from '../../db/schema/index.js';

export interface ListFilter {
  /** null: every portal (staff, decision 0052). */
  sponsorId: number | null;
  from?: Date;
  to?: Date;
  reason?: (typeof failedUploads.$inferSelect)['reason'];
  statuses?: (typeof failedUploads.$inferSelect)['status'][];
}

function where(f: ListFilter): SQL | undefined {
  return and(
    f.sponsorId === null ? undefined : eq(failedUploads.sponsorId, f.sponsorId),
    f.from ? gte(failedUploads.occurredAt, f.from) : undefined,
    f.to ? lt(failedUploads.occurredAt, f.to) : undefined,
    f.reason ? eq(failedUploads.reason, f.reason) : undefined,
    f.statuses ? inArray(failedUploads.status, f.statuses) : undefined,
  );
}

export async function list(db: Db, f: ListFilter, offset: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        f: failedUploads,
        sponsorCode: sponsors.sponsorCode,
        holder: { userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
        reportedBy: appIntegrations.name,
      })
      .from(failedUploads)
      .innerJoin(sponsors, eq(sponsors.id, failedUploads.sponsorId))
      .leftJoin(users, eq(users.id, failedUploads.holderUserId))
      .leftJoin(sponsorIntegrations, eq(sponsorIntegrations.id, failedUploads.reportedBySponsorIntegrationId))
      .leftJoin(appIntegrations, eq(appIntegrations.id, sponsorIntegrations.integrationId))
      .where(where(f))
      .orderBy(sql`${failedUploads.occurredAt} desc nulls last`, sql`${failedUploads.id} desc nulls last`)
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(failedUploads).where(where(f)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The vault (with its holder) when it belongs to the sponsor. */
export const findVault = async (db: Db, sponsorId: number, vaultId: number) =>
  (
    await db
      .select({ id: vaults.id, holderUserId: vaults.holderUserId })
      .from(vaults)
      .where(and(eq(vaults.id, vaultId), eq(vaults.sponsorId, sponsorId)))
  )[0];

export const findHolderVault = async (db: Db, sponsorId: number, holderUserId: number) =>
  (
    await db
      .select({ id: vaults.id, holderUserId: vaults.holderUserId })
      .from(vaults)
      .where(and(eq(vaults.holderUserId, holderUserId), eq(vaults.sponsorId, sponsorId)))
  )[0];

export const insert = async (db: Db, values: typeof failedUploads.$inferInsert) =>
  (await db.insert(failedUploads).values(values).returning())[0]!;

/** The sponsor's rows among ids, locked, with the holder's address for notices. */
export const findOwnedForUpdate = (db: Db, sponsorId: number, ids: number[]) =>
  db
    .select({
      f: failedUploads,
      holderEmail: users.email,
      holderFirstName: users.firstName,
      holderLocalize: users.localize,
      sponsorName: sponsors.name,
      sponsorContact: sponsors.contactEmail,
    })
    .from(failedUploads)
    .innerJoin(sponsors, eq(sponsors.id, failedUploads.sponsorId))
    .leftJoin(users, eq(users.id, failedUploads.holderUserId))
    .where(and(eq(failedUploads.sponsorId, sponsorId), inArray(failedUploads.id, ids)))
    .for('update', { of: failedUploads });

export const setStatus = (db: Db, ids: number[], status: 'retry_requested' | 'dismissed', userId: number | null) =>
  db.update(failedUploads).set({ status, resolvedAt: new Date(), resolvedByUserId: userId }).where(inArray(failedUploads.id, ids));
