import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** One portal, or (null) every portal: the counters' sponsor condition. */
const of = (sponsorId: number | null, column = sql`sponsor_id`) => (sponsorId === null ? sql`true` : sql`${column} = ${sponsorId}`);

export interface Days {
  from: string;
  to: string;
}

export interface FigureWindows {
  /** The request's range: funnels, the median, sign-ins. */
  range: Days;
  weeks: Days;
  failedDays: Days;
  expiringBefore: Date;
  withAdmins: boolean;
  top: number | null;
}

type DayRow = { day: string; n: number };
type PortalRow = { sponsor_id: number; sponsor_code: string; name: string | null; n: number };
export interface FigureRows {
  statuses: { status_id: number; n: number }[] | null;
  packages: { package_id: number; name: string | null; n: number }[] | null;
  created: DayRow[] | null;
  kinds: { kind: string; n: number }[] | null;
  histogram: { days: number; n: number }[] | null;
  failed: DayRow[] | null;
  sign_ins: DayRow[] | null;
  pending: number;
  expiring: number;
  admins: number | null;
  top_growth: PortalRow[] | null;
  top_pending: PortalRow[] | null;
}

const between = (d: Days) => sql`day between ${d.from}::date and ${d.to}::date`;
const perDay = (sponsorId: number | null, kind: string, d: Days) =>
  sql`(select json_agg(json_build_object('day', to_char(day, 'YYYY-MM-DD'), 'n', n) order by day) from (
        select day, sum(n) as n from overview_daily where kind = ${kind} and ${between(d)} and ${of(sponsorId)} group by day) x)`;

/**
 * Every figure in one statement (one plan, one round trip: on PGlite each statement has a fixed
 * cost that ten separate ones multiplied). All but two read the counters of migration 0030, a few
 * rows per portal and day; pending invitations read a partial index of those with a use left, and
 * administrators the portal's administrators.
 */
export async function figures(db: Db, sponsorId: number | null, w: FigureWindows): Promise<FigureRows> {
  const kinds = sql.join(
    ['invitation_sent', 'invitation_redeemed', 'invitation_activated', 'holder_created', 'holder_activated'].map((k) => sql`${k}`),
    sql`, `,
  );
  const top = (w.top ?? 0) > 0;
  const query: SQL = sql`select
    (select json_agg(json_build_object('status_id', status_id, 'n', n) order by status_id) from (
       select status_id, sum(n) as n from overview_holder_status where ${of(sponsorId)} group by 1 having sum(n) > 0) x) as statuses,
    (select json_agg(json_build_object('package_id', c.package_id, 'name', p.name, 'n', c.n) order by c.n desc, p.name, c.package_id) from (
       select package_id, sum(n) as n from overview_package_holders where ${of(sponsorId)} group by 1 having sum(n) > 0) c
       left join base_packages p on p.id = c.package_id) as packages,
    ${perDay(sponsorId, 'holder_created', w.weeks)} as created,
    (select json_agg(json_build_object('kind', kind, 'n', n)) from (
       select kind, sum(n) as n from overview_daily where kind in (${kinds}) and ${between(w.range)} and ${of(sponsorId)} group by kind) x) as kinds,
    (select json_agg(json_build_object('days', days, 'n', n) order by days) from (
       select days, sum(n) as n from overview_activation_days
       where created_day between ${w.range.from}::date and ${w.range.to}::date and ${of(sponsorId)} group by days having sum(n) > 0) x) as histogram,
    ${perDay(sponsorId, 'failed_upload', w.failedDays)} as failed,
    ${perDay(sponsorId, 'sign_in', w.range)} as sign_ins,
    (select count(*) from invitations where uses < max and ${of(sponsorId)} and (expire_time is null or expire_time > now())) as pending,
    (select count(*) from invitations where uses < max and ${of(sponsorId)}
       and expire_time > now() and expire_time <= ${w.expiringBefore.toISOString()}::timestamptz) as expiring,
    ${
      w.withAdmins
        ? // One key look-up per administrator: a join may hash every user of the service instead.
          sql`(select count(*) from sponsor_admins a
               where ${of(sponsorId, sql`a.sponsor_id`)} and not (select u.mfa_enabled from users u where u.id = a.user_id))`
        : sql`null::bigint`
    } as admins,
    ${
      top
        ? sql`(select json_agg(json_build_object('sponsor_id', t.sponsor_id, 'sponsor_code', s.sponsor_code, 'name', s.name, 'n', t.n)
                 order by t.n desc, t.sponsor_id) from (
                 select sponsor_id, sum(n) as n from overview_daily where kind = 'holder_created' and ${between(w.range)}
                 group by 1 having sum(n) > 0 order by 2 desc, 1 limit ${w.top}) t join sponsors s on s.id = t.sponsor_id)`
        : sql`null::json`
    } as top_growth,
    ${
      top
        ? sql`(select json_agg(json_build_object('sponsor_id', c.sponsor_id, 'sponsor_code', s.sponsor_code, 'name', s.name, 'n', c.n)
                 order by c.n desc, c.sponsor_id) from (
                 select sponsor_id, n from overview_holder_status where status_id = 3 and n > 0 order by n desc, sponsor_id limit ${w.top}) c
                 join sponsors s on s.id = c.sponsor_id)`
        : sql`null::json`
    } as top_pending`;
  const res = (await db.execute(query)) as unknown as { rows: FigureRows[] };
  // JSON arrives parsed from both drivers; the counts are bigint text.
  const row = res.rows[0]!;
  const parse = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
  return {
    ...row,
    statuses: parse(row.statuses),
    packages: parse(row.packages),
    created: parse(row.created),
    kinds: parse(row.kinds),
    histogram: parse(row.histogram),
    failed: parse(row.failed),
    sign_ins: parse(row.sign_ins),
    top_growth: parse(row.top_growth),
    top_pending: parse(row.top_pending),
    pending: Number(row.pending),
    expiring: Number(row.expiring),
    admins: row.admins === null ? null : Number(row.admins),
  };
}
