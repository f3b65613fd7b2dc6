import { and, eq, gte, ilike, inArray, like, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { plannerRows } from '../../db/estimate.js';
import { escapeLike } from '../../db/like.js';
import { auditLog, sponsorAdmins, sponsoredAdvisors, sponsorGroups, sponsors, vaults } from '../../db/schema/index.js';

export interface AuditFilter {
  /** null: every sponsor (staff only). */
  sponsorId: number | null;
  from: Date;
  to: Date;
  action?: string;
  actor?: string;
  outcome?: 'success' | 'failure';
}

export function where(f: AuditFilter): SQL {
  return and(
    f.sponsorId === null ? undefined : eq(auditLog.sponsorId, f.sponsorId),
    gte(auditLog.occurredAt, f.from),
    lt(auditLog.occurredAt, f.to),
    // A prefix alone, no `= x OR`: the planner reads LIKE 'x%' as a range of audit_log_action_time_idx.
    f.action ? like(auditLog.action, `${escapeLike(f.action)}%`) : undefined,
    f.actor ? ilike(auditLog.actorEmail, `%${escapeLike(f.actor)}%`) : undefined,
    f.outcome ? eq(auditLog.outcome, f.outcome) : undefined,
  )!;
}

/**
 * Newest first, spelled exactly as the indexes are built (DESC NULLS LAST): a bare DESC means
 * NULLS FIRST, which does not match them and makes PostgreSQL sort the whole range instead.
 */
const NEWEST_FIRST = [sql`${auditLog.occurredAt} desc nulls last`, sql`${auditLog.id} desc nulls last`];

/**
 * One page, newest first. The order (occurred_at desc, id desc) is exactly the order of
 * audit_log_sponsor_time_idx / audit_log_time_idx, so PostgreSQL walks the index and stops after
 * offset + limit rows; no sort of the range.
 */
export const page = (db: Db, f: AuditFilter, offset: number, limit: number) =>
  db
    .select({ entry: auditLog, sponsorCode: sponsors.sponsorCode })
    .from(auditLog)
    .leftJoin(sponsors, eq(sponsors.id, auditLog.sponsorId))
    .where(where(f))
    .orderBy(...NEWEST_FIRST)
    .offset(offset)
    .limit(limit);

/** Keyset batch for exports: the next `limit` entries strictly after (before, in time) the cursor. */
export const batchAfter = (db: Db, f: AuditFilter, cursor: { at: Date; id: number } | null, limit: number) =>
  db
    .select()
    .from(auditLog)
    .where(
      and(
        where(f),
        cursor ? sql`(${auditLog.occurredAt}, ${auditLog.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id})` : undefined,
      ),
    )
    .orderBy(...NEWEST_FIRST)
    .limit(limit);

/** Exact count, but never walking more than cap + 1 index entries. */
export async function cappedCount(db: Db, f: AuditFilter, cap: number): Promise<number> {
  const inner = db
    .select({ one: sql`1`.as('one') })
    .from(auditLog)
    .where(where(f))
    .limit(cap + 1);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner.as('capped'));
  return Number(row?.n ?? 0);
}

/** The planner's row estimate for the filter: instant, and good enough to size a pager. */
export const estimatedCount = (db: Db, f: AuditFilter) => plannerRows(db, db.select({ one: sql`1` }).from(auditLog).where(where(f)));

export async function sponsorCodes(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: sponsors.id, code: sponsors.sponsorCode }).from(sponsors).where(inArray(sponsors.id, ids));
  return new Map(rows.map((r) => [r.id, r.code]));
}

/** People's target keys for the screens that open them: vault ids by holder, admin and representative links. */
export async function personLinks(db: Db, userIds: number[]) {
  if (userIds.length === 0) return { vaults: [], admins: [], representatives: [] };
  const [v, a, r] = await Promise.all([
    db.select({ id: vaults.id, userId: vaults.holderUserId }).from(vaults).where(inArray(vaults.holderUserId, userIds)),
    db
      .select({ id: sponsorAdmins.id, userId: sponsorAdmins.userId, sponsorId: sponsorAdmins.sponsorId })
      .from(sponsorAdmins)
      .where(inArray(sponsorAdmins.userId, userIds)),
    db
      .select({ id: sponsoredAdvisors.id, userId: sponsoredAdvisors.userId, sponsorId: sponsoredAdvisors.sponsorId })
      .from(sponsoredAdvisors)
      .where(inArray(sponsoredAdvisors.userId, userIds)),
  ]);
  return { vaults: v, admins: a, representatives: r };
}

export async function groupCodes(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: sponsorGroups.id, code: sponsorGroups.code })
    .from(sponsorGroups)
    .where(inArray(sponsorGroups.id, ids));
  return new Map(rows.map((r) => [r.id, r.code]));
}
