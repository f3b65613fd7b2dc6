import { STATUS_NAMES } from '@vault/contract';
import { eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { likeContains } from '../../db/like.js';
import { sponsorAdmins, users } from '../../db/schema/index.js';

/** The people searches (administrators, representatives, trusted collaborators) as SQL conditions. */

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

/** An administrator search: the people fields plus the administrator's title. */
export const adminSearchCondition = (field: PeopleSearchField, value: string) =>
  userSearchCondition(field, value, sponsorAdmins.title as never);
