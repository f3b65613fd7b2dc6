import {
  OVERVIEW_EXPIRING_DAYS,
  OVERVIEW_FAILED_UPLOAD_DAYS,
  OVERVIEW_TOP,
  OVERVIEW_WEEKS,
  type OverviewQuery,
  type OverviewResponse,
} from '@vault/contract';
import { forbidden } from '../../lib/errors.js';
import { statusName } from '../../lib/status-name.js';
import type { OptionalSponsorContext } from '../../plugins/types.js';
import { dateRange } from '../audit/date-range.js';
import * as repo from './overview.repo.js';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utcMidnight = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());

/** Every day from `from` to `to` (both included) with its count, 0 where the counters hold none. */
function everyDay(from: string, to: string, rows: { day: string; n: number }[]) {
  const byDay = new Map(rows.map((r) => [r.day, Number(r.n)]));
  const out: { day: string; count: number }[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY) {
    const day = isoDay(t);
    out.push({ day, count: byDay.get(day) ?? 0 });
  }
  return out;
}

/** The exact median of a histogram (value, count), ascending: the middle value, or the mean of the two middle ones. */
export function histogramMedian(buckets: { value: number; count: number }[]): number | null {
  const total = buckets.reduce((s, b) => s + b.count, 0);
  if (total === 0) return null;
  const at = (k: number) => {
    let seen = 0;
    for (const b of buckets) {
      seen += b.count;
      if (seen >= k) return b.value;
    }
    return buckets[buckets.length - 1]!.value;
  };
  return total % 2 === 1 ? at((total + 1) / 2) : (at(total / 2) + at(total / 2 + 1)) / 2;
}

/**
 * Staff see any portal, or all portals summed (no sponsorId); an administrator with "Enterprise
 * Dashboard" (the route checks it) sees their own portal. "Administrators without a second factor"
 * is left out for an administrator without "Manage MFA" (decision 0046).
 */
export async function overview(
  { db, user, sponsor }: OptionalSponsorContext,
  q: OverviewQuery,
  now = new Date(),
): Promise<OverviewResponse> {
  const staff = user.role === 'staff';
  if (!sponsor && !staff) throw forbidden('Only staff see all portals: choose your portal.');
  const sponsorId = sponsor?.id ?? null;
  const range = dateRange(q.fromDate, q.toDate, true);
  const days = { from: range.startDate!, to: range.endDate! };

  const today = utcMidnight(now);
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
  const weeks = { from: isoDay(monday - (OVERVIEW_WEEKS - 1) * 7 * DAY), to: isoDay(today) };
  const failedDays = { from: isoDay(today - (OVERVIEW_FAILED_UPLOAD_DAYS - 1) * DAY), to: isoDay(today) };
  const expiringBefore = new Date(now.getTime() + OVERVIEW_EXPIRING_DAYS * DAY);

  const f = await repo.figures(db, sponsorId, {
    range: days,
    weeks,
    failedDays,
    expiringBefore,
    withAdmins: staff || user.permissions.hasManageMfaAccess === true,
    top: sponsorId === null ? OVERVIEW_TOP : null,
  });
  const total = (kind: string) => Number(f.kinds?.find((k) => k.kind === kind)?.n ?? 0);

  const perWeek = new Map<string, number>();
  for (const r of f.created ?? []) {
    const t = Date.parse(`${r.day}T00:00:00Z`);
    const week = isoDay(t - ((new Date(t).getUTCDay() + 6) % 7) * DAY);
    perWeek.set(week, (perWeek.get(week) ?? 0) + Number(r.n));
  }
  const newVaultsPerWeek = Array.from({ length: OVERVIEW_WEEKS }, (_, i) => {
    const weekStart = isoDay(Date.parse(`${weeks.from}T00:00:00Z`) + i * 7 * DAY);
    return { weekStart, count: perWeek.get(weekStart) ?? 0 };
  });
  const portal = (r: NonNullable<typeof f.top_growth>[number]) => ({
    sponsorId: r.sponsor_id,
    sponsorCode: r.sponsor_code,
    name: r.name ?? '',
    count: Number(r.n),
  });

  const result: OverviewResponse = {
    sponsorId,
    fromDate: days.from,
    toDate: days.to,
    holdersByStatus: (f.statuses ?? []).map((s) => ({ statusId: s.status_id, status: statusName(s.status_id), count: Number(s.n) })),
    newVaultsPerWeek,
    invitationFunnel: { sent: total('invitation_sent'), redeemed: total('invitation_redeemed'), activated: total('invitation_activated') },
    vaultFunnel: {
      created: total('holder_created'),
      activated: total('holder_activated'),
      medianDaysToActivate: histogramMedian((f.histogram ?? []).map((h) => ({ value: h.days, count: Number(h.n) }))),
    },
    invitations: { pending: f.pending, expiringSoon: f.expiring, expiringBefore: expiringBefore.toISOString() },
    failedUploadsPerDay: everyDay(failedDays.from, failedDays.to, f.failed ?? []),
    holdersPerPackage: (f.packages ?? []).map((p) => ({
      packageId: p.package_id === 0 ? null : p.package_id,
      package: p.package_id === 0 ? 'No package' : (p.name ?? `Package ${p.package_id}`),
      count: Number(p.n),
    })),
    adminsWithoutSecondFactor: f.admins,
    signInsPerDay: everyDay(days.from, days.to, f.sign_ins ?? []),
  };
  if (sponsorId === null) {
    result.topGrowth = (f.top_growth ?? []).map(portal);
    result.topPendingActivation = (f.top_pending ?? []).map(portal);
  }
  return result;
}
