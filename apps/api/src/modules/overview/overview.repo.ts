import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** Raw SQL result rows for both drivers (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** One portal, or (null) every portal: the counters' sponsor condition. */
const of = (sponsorId: number | null, column = sql`sponsor_id`) => (sponsorId === null ? sql`true` : sql`${column} = ${sponsorId}`);

export interface Days {
  from: string;
  to: string;
}

// Every figure below reads the counters of migration 0030 (a few rows per portal and day), or an
// index bounded by what it counts (pending invitations, a portal's administrators).

export const holdersByStatus = (db: Db, sponsorId: number | null) =>
  rowsOf<{ status_id: number; n: string }>(
    db,
    sql`select status_id, sum(n) as n from overview_holder_status where ${of(sponsorId)} group by 1 having sum(n) > 0 order by 1`,
  );

export const holdersPerPackage = (db: Db, sponsorId: number | null) =>
  rowsOf<{ package_id: number; name: string | null; n: string }>(
    db,
    sql`select c.package_id, p.name, c.n from (
          select package_id, sum(n) as n from overview_package_holders where ${of(sponsorId)} group by 1 having sum(n) > 0
        ) c left join base_packages p on p.id = c.package_id
        order by c.n desc, p.name, c.package_id`,
  );

/** Daily counts of one kind, per day, in [from, to]. */
export const perDay = (db: Db, sponsorId: number | null, kind: string, days: Days) =>
  rowsOf<{ day: string; n: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(n) as n from overview_daily
        where kind = ${kind} and day between ${days.from}::date and ${days.to}::date and ${of(sponsorId)}
        group by day order by day`,
  );

/** Totals of several kinds in [from, to]. */
export const totals = (db: Db, sponsorId: number | null, kinds: string[], days: Days) =>
  rowsOf<{ kind: string; n: string }>(
    db,
    sql`select kind, sum(n) as n from overview_daily
        where kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )}) and day between ${days.from}::date and ${days.to}::date and ${of(sponsorId)}
        group by kind`,
  );

/** The histogram of whole days to activate for holders created in [from, to]. */
export const activationDays = (db: Db, sponsorId: number | null, days: Days) =>
  rowsOf<{ days: number; n: string }>(
    db,
    sql`select days, sum(n) as n from overview_activation_days
        where created_day between ${days.from}::date and ${days.to}::date and ${of(sponsorId)}
        group by days having sum(n) > 0 order by days`,
  );

/** Invitations with a use left and not expired, and those of them expiring by `before`. */
export async function pendingInvitations(db: Db, sponsorId: number | null, before: Date) {
  const [row] = await rowsOf<{ pending: string; soon: string }>(
    db,
    sql`select count(*) filter (where expire_time is null or expire_time > now()) as pending,
               count(*) filter (where expire_time > now() and expire_time <= ${before.toISOString()}::timestamptz) as soon
        from invitations where uses < max and ${of(sponsorId)}`,
  );
  return { pending: Number(row?.pending ?? 0), soon: Number(row?.soon ?? 0) };
}

export async function adminsWithoutSecondFactor(db: Db, sponsorId: number | null) {
  const [row] = await rowsOf<{ n: string }>(
    db,
    sql`select count(*) as n from sponsor_admins a join users u on u.id = a.user_id
        where ${of(sponsorId, sql`a.sponsor_id`)} and not u.mfa_enabled`,
  );
  return Number(row?.n ?? 0);
}

/** The portals with the most new vault holders in [from, to]. */
export const topGrowth = (db: Db, days: Days, limit: number) =>
  rowsOf<{ sponsor_id: number; sponsor_code: string; name: string | null; n: string }>(
    db,
    sql`select t.sponsor_id, s.sponsor_code, s.name, t.n from (
          select sponsor_id, sum(n) as n from overview_daily
          where kind = 'holder_created' and day between ${days.from}::date and ${days.to}::date
          group by 1 having sum(n) > 0 order by 2 desc, 1 limit ${limit}
        ) t join sponsors s on s.id = t.sponsor_id order by t.n desc, t.sponsor_id`,
  );

/** The portals with the most holders pending activation (status 3). */
export const topPendingActivation = (db: Db, limit: number) =>
  rowsOf<{ sponsor_id: number; sponsor_code: string; name: string | null; n: string }>(
    db,
    sql`select c.sponsor_id, s.sponsor_code, s.name, c.n from overview_holder_status c join sponsors s on s.id = c.sponsor_id
        where c.status_id = 3 and c.n > 0 order by c.n desc, c.sponsor_id limit ${limit}`,
  );
