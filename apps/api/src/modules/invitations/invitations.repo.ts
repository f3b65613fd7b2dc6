import type { InvitationSortField, SortQuery } from '@vault/contract';
import { type AnyColumn, and, count, desc, eq, gte, ilike, inArray, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { escapeLike } from '../../db/like.js';
import { sortOrder } from '../../db/order.js';
import { basePackages, invitationRedemptions, invitations, packageSponsor, sponsoredAdvisors, sponsors } from '../../db/schema/index.js';

export type InvitationRow = typeof invitations.$inferSelect;
export type InvitationInsert = typeof invitations.$inferInsert;

/** The columns every answer needs: the invitation, its sponsor code and package name. */
const listColumns = {
  inv: invitations,
  sponsorCode: sponsors.sponsorCode,
  packageName: basePackages.name,
};
export type InvitationListRow = { inv: InvitationRow; sponsorCode: string; packageName: string | null };

const baseSelect = (db: Db) =>
  db
    .select(listColumns)
    .from(invitations)
    .innerJoin(sponsors, eq(sponsors.id, invitations.sponsorId))
    .leftJoin(basePackages, eq(basePackages.id, invitations.packageId));

/** SQL for the status shown in the list: used (no uses left), expired, else pending. */
const statusSql = sql<string>`case when ${invitations.uses} >= ${invitations.max} then 'used'
  when ${invitations.expireTime} is not null and ${invitations.expireTime} <= now() then 'expired' else 'pending' end`;

/** The filter of a search: a field name and a "contains" value (empty value: everything). */
export function searchFilter(fieldName: string, fieldValue: string): SQL | undefined {
  const v = fieldValue.trim();
  if (!v) return undefined;
  const like = `%${escapeLike(v)}%`;
  const lower = v.toLowerCase();
  switch (fieldName) {
    case 'inviteCode':
      return ilike(invitations.inviteCode, like);
    case 'email':
      return ilike(invitations.email, like);
    case 'name':
      return or(
        ilike(invitations.firstName, like),
        ilike(invitations.lastName, like),
        sql`(${invitations.firstName} || ' ' || ${invitations.lastName}) ilike ${like}`,
      );
    case 'type':
      return eq(invitations.type, lower as 'strict' | 'open');
    case 'status':
      return sql`${statusSql} = ${lower}`;
    case 'package':
      return ilike(basePackages.name, like);
    default:
      return or(
        ilike(invitations.inviteCode, like),
        ilike(invitations.email, like),
        ilike(invitations.firstName, like),
        ilike(invitations.lastName, like),
        ilike(basePackages.name, like),
        eq(invitations.type, lower as 'strict' | 'open'),
      );
  }
}

/** Created at or after `from` and before `to` (either may be missing). */
export function createdBetween(from: Date | undefined, to: Date | undefined): SQL | undefined {
  return and(from ? gte(invitations.createdAt, from) : undefined, to ? lt(invitations.createdAt, to) : undefined);
}

/** The list's filter: the search (if any), the creation dates and an expiry bound. */
export const listFilter = (
  search: { fieldName: string; fieldValue: string } | undefined,
  from: Date | undefined,
  to: Date | undefined,
  expiresBefore?: Date,
) =>
  and(
    search ? searchFilter(search.fieldName, search.fieldValue) : undefined,
    createdBetween(from, to),
    expiresBefore ? lte(invitations.expireTime, expiresBefore) : undefined,
  );

/** What each sortable column of the list orders by (`sortBy`). */
const SORT_COLUMNS: Record<InvitationSortField, AnyColumn | SQL> = {
  email: invitations.email,
  name: sql`lower(${invitations.lastName} || ' ' || ${invitations.firstName})`,
  status: statusSql,
  createdDate: invitations.createdAt,
  lastSentAt: invitations.lastSentAt,
};

export async function listPage(
  db: Db,
  /** null: every portal (staff, decision 0052). */
  sponsorId: number | null,
  page: { offset: number; limit: number } & SortQuery<InvitationSortField>,
  filter?: SQL,
) {
  const where = and(sponsorId === null ? undefined : eq(invitations.sponsorId, sponsorId), filter);
  const rows = await baseSelect(db)
    .where(where)
    .orderBy(...sortOrder(page, SORT_COLUMNS, invitations.id, [desc(invitations.id)]))
    .limit(page.limit)
    .offset(page.offset);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(invitations)
    .leftJoin(basePackages, eq(basePackages.id, invitations.packageId))
    .where(where);
  return { rows: rows as InvitationListRow[], total: Number(total) };
}

export async function findById(db: Db, id: number): Promise<InvitationListRow | undefined> {
  const [row] = await baseSelect(db).where(eq(invitations.id, id));
  return row as InvitationListRow | undefined;
}

export async function findInSponsorForUpdate(db: Db, id: number, sponsorId: number): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.sponsorId, sponsorId)))
    .for('update');
  return row;
}

/** Packages assigned to the sponsor (active packages), among the given ids. */
export async function sponsorPackageIds(db: Db, sponsorId: number, packageIds: number[]): Promise<Set<number>> {
  if (packageIds.length === 0) return new Set();
  const rows = await db
    .select({ id: packageSponsor.packageId })
    .from(packageSponsor)
    .where(and(eq(packageSponsor.sponsorId, sponsorId), inArray(packageSponsor.packageId, packageIds)));
  return new Set(rows.map((r) => r.id));
}

/** Representatives of the sponsor among the given advisor user ids (as vault creation names them). */
export async function sponsorAdvisorIds(db: Db, sponsorId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sponsoredAdvisors.userId })
    .from(sponsoredAdvisors)
    .where(and(eq(sponsoredAdvisors.sponsorId, sponsorId), inArray(sponsoredAdvisors.userId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Open codes of the sponsor already used (lower-cased), among the given codes, except one invitation. */
export async function takenOpenCodes(db: Db, sponsorId: number, codes: string[], exceptId?: number): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const lowered = [...new Set(codes.map((c) => c.toLowerCase()))];
  const rows = await db
    .select({ code: sql<string>`lower(${invitations.inviteCode})` })
    .from(invitations)
    .where(
      and(
        eq(invitations.sponsorId, sponsorId),
        eq(invitations.type, 'open'),
        inArray(sql`lower(${invitations.inviteCode})`, lowered),
        exceptId === undefined ? undefined : ne(invitations.id, exceptId),
      ),
    );
  return new Set(rows.map((r) => r.code));
}

/** E-mails (lower-cased), among the given ones, that hold a strict invitation of the sponsor with a use left and not expired. */
export async function pendingStrictEmails(db: Db, sponsorId: number, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const lowered = [...new Set(emails.map((e) => e.toLowerCase()))];
  const rows = await db
    .select({ email: sql<string>`lower(${invitations.email})` })
    .from(invitations)
    .where(
      and(
        eq(invitations.sponsorId, sponsorId),
        eq(invitations.type, 'strict'),
        inArray(sql`lower(${invitations.email})`, lowered),
        sql`${invitations.uses} < ${invitations.max}`,
        sql`(${invitations.expireTime} is null or ${invitations.expireTime} > now())`,
      ),
    );
  return new Set(rows.map((r) => r.email));
}

export async function insert(db: Db, values: InvitationInsert): Promise<InvitationRow> {
  const [row] = await db.insert(invitations).values(values).returning();
  return row!;
}

export async function insertMany(db: Db, values: InvitationInsert[]): Promise<{ id: number }[]> {
  if (values.length === 0) return [];
  return db.insert(invitations).values(values).returning({ id: invitations.id });
}

export async function update(db: Db, id: number, values: Partial<InvitationInsert>): Promise<InvitationRow> {
  const [row] = await db
    .update(invitations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(invitations.id, id))
    .returning();
  return row!;
}

/** Clears the sponsor's default invite code (except one invitation); answers the ids cleared. */
export async function clearDefault(db: Db, sponsorId: number, exceptId?: number): Promise<number[]> {
  const rows = await db
    .update(invitations)
    .set({ defaultInviteCode: false, updatedAt: new Date() })
    .where(
      and(
        eq(invitations.sponsorId, sponsorId),
        eq(invitations.defaultInviteCode, true),
        exceptId === undefined ? undefined : ne(invitations.id, exceptId),
      ),
    )
    .returning({ id: invitations.id });
  return rows.map((r) => r.id);
}

/** The invitation a redemption code names within a sponsor: an open code, or a strict one for this e-mail. */
export async function findForRedemption(db: Db, sponsorId: number, code: string, email: string): Promise<InvitationRow | undefined> {
  const [open] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.sponsorId, sponsorId),
        eq(invitations.type, 'open'),
        sql`lower(${invitations.inviteCode}) = ${code.toLowerCase()}`,
      ),
    );
  if (open) return open;
  // Strict invitations share the fixed code; the e-mail names the one. Prefer one with a use left.
  const [strict] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.sponsorId, sponsorId),
        eq(invitations.type, 'strict'),
        sql`lower(${invitations.inviteCode}) = ${code.toLowerCase()}`,
        sql`lower(${invitations.email}) = ${email.toLowerCase()}`,
      ),
    )
    .orderBy(sql`${invitations.uses} < ${invitations.max} desc`, desc(invitations.id))
    .limit(1);
  return strict;
}

/**
 * Counts one use atomically: the row is changed only while a use is left and the code has not
 * expired, so two redemptions racing for the last use cannot both succeed.
 */
export async function consumeUse(db: Db, id: number): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ uses: sql`${invitations.uses} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(invitations.id, id),
        sql`${invitations.uses} < ${invitations.max}`,
        sql`(${invitations.expireTime} is null or ${invitations.expireTime} > now())`,
      ),
    )
    .returning();
  return row;
}

export async function hasRedeemed(db: Db, invitationId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invitationRedemptions.id })
    .from(invitationRedemptions)
    .where(and(eq(invitationRedemptions.invitationId, invitationId), sql`lower(${invitationRedemptions.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return !!row;
}

export async function insertRedemption(db: Db, invitationId: number, email: string) {
  await db.insert(invitationRedemptions).values({ invitationId, email });
}

export async function sponsorAndPackage(db: Db, sponsorId: number, packageId: number | null) {
  const [s] = await db
    .select({ id: sponsors.id, sponsorCode: sponsors.sponsorCode, name: sponsors.name })
    .from(sponsors)
    .where(eq(sponsors.id, sponsorId));
  const [p] =
    packageId === null
      ? []
      : await db.select({ id: basePackages.id, name: basePackages.name }).from(basePackages).where(eq(basePackages.id, packageId));
  return { sponsor: s!, package: p ?? null };
}

/** The sponsor's active packages (base packages assigned to it), for the CSV import. */
export async function sponsorPackages(db: Db, sponsorId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: basePackages.id, name: basePackages.name })
    .from(packageSponsor)
    .innerJoin(basePackages, eq(basePackages.id, packageSponsor.packageId))
    .where(eq(packageSponsor.sponsorId, sponsorId));
}

/**
 * Serialises the invitation changes of one sponsor (default code, open codes): a row lock on the
 * sponsor that does not block inserts referring to it (FOR NO KEY UPDATE vs. KEY SHARE).
 */
export async function lockSponsor(db: Db, sponsorId: number) {
  await db.select({ id: sponsors.id }).from(sponsors).where(eq(sponsors.id, sponsorId)).for('no key update');
}
