import type { PeopleSortField } from '@vault/contract';
import { type AnyColumn, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** The `users` columns every people list and detail reads. */
export const personColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  statusId: users.statusId,
  testAccount: users.testAccount,
  localize: users.localize,
  mfaEnabled: users.mfaEnabled,
  createdAt: users.createdAt,
};

/** Some of personColumns, by name. */
export const personColumnsOf = <K extends keyof typeof personColumns>(...keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, personColumns[k]])) as Pick<typeof personColumns, K>;

/** The `users` columns a people list, and the vault holder list besides its id, may be sorted by (`sortBy`; migration 0013 indexes them for holders). */
export const PEOPLE_SORT_COLUMNS: Record<PeopleSortField, AnyColumn> = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  status: users.statusId,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

/** Saves the changed user fields (if any), stamping `updatedAt`. */
export async function updateUser(db: Db, userId: number, values: Partial<typeof users.$inferInsert>, now: Date) {
  if (Object.keys(values).length)
    await db
      .update(users)
      .set({ ...values, updatedAt: now })
      .where(eq(users.id, userId));
}
