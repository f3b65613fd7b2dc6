import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { samlRequests, samlUsedAssertions } from '../../../db/schema/index.js';

export type SamlRequestRow = typeof samlRequests.$inferSelect;

/** Remembers an AuthnRequest this portal sent, until `expiresAt`. */
export const insertRequest = (db: Db, values: typeof samlRequests.$inferInsert) => db.insert(samlRequests).values(values);

/** A remembered AuthnRequest of this portal that has not expired, or null. */
export const findLiveRequest = async (db: Db, sponsorId: number, id: string) =>
  (
    await db
      .select()
      .from(samlRequests)
      .where(and(eq(samlRequests.id, id), eq(samlRequests.sponsorId, sponsorId), gt(samlRequests.expiresAt, sql`now()`)))
  )[0] ?? null;

/**
 * Forgets an AuthnRequest and answers what it was, or null if it was not there (never sent, of
 * another portal, or already answered): of two answers to one request only one takes it.
 */
export const takeRequest = async (db: Db, sponsorId: number, id: string) =>
  (
    await db
      .delete(samlRequests)
      .where(and(eq(samlRequests.id, id), eq(samlRequests.sponsorId, sponsorId)))
      .returning()
  )[0] ?? null;

/**
 * Records that an assertion was used, and answers false if it already was: the primary key makes
 * this one atomic step, so of two instances receiving the same assertion only one accepts it.
 */
export const recordAssertionUse = async (db: Db, sponsorId: number, assertionId: string, expiresAt: Date) =>
  (
    await db
      .insert(samlUsedAssertions)
      .values({ sponsorId, assertionId, expiresAt })
      .onConflictDoNothing()
      .returning({ id: samlUsedAssertions.assertionId })
  ).length === 1;
