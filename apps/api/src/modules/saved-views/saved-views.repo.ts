import type { SavedViewList } from '@vault/contract';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { savedViewDefaults, savedViews, users } from '../../db/schema/index.js';

export type SavedViewRow = typeof savedViews.$inferSelect;

/** The views of a list `userId` sees in a portal (the portal's shared ones and their own), with whose they are and whether each is their default. */
export async function visible(db: Db, sponsorId: number, listKey: SavedViewList, userId: number) {
  return db
    .select({
      view: savedViews,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      isDefault: sql<boolean>`${savedViewDefaults.viewId} is not null`,
    })
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.ownerUserId))
    .leftJoin(savedViewDefaults, and(eq(savedViewDefaults.viewId, savedViews.id), eq(savedViewDefaults.userId, userId)))
    .where(
      and(
        eq(savedViews.sponsorId, sponsorId),
        eq(savedViews.listKey, listKey),
        or(eq(savedViews.shared, true), eq(savedViews.ownerUserId, userId)),
      ),
    )
    .orderBy(sql`lower(${savedViews.name})`, asc(savedViews.id));
}

/** One view, locked for the change that follows. */
export async function getForUpdate(db: Db, id: number): Promise<SavedViewRow | undefined> {
  const [row] = await db.select().from(savedViews).where(eq(savedViews.id, id)).for('update');
  return row;
}

export async function insert(db: Db, values: typeof savedViews.$inferInsert): Promise<SavedViewRow> {
  const [row] = await db.insert(savedViews).values(values).returning();
  return row!;
}

export async function update(db: Db, id: number, values: Partial<typeof savedViews.$inferInsert>): Promise<SavedViewRow> {
  const [row] = await db
    .update(savedViews)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(savedViews.id, id))
    .returning();
  return row!;
}

export async function remove(db: Db, id: number) {
  await db.delete(savedViews).where(eq(savedViews.id, id));
}

export async function ownerName(db: Db, userId: number): Promise<string | null> {
  const [u] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return u ? `${u.firstName} ${u.lastName}`.trim() : null;
}

export async function isDefault(db: Db, userId: number, viewId: number): Promise<boolean> {
  const [row] = await db
    .select({ viewId: savedViewDefaults.viewId })
    .from(savedViewDefaults)
    .where(and(eq(savedViewDefaults.userId, userId), eq(savedViewDefaults.viewId, viewId)));
  return row !== undefined;
}

/** Makes the view `userId`'s default of its list, in place of any other (one per person and list). */
export async function setDefault(db: Db, userId: number, view: SavedViewRow) {
  await db
    .insert(savedViewDefaults)
    .values({ userId, sponsorId: view.sponsorId, listKey: view.listKey, viewId: view.id })
    .onConflictDoUpdate({
      target: [savedViewDefaults.userId, savedViewDefaults.sponsorId, savedViewDefaults.listKey],
      set: { viewId: view.id },
    });
}

export async function clearDefault(db: Db, userId: number, viewId: number) {
  await db.delete(savedViewDefaults).where(and(eq(savedViewDefaults.userId, userId), eq(savedViewDefaults.viewId, viewId)));
}

/** A view no longer shared stops being anyone else's default: they cannot see it any more. */
export async function clearOthersDefaults(db: Db, view: SavedViewRow) {
  await db.delete(savedViewDefaults).where(and(eq(savedViewDefaults.viewId, view.id), ne(savedViewDefaults.userId, view.ownerUserId)));
}
