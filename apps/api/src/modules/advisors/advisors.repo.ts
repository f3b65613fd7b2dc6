import type { PeopleSortField, SortQuery } from '@vault/contract';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sortOrder } from '../../db/order.js';
import { pageWithTotal } from '../../db/prepared.js';
import { advisors, sponsoredAdvisors, sponsorGroups, sponsors, users } from '../../db/schema/index.js';
import { PEOPLE_SORT_COLUMNS, personColumns } from '../people-common/person-columns.repo.js';

/** Advisors linked to `sponsorId` (a representative there); null means every advisor. */
const linkedTo = (sponsorId: number | null) =>
  sponsorId === null
    ? undefined
    : sql`exists (select 1 from ${sponsoredAdvisors} where ${sponsoredAdvisors.userId} = ${users.id} and ${sponsoredAdvisors.sponsorId} = ${sponsorId})`;

const sponsorCount = (sponsorId: number | null) =>
  sql<number>`(select count(*)::int from ${sponsoredAdvisors} where ${sponsoredAdvisors.userId} = ${users.id}${
    sponsorId === null ? sql`` : sql` and ${sponsoredAdvisors.sponsorId} = ${sponsorId}`
  })`;

/** A column of the advisor's link to `sponsorId` (null for staff, who read the person). */
const linkColumn = <T>(sponsorId: number | null, column: SQL, otherwise: SQL) =>
  sponsorId === null
    ? sql<T>`${otherwise}`
    : sql<T>`(select ${column} from ${sponsoredAdvisors} where ${sponsoredAdvisors.userId} = ${users.id} and ${sponsoredAdvisors.sponsorId} = ${sponsorId})`;

/**
 * A sponsor administrator reads what their own portal holds: the owner of their portal's link and
 * its status; staff read the person's own record.
 */
const columns = (sponsorId: number | null) => ({
  ...personColumns,
  lastLoginAt: users.lastLoginAt,
  ownerEmail: linkColumn<string | null>(sponsorId, sql`${sponsoredAdvisors.ownerEmail}`, sql`${advisors.ownerEmail}`),
  linkStatusId: linkColumn<number | null>(sponsorId, sql`${sponsoredAdvisors.statusId}`, sql`null::int`),
  sponsorCount: sponsorCount(sponsorId),
});

export type AdvisorRow = NonNullable<Awaited<ReturnType<typeof findAdvisor>>>;

export async function listAdvisors(
  db: Db,
  opts: { sponsorId: number | null; offset: number; limit: number; where?: SQL } & SortQuery<PeopleSortField>,
) {
  const where = and(eq(users.role, 'advisor'), linkedTo(opts.sponsorId), opts.where);
  return pageWithTotal(
    db,
    db
      .select(columns(opts.sponsorId))
      .from(users)
      .innerJoin(advisors, eq(advisors.userId, users.id))
      .where(where)
      .orderBy(...sortOrder(opts, PEOPLE_SORT_COLUMNS, users.id, [desc(users.id)]))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(users).innerJoin(advisors, eq(advisors.userId, users.id)).where(where),
  );
}

/** The advisor `userId`, if visible: any advisor for staff (sponsorId null), else only one linked to that sponsor. */
export async function findAdvisor(db: Db, userId: number, sponsorId: number | null) {
  const [row] = await db
    .select(columns(sponsorId))
    .from(users)
    .innerJoin(advisors, eq(advisors.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.role, 'advisor'), linkedTo(sponsorId)));
  return row ?? null;
}

export async function advisorSponsors(db: Db, userId: number, sponsorId: number | null) {
  return db
    .select({ staid: sponsoredAdvisors.id, sponsorId: sponsors.id, sponsorCode: sponsors.sponsorCode, groupName: sponsorGroups.name })
    .from(sponsoredAdvisors)
    .innerJoin(sponsors, eq(sponsors.id, sponsoredAdvisors.sponsorId))
    .leftJoin(sponsorGroups, eq(sponsorGroups.id, sponsoredAdvisors.groupId))
    .where(and(eq(sponsoredAdvisors.userId, userId), sponsorId === null ? undefined : eq(sponsoredAdvisors.sponsorId, sponsorId)))
    .orderBy(asc(sponsors.sponsorCode));
}
