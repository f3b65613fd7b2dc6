import { Readable } from 'node:stream';
import { AUDIT_EXACT_COUNT_CAP, AUDIT_EXPORT_MAX_ROWS, type AuditEntry, type AuditListResponse, type AuditQuery } from '@vault/contract';
import type { auditLog } from '../../db/schema/index.js';
import { toCsv } from '../../lib/csv.js';
import { forbidden } from '../../lib/errors.js';
import { pagePosition } from '../../lib/paging.js';
import { writeAudit } from '../../plugins/audit.js';
import type { AuthUser, OptionalSponsorContext, SponsorRef } from '../../plugins/types.js';
import * as repo from './audit.repo.js';
import { dateRange } from './date-range.js';

type Row = typeof auditLog.$inferSelect;

/** Staff see every sponsor (or the one they name); a sponsor administrator only their own. */
export function scope(user: AuthUser, named: SponsorRef | null): number | null {
  if (named) return named.id;
  if (user.role === 'staff') return null;
  if (!user.sponsorId) throw forbidden('You may not read the audit log.');
  return user.sponsorId;
}

function filterOf(user: AuthUser, named: SponsorRef | null, q: Omit<AuditQuery, 'offset' | 'limit'>) {
  const range = dateRange(q.fromDate, q.toDate, true);
  const filter: repo.AuditFilter = {
    sponsorId: scope(user, named),
    from: range.from!,
    to: range.to!,
    action: q.action || undefined,
    actor: q.actor || undefined,
    outcome: q.outcome,
  };
  return { filter, startDate: range.startDate!, endDate: range.endDate! };
}

const entry = (r: Row, codes: Map<number, string>): AuditEntry => ({
  id: r.id,
  occurredAt: r.occurredAt.toISOString(),
  actorUserId: r.actorUserId,
  actorEmail: r.actorEmail,
  actorSponsorId: r.actorSponsorId,
  sponsorId: r.sponsorId,
  sponsorCode: r.sponsorId === null ? null : (codes.get(r.sponsorId) ?? null),
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  outcome: r.outcome,
  clientIp: r.clientIp,
  logJson: JSON.stringify(r.logJson ?? {}),
});

/**
 * A page of the audit log. The total is exact up to AUDIT_EXACT_COUNT_CAP matching entries (a
 * bounded index walk); beyond it, it is the planner's estimate and totalIsEstimate is true, so a
 * page costs the same on 10,000,000 entries as on 10,000 (docs/decisions/0007-operations.md).
 */
export async function list({ db, user, sponsor: named }: OptionalSponsorContext, q: AuditQuery): Promise<AuditListResponse> {
  const { filter, startDate, endDate } = filterOf(user, named, q);
  // The page (with the portal code) and the bounded count at once; the planner's estimate only when needed.
  const [rows, capped] = await Promise.all([repo.page(db, filter, q.offset, q.limit), repo.cappedCount(db, filter, AUDIT_EXACT_COUNT_CAP)]);
  const totalIsEstimate = capped > AUDIT_EXACT_COUNT_CAP;
  const total = totalIsEstimate ? Math.max(capped, await repo.estimatedCount(db, filter), q.offset + rows.length) : capped;
  const codes = new Map(
    rows.flatMap((r) => (r.entry.sponsorId !== null && r.sponsorCode ? [[r.entry.sponsorId, r.sponsorCode] as const] : [])),
  );
  return {
    data: rows.map((r) => entry(r.entry, codes)),
    total,
    totalIsEstimate,
    ...pagePosition(q),
    startDate,
    endDate,
  };
}

const COLUMNS = [
  { key: 'occurredAt', header: 'Time (UTC)' },
  { key: 'actorEmail', header: 'Actor' },
  { key: 'actorSponsorId', header: 'Actor portal id' },
  { key: 'sponsorCode', header: 'Portal' },
  { key: 'action', header: 'Action' },
  { key: 'targetType', header: 'Target type' },
  { key: 'targetId', header: 'Target id' },
  { key: 'outcome', header: 'Outcome' },
  { key: 'clientIp', header: 'Client address' },
  { key: 'logJson', header: 'Details' },
] as const;

const BATCH = 2000;

/** The filtered range as CSV (formula-safe cells), streamed in keyset batches; the export itself is audited. */
export async function exportCsv({ db, actor, user, sponsor: named }: OptionalSponsorContext, q: Omit<AuditQuery, 'offset' | 'limit'>) {
  const { filter, startDate, endDate } = filterOf(user, named, q);
  await writeAudit(db, actor, {
    action: 'audit.export',
    sponsorId: filter.sponsorId,
    targetType: 'audit_log',
    logJson: {
      fromDate: startDate,
      toDate: endDate,
      action: filter.action ?? null,
      actor: filter.actor ?? null,
      outcome: filter.outcome ?? null,
    },
  });
  async function* lines() {
    let cursor: { at: Date; id: number } | null = null;
    let written = 0;
    let first = true;
    while (written < AUDIT_EXPORT_MAX_ROWS) {
      const rows = await repo.batchAfter(db, filter, cursor, Math.min(BATCH, AUDIT_EXPORT_MAX_ROWS - written));
      if (rows.length === 0 && !first) break;
      const codes = await repo.sponsorCodes(db, [...new Set(rows.map((r) => r.sponsorId).filter((id): id is number => id !== null))]);
      yield toCsv(
        rows.map((r) => entry(r, codes)),
        COLUMNS as never,
        { header: first },
      );
      first = false;
      written += rows.length;
      if (rows.length === 0) break;
      const last = rows[rows.length - 1]!;
      cursor = { at: last.occurredAt, id: last.id };
    }
  }
  const scopeName = filter.sponsorId === null ? 'all' : String(filter.sponsorId);
  return { fileName: `audit-${scopeName}-${startDate}-to-${endDate}.csv`, stream: Readable.from(lines()) };
}
