import { type PeopleSortField, type SignInMethod, type SortQuery, STATUS } from '@vault/contract';
import { and, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sortOrder } from '../../db/order.js';
import { pageWithTotal } from '../../db/prepared.js';
import { sponsorAdmins, sponsorGroups, sponsors, ssoSettings, users } from '../../db/schema/index.js';
import { PEOPLE_SORT_COLUMNS, personColumns, updateUser } from '../people-common/person-columns.repo.js';

/** The portal's "SSO only"; null when the portal has no identity provider. */
const ssoOnlyOfPortal = sql<boolean | null>`(select o.sso_only from ${ssoSettings} o where o.sponsor_id = ${sponsorAdmins.sponsorId})`;

/**
 * The portal's code, the group's name and the portal's "SSO only" are scalar sub-selects rather
 * than joins: with five tables joined, PGlite spent 3-11 ms planning each page against well under
 * 1 ms running it (1,000,000 holders in users); as sub-selects, planning takes about 1 ms.
 */
const columns = {
  user: { ...personColumns, lastLoginAt: users.lastLoginAt, updatedAt: users.updatedAt, ssoBreakGlass: users.ssoBreakGlass },
  admin: sponsorAdmins,
  sponsorCode: sql<string>`(select s.sponsor_code from ${sponsors} s where s.id = ${sponsorAdmins.sponsorId})`,
  groupName: sql<string | null>`(select g.name from ${sponsorGroups} g where g.id = ${sponsorAdmins.groupId})`,
  ssoOnly: ssoOnlyOfPortal,
};

export type AdminRow = {
  user: Pick<typeof users.$inferSelect, keyof typeof columns.user>;
  admin: typeof sponsorAdmins.$inferSelect;
  sponsorCode: string;
  groupName: string | null;
  ssoOnly: boolean | null;
};

const base = (db: Db) => db.select(columns).from(sponsorAdmins).innerJoin(users, eq(users.id, sponsorAdmins.userId));

/** The list's "signs in with" filter, as toItem words each row. */
function signInCondition(method: SignInMethod | undefined): SQL | undefined {
  if (!method) return undefined;
  if (method === 'password') return sql`${ssoOnlyOfPortal} is null`;
  if (method === 'sso') return sql`${ssoOnlyOfPortal} = false`;
  return and(sql`${ssoOnlyOfPortal} = true`, eq(users.ssoBreakGlass, method === 'break_glass'));
}

export async function listAdmins(
  db: Db,
  /** null: every portal (staff, decision 0052). */
  sponsorId: number | null,
  opts: {
    offset: number;
    limit: number;
    where?: SQL;
    secondFactor?: 'on' | 'off';
    signIn?: SignInMethod;
    email?: string;
  } & SortQuery<PeopleSortField>,
) {
  const where = and(
    sponsorId === null ? undefined : eq(sponsorAdmins.sponsorId, sponsorId),
    opts.where,
    // users_email_uq's own expression, so the look-up uses the index.
    opts.email !== undefined ? sql`lower(${users.email}) = ${opts.email.trim().toLowerCase()}` : undefined,
    opts.secondFactor ? eq(users.mfaEnabled, opts.secondFactor === 'on') : undefined,
    signInCondition(opts.signIn),
  );
  const { rows, total } = await pageWithTotal(
    db,
    base(db)
      .where(where)
      .orderBy(...sortOrder(opts, PEOPLE_SORT_COLUMNS, sponsorAdmins.id, [desc(sponsorAdmins.id)]))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(sponsorAdmins).innerJoin(users, eq(users.id, sponsorAdmins.userId)).where(where),
  );
  return { rows: rows as AdminRow[], total };
}

/** The administrator whose user id is `userId`, only within `sponsorId`. */
export async function findAdmin(db: Db, sponsorId: number, userId: number): Promise<AdminRow | null> {
  const [row] = await base(db).where(and(eq(sponsorAdmins.sponsorId, sponsorId), eq(sponsorAdmins.userId, userId)));
  return (row as AdminRow | undefined) ?? null;
}

/**
 * Holds the portal's row until the transaction ends, so deactivations in one portal take turns and
 * each counts the others' result (two at once could otherwise both find another active administrator).
 * NO KEY UPDATE leaves inserts that refer to the portal free.
 */
export async function lockPortalForDeactivation(db: Db, sponsorId: number) {
  await db.select({ id: sponsors.id }).from(sponsors).where(eq(sponsors.id, sponsorId)).for('no key update');
}

/** How many administrators of `sponsorId` other than `userId` are active. */
export async function otherActiveAdmins(db: Db, sponsorId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sponsorAdmins)
    .innerJoin(users, eq(users.id, sponsorAdmins.userId))
    .where(and(eq(sponsorAdmins.sponsorId, sponsorId), ne(users.id, userId), eq(users.statusId, STATUS.active)));
  return row?.n ?? 0;
}

export async function insertAdminUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function insertAdmin(db: Db, values: typeof sponsorAdmins.$inferInsert) {
  const [row] = await db.insert(sponsorAdmins).values(values).returning({ id: sponsorAdmins.id });
  return row!.id;
}

export async function updateAdmin(
  db: Db,
  userId: number,
  userValues: Partial<typeof users.$inferInsert>,
  adminValues: Partial<typeof sponsorAdmins.$inferInsert>,
) {
  const now = new Date();
  await updateUser(db, userId, userValues, now);
  if (Object.keys(adminValues).length)
    await db
      .update(sponsorAdmins)
      .set({ ...adminValues, updatedAt: now })
      .where(eq(sponsorAdmins.userId, userId));
}
