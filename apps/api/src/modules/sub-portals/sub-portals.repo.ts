import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { likeContains } from '../../db/like.js';
import { sponsorAdmins, sponsoredAdvisors, sponsorGroups, users, vaults } from '../../db/schema/index.js';

const parent = alias(sponsorGroups, 'parent');

/** A sub-portal as its screens show it: name, code, parent, and how many representatives and vaults it holds. */
export const groupSummaryColumns = {
  id: sponsorGroups.id,
  name: sponsorGroups.name,
  code: sponsorGroups.code,
  parentId: sponsorGroups.parentId,
  advisorCount: sql<number>`(select count(*) from sponsored_advisors sa where sa.group_id = "sponsor_groups"."id")::int`,
  vaultCount: sql<number>`(select count(*) from vaults v where v.group_id = "sponsor_groups"."id")::int`,
};

export async function getGroup(db: Db, sponsorId: number, code: string) {
  const [row] = await db
    .select({ ...groupSummaryColumns, parentName: parent.name })
    .from(sponsorGroups)
    .leftJoin(parent, eq(parent.id, sponsorGroups.parentId))
    .where(and(eq(sponsorGroups.sponsorId, sponsorId), sql`lower(${sponsorGroups.code}) = ${code.toLowerCase()}`));
  return row ?? null;
}

export const groupById = async (db: Db, sponsorId: number, id: number) =>
  (
    await db
      .select()
      .from(sponsorGroups)
      .where(and(eq(sponsorGroups.sponsorId, sponsorId), eq(sponsorGroups.id, id)))
  )[0] ?? null;

export const lockGroup = async (db: Db, id: number) =>
  (await db.select().from(sponsorGroups).where(eq(sponsorGroups.id, id)).for('update'))[0] ?? null;

export const parentsOf = (db: Db, sponsorId: number) =>
  db.select({ id: sponsorGroups.id, parentId: sponsorGroups.parentId }).from(sponsorGroups).where(eq(sponsorGroups.sponsorId, sponsorId));

export async function insertGroup(db: Db, values: { sponsorId: number; name: string; code: string; parentId: number | null }) {
  const [row] = await db.insert(sponsorGroups).values(values).returning({ id: sponsorGroups.id });
  return row!.id;
}

export async function updateGroup(db: Db, id: number, values: { name: string; parentId: number | null }) {
  await db
    .update(sponsorGroups)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sponsorGroups.id, id));
}

export async function deleteGroup(db: Db, id: number) {
  await db.delete(sponsorGroups).where(eq(sponsorGroups.id, id));
}

export async function usage(db: Db, id: number) {
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
  const [advisors, vaultCount, administrators, children] = await Promise.all([
    n(db.select({ n: count() }).from(sponsoredAdvisors).where(eq(sponsoredAdvisors.groupId, id))),
    n(db.select({ n: count() }).from(vaults).where(eq(vaults.groupId, id))),
    n(db.select({ n: count() }).from(sponsorAdmins).where(eq(sponsorAdmins.groupId, id))),
    n(db.select({ n: count() }).from(sponsorGroups).where(eq(sponsorGroups.parentId, id))),
  ]);
  return { advisors, vaults: vaultCount, administrators, children };
}

const memberGroup = alias(sponsorGroups, 'member_group');
const personSearch = (search?: string) =>
  search
    ? or(
        ilike(users.firstName, likeContains(search)),
        ilike(users.lastName, likeContains(search)),
        ilike(users.email, likeContains(search)),
      )
    : undefined;

/** The person and the group they are in now, as the member pickers show them. */
const memberColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  statusId: users.statusId,
  groupCode: memberGroup.code,
  groupName: memberGroup.name,
};

type MemberQuery = { member: boolean; search?: string; offset: number; limit: number };

/** Where a kind of sub-portal member lives: its table, its id, its sponsor, its person and its group. */
interface MemberTable {
  table: typeof sponsoredAdvisors | typeof vaults;
  id: typeof sponsoredAdvisors.id | typeof vaults.id;
  sponsorId: typeof sponsoredAdvisors.sponsorId | typeof vaults.sponsorId;
  userId: typeof sponsoredAdvisors.userId | typeof vaults.holderUserId;
  groupId: typeof sponsoredAdvisors.groupId | typeof vaults.groupId;
}

/** Members of a kind in the group (member) or elsewhere in the sponsor (not member), with their person and group. */
async function members(db: Db, m: MemberTable, sponsorId: number, groupId: number, q: MemberQuery) {
  const inGroup = q.member ? eq(m.groupId, groupId) : or(isNull(m.groupId), ne(m.groupId, groupId));
  const where = and(eq(m.sponsorId, sponsorId), inGroup, personSearch(q.search));
  const [data, [total]] = await Promise.all([
    db
      .select({ id: m.id, userId: users.id, ...memberColumns })
      .from(m.table)
      .innerJoin(users, eq(users.id, m.userId))
      .leftJoin(memberGroup, eq(memberGroup.id, m.groupId))
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(m.id))
      .offset(q.offset)
      .limit(q.limit),
    db.select({ n: count() }).from(m.table).innerJoin(users, eq(users.id, m.userId)).where(where),
  ]);
  return { data, total: total?.n ?? 0 };
}

/** Representatives of the sponsor in the group (member) or elsewhere (not member), with their group. */
export const advisors = (db: Db, sponsorId: number, groupId: number, q: MemberQuery) =>
  members(
    db,
    {
      table: sponsoredAdvisors,
      id: sponsoredAdvisors.id,
      sponsorId: sponsoredAdvisors.sponsorId,
      userId: sponsoredAdvisors.userId,
      groupId: sponsoredAdvisors.groupId,
    },
    sponsorId,
    groupId,
    q,
  );

/** Vaults of the sponsor in the group (member) or elsewhere (not member), with their holder and group. */
export async function groupVaults(db: Db, sponsorId: number, groupId: number, q: MemberQuery) {
  const m = { table: vaults, id: vaults.id, sponsorId: vaults.sponsorId, userId: vaults.holderUserId, groupId: vaults.groupId };
  const { data, total } = await members(db, m, sponsorId, groupId, q);
  return { data: data.map(({ userId, ...row }) => ({ ...row, holderUserId: userId })), total };
}

export const advisorsOf = (db: Db, sponsorId: number, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: sponsoredAdvisors.id, groupId: sponsoredAdvisors.groupId })
        .from(sponsoredAdvisors)
        .where(and(eq(sponsoredAdvisors.sponsorId, sponsorId), inArray(sponsoredAdvisors.id, ids)));

export const vaultsOf = (db: Db, sponsorId: number, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: vaults.id, groupId: vaults.groupId })
        .from(vaults)
        .where(and(eq(vaults.sponsorId, sponsorId), inArray(vaults.id, ids)));

export async function moveAdvisors(db: Db, ids: number[], groupId: number | null) {
  if (ids.length > 0) await db.update(sponsoredAdvisors).set({ groupId, updatedAt: new Date() }).where(inArray(sponsoredAdvisors.id, ids));
}

export async function moveVaults(db: Db, ids: number[], groupId: number | null) {
  if (ids.length > 0) await db.update(vaults).set({ groupId, updatedAt: new Date() }).where(inArray(vaults.id, ids));
}
