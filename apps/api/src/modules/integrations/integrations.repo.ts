import { and, asc, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appIntegrations, sponsorAuthorizations, sponsorIntegrations } from '../../db/schema/index.js';

export type SponsorIntegrationRow = typeof sponsorIntegrations.$inferSelect;

/** Authorizations that still grant something: not revoked and not expired. */
export const liveAuthorization = () =>
  and(
    isNull(sponsorAuthorizations.revokedAt),
    or(isNull(sponsorAuthorizations.expiresAt), gt(sponsorAuthorizations.expiresAt, sql`now()`)),
  );

export const listCatalogue = (db: Db) => db.select().from(appIntegrations).orderBy(asc(appIntegrations.name));

export const getCatalogueItem = async (db: Db, id: number) =>
  (await db.select().from(appIntegrations).where(eq(appIntegrations.id, id)))[0];

export const listForSponsor = (db: Db, sponsorId: number) =>
  db.select().from(sponsorIntegrations).where(eq(sponsorIntegrations.sponsorId, sponsorId));

export async function activeAuthorizationCounts(db: Db, sponsorId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: sponsorAuthorizations.sponsorIntegrationId, n: count() })
    .from(sponsorAuthorizations)
    .where(and(eq(sponsorAuthorizations.sponsorId, sponsorId), liveAuthorization()))
    .groupBy(sponsorAuthorizations.sponsorIntegrationId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export const findByIntegration = async (db: Db, sponsorId: number, integrationId: number) =>
  (
    await db
      .select()
      .from(sponsorIntegrations)
      .where(and(eq(sponsorIntegrations.sponsorId, sponsorId), eq(sponsorIntegrations.integrationId, integrationId)))
      .for('update')
  )[0];

/** A sponsor integration, only when it belongs to the sponsor (locked for the change). */
export const findOwned = async (db: Db, sponsorId: number, id: number) =>
  (
    await db
      .select({ si: sponsorIntegrations, app: appIntegrations })
      .from(sponsorIntegrations)
      .innerJoin(appIntegrations, eq(appIntegrations.id, sponsorIntegrations.integrationId))
      .where(and(eq(sponsorIntegrations.id, id), eq(sponsorIntegrations.sponsorId, sponsorId)))
      .for('update', { of: sponsorIntegrations })
  )[0];

export const insert = async (db: Db, values: typeof sponsorIntegrations.$inferInsert) =>
  (await db.insert(sponsorIntegrations).values(values).returning())[0]!;

export const update = async (db: Db, id: number, values: Partial<typeof sponsorIntegrations.$inferInsert>) =>
  (
    await db
      .update(sponsorIntegrations)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(sponsorIntegrations.id, id))
      .returning()
  )[0]!;

export const revokeAllFor = (db: Db, sponsorIntegrationId: number) =>
  db
    .update(sponsorAuthorizations)
    .set({ revokedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(sponsorAuthorizations.sponsorIntegrationId, sponsorIntegrationId), isNull(sponsorAuthorizations.revokedAt)))
    .returning({ id: sponsorAuthorizations.id });
