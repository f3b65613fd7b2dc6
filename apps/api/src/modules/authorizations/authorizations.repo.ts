import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appIntegrations, sponsorAuthorizations, sponsorIntegrations, users } from '../../db/schema/index.js';

const columns = {
  a: sponsorAuthorizations,
  integrationName: appIntegrations.name,
  integrationCode: appIntegrations.code,
  integrationEnabled: sponsorIntegrations.enabled,
  createdBy: users.email,
};

const base = (db: Db) =>
  db
    .select(columns)
    .from(sponsorAuthorizations)
    .innerJoin(sponsorIntegrations, eq(sponsorIntegrations.id, sponsorAuthorizations.sponsorIntegrationId))
    .innerJoin(appIntegrations, eq(appIntegrations.id, sponsorIntegrations.integrationId))
    .leftJoin(users, eq(users.id, sponsorAuthorizations.createdByUserId));

export type AuthorizationRow = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

export async function list(db: Db, sponsorId: number, offset: number, limit: number) {
  const where = eq(sponsorAuthorizations.sponsorId, sponsorId);
  const [rows, [total]] = await Promise.all([
    base(db).where(where).orderBy(desc(sponsorAuthorizations.id)).offset(offset).limit(limit),
    db.select({ n: count() }).from(sponsorAuthorizations).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export const findOwned = async (db: Db, sponsorId: number, id: number) =>
  (
    await base(db)
      .where(and(eq(sponsorAuthorizations.id, id), eq(sponsorAuthorizations.sponsorId, sponsorId)))
      .for('update', { of: sponsorAuthorizations })
  )[0];

export const findIntegration = async (db: Db, sponsorId: number, sponsorIntegrationId: number) =>
  (
    await db
      .select({ si: sponsorIntegrations, app: appIntegrations })
      .from(sponsorIntegrations)
      .innerJoin(appIntegrations, eq(appIntegrations.id, sponsorIntegrations.integrationId))
      .where(and(eq(sponsorIntegrations.id, sponsorIntegrationId), eq(sponsorIntegrations.sponsorId, sponsorId)))
  )[0];

export const insert = async (db: Db, values: typeof sponsorAuthorizations.$inferInsert) =>
  (await db.insert(sponsorAuthorizations).values(values).returning({ id: sponsorAuthorizations.id }))[0]!.id;

export const revoke = (db: Db, id: number) =>
  db.update(sponsorAuthorizations).set({ revokedAt: new Date(), updatedAt: new Date() }).where(eq(sponsorAuthorizations.id, id));
