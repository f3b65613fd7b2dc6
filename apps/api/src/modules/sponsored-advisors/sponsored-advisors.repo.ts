import type { PeopleSortField, SortQuery } from '@vault/contract';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sortOrder } from '../../db/order.js';
import { pageWithTotal } from '../../db/prepared.js';
import { advisors, sponsoredAdvisors, sponsorGroups, users } from '../../db/schema/index.js';
import { PEOPLE_SORT_COLUMNS, personColumns, personColumnsOf, updateUser } from '../people-common/person-columns.repo.js';

const columns = {
  user: personColumns,
  sa: sponsoredAdvisors,
  groupName: sponsorGroups.name,
};

export type RepRow = {
  user: Pick<typeof users.$inferSelect, keyof typeof columns.user>;
  sa: typeof sponsoredAdvisors.$inferSelect;
  groupName: string | null;
};

const base = (db: Db) =>
  db
    .select(columns)
    .from(sponsoredAdvisors)
    .innerJoin(users, eq(users.id, sponsoredAdvisors.userId))
    .leftJoin(sponsorGroups, eq(sponsorGroups.id, sponsoredAdvisors.groupId));

export async function listReps(
  db: Db,
  sponsorId: number,
  opts: { offset: number; limit: number; where?: SQL; unassigned?: boolean } & SortQuery<PeopleSortField>,
) {
  const where = and(
    eq(sponsoredAdvisors.sponsorId, sponsorId),
    opts.unassigned ? isNull(sponsoredAdvisors.groupId) : undefined,
    opts.where,
  );
  const { rows, total } = await pageWithTotal(
    db,
    base(db)
      .where(where)
      .orderBy(...sortOrder(opts, PEOPLE_SORT_COLUMNS, sponsoredAdvisors.id, [desc(sponsoredAdvisors.id)]))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(sponsoredAdvisors).innerJoin(users, eq(users.id, sponsoredAdvisors.userId)).where(where),
  );
  return { rows: rows as RepRow[], total };
}

/** The representative of `sponsorId` whose advisor user id is `userId`. */
export async function findByUser(db: Db, sponsorId: number, userId: number): Promise<RepRow | null> {
  const [row] = await base(db).where(and(eq(sponsoredAdvisors.sponsorId, sponsorId), eq(sponsoredAdvisors.userId, userId)));
  return (row as RepRow | undefined) ?? null;
}

/** The representative record `staid`, only within `sponsorId`. */
export async function findById(db: Db, sponsorId: number, staid: number): Promise<RepRow | null> {
  const [row] = await base(db).where(and(eq(sponsoredAdvisors.sponsorId, sponsorId), eq(sponsoredAdvisors.id, staid)));
  return (row as RepRow | undefined) ?? null;
}

/** The global advisor with this e-mail (e-mail is unique among advisors), with their owner e-mail. */
export async function findAdvisorByEmail(db: Db, email: string) {
  const [row] = await db
    .select({
      userId: users.id,
      ...personColumnsOf('email', 'firstName', 'lastName', 'statusId', 'testAccount', 'localize'),
      ownerEmail: advisors.ownerEmail,
    })
    .from(users)
    .innerJoin(advisors, eq(advisors.userId, users.id))
    .where(and(eq(users.role, 'advisor'), sql`coalesce(${users.sponsorId}, 0) = 0`, sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return row ?? null;
}

export async function insertAdvisorUser(db: Db, values: typeof users.$inferInsert, ownerEmail: string | null) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  await db.insert(advisors).values({ userId: row!.id, ownerEmail });
  return row!.id;
}

export async function insertRep(db: Db, values: typeof sponsoredAdvisors.$inferInsert) {
  const [row] = await db.insert(sponsoredAdvisors).values(values).returning({ id: sponsoredAdvisors.id });
  return row!.id;
}

export async function updateRep(
  db: Db,
  staid: number,
  userId: number,
  userValues: Partial<typeof users.$inferInsert>,
  repValues: Partial<typeof sponsoredAdvisors.$inferInsert>,
) {
  const now = new Date();
  await updateUser(db, userId, userValues, now);
  if (Object.keys(repValues).length)
    await db
      .update(sponsoredAdvisors)
      .set({ ...repValues, updatedAt: now })
      .where(eq(sponsoredAdvisors.id, staid));
}
