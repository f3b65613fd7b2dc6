import { STATUS_NAMES } from '@vault/contract';
import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { likeContains } from '../../db/like.js';
import { sponsorGroups, users } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';

/**
 * Pieces shared by the three people modules (administrators, representatives, trusted
 * collaborators): search conditions, group checks, change logs and row mapping.
 */

export type PeopleSearchField = 'all' | 'email' | 'firstName' | 'lastName' | 'name' | 'id' | 'status' | 'title';

/** The WHERE part of a people search on `users` (plus an optional title column). */
export function userSearchCondition(field: PeopleSearchField, rawValue: string, title?: SQL | typeof users.email): SQL | undefined {
  const value = rawValue.trim();
  if (value === '') return undefined;
  const p = likeContains(value);
  const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;
  switch (field) {
    case 'email':
      return ilike(users.email, p);
    case 'firstName':
      return ilike(users.firstName, p);
    case 'lastName':
      return ilike(users.lastName, p);
    case 'name':
      return or(ilike(users.firstName, p), ilike(users.lastName, p), sql`${fullName} ilike ${p}`);
    case 'title':
      return title ? sql`${title} ilike ${p}` : sql`false`;
    case 'id': {
      const n = Number(value);
      return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? eq(users.id, n) : sql`false`;
    }
    case 'status': {
      const n = Number(value);
      if (Number.isInteger(n) && n > 0 && n < 10) return eq(users.statusId, n);
      const ids = Object.entries(STATUS_NAMES)
        .filter(([, name]) => name.toLowerCase().includes(value.toLowerCase()))
        .map(([id]) => Number(id));
      return ids.length
        ? sql`${users.statusId} in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`
        : sql`false`;
    }
    default: {
      const n = Number(value);
      return or(
        ilike(users.email, p),
        ilike(users.firstName, p),
        ilike(users.lastName, p),
        sql`${fullName} ilike ${p}`,
        ...(title ? [sql`${title} ilike ${p}`] : []),
        ...(Number.isInteger(n) && n > 0 && n < 2 ** 31 ? [eq(users.id, n)] : []),
      );
    }
  }
}

/** A group given in a body must be a sub-portal of the sponsor the call works in. */
export async function checkGroup(db: Db, sponsorId: number, group: number | null | undefined): Promise<void> {
  if (group === undefined || group === null) return;
  const [row] = await db
    .select({ id: sponsorGroups.id })
    .from(sponsorGroups)
    .where(and(eq(sponsorGroups.id, group), eq(sponsorGroups.sponsorId, sponsorId)));
  if (!row)
    throw badRequest('The group is not a sub-portal of this portal.', [{ field: 'group', message: 'Choose a sub-portal of this portal' }]);
}

/** What a save changed, as `{ field: { from, to } }`, for the audit entry. */
export function changes(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [k, v] of Object.entries(after)) {
    if (v === undefined) continue;
    const was = before[k];
    if (JSON.stringify(was) !== JSON.stringify(v)) out[k] = { from: was, to: v };
  }
  return out;
}

export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();
export const statusName = (id: number) => STATUS_NAMES[id] ?? `Status ${id}`;

/** Picks the given keys out of a body, dropping those not sent. */
export function pick<T extends object, K extends keyof T>(body: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (body[k] !== undefined) out[k] = body[k];
  return out;
}

/** Paging answer shared by every list. */
export const page = <T>(data: T[], total: number, offset: number, limit: number, isEditable = true) => ({
  data,
  total,
  activePage: Math.floor(offset / limit) + 1,
  perPage: limit,
  isEditable,
});
