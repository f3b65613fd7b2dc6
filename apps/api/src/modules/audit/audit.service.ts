import { Readable } from 'node:stream';
import {
  AUDIT_EXACT_COUNT_CAP,
  AUDIT_EXPORT_MAX_ROWS,
  type AuditEntry,
  type AuditExportQuery,
  type AuditListResponse,
  type AuditQuery,
  actionWords,
  displayDateTimeIn,
  targetName,
} from '@vault/contract';
import type { Db } from '../../db/client.js';
import type { auditLog } from '../../db/schema/index.js';
import { toCsv } from '../../lib/csv.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { pagePosition } from '../../lib/paging.js';
import { writeAudit } from '../../plugins/audit.js';
import type { AuthUser, OptionalSponsorContext, SponsorRef } from '../../plugins/types.js';
import * as repo from './audit.repo.js';
import { exportChainNdjson } from './chain/export-ndjson.js';
import type { AuditSigner } from './chain/signing-key.js';
import { verifyChain } from './chain/verify.js';
import { dateRange } from './date-range.js';

type Row = typeof auditLog.$inferSelect;

/**
 * The chain a verification or an NDJSON export reads: the portal named, else a staff member's chain
 * of entries with no portal, else an administrator's own portal.
 */
const chainOf = (user: AuthUser, named: SponsorRef | null) => scope(user, named);

/** Walks a chain and says whether it is whole (GET /api/v1/audit/verify). */
export const verify = ({ db, user, sponsor: named }: OptionalSponsorContext, signer: AuditSigner) =>
  verifyChain(db, chainOf(user, named), signer);

export const publicKey = (signer: AuditSigner) => ({
  algorithm: 'Ed25519' as const,
  keyId: signer.keyId,
  pem: signer.publicKeyPem,
  raw: signer.publicKeyBase64,
});

/**
 * One chain's stretch covering the date range as NDJSON with a signed checkpoint last. A filter by
 * action, actor or outcome would leave holes an auditor could not tell from removed entries, so it is refused.
 */
export async function exportNdjson({ db, actor, user, sponsor: named }: OptionalSponsorContext, q: AuditExportQuery, signer: AuditSigner) {
  if (q.action || q.actor || q.outcome) {
    throw badRequest(
      'An NDJSON export holds a whole stretch of one chain: it takes a portal and a date range, not an action, actor or outcome.',
    );
  }
  const chain = chainOf(user, named);
  const range = dateRange(q.fromDate, q.toDate, true);
  await writeAudit(db, actor, {
    action: 'audit.export',
    sponsorId: chain,
    targetType: 'audit_log',
    logJson: { format: 'ndjson', fromDate: range.startDate!, toDate: range.endDate! },
  });
  const stream = await exportChainNdjson(db, signer, chain, range.from!, range.to!);
  return { fileName: `audit-chain-${chain ?? 'none'}-${range.startDate}-to-${range.endDate}.ndjson`, stream };
}

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

const PERSON_TARGETS = new Set(['user', 'vault_holder', 'sponsor_admin', 'sponsored_advisor']);
const intId = (id: string | null) => (id && /^\d{1,9}$/.test(id) ? Number(id) : null);

/** The keys a page's targets need to be opened on their screens (a handful of indexed look-ups per page). */
async function targetRefs(db: Db, rows: Row[]): Promise<Map<number, NonNullable<AuditEntry['targetRef']>>> {
  const personIds = new Set<number>();
  const groupIds = new Set<number>();
  for (const r of rows) {
    const id = intId(r.targetId);
    if (id === null) continue;
    if (PERSON_TARGETS.has(r.targetType ?? '')) personIds.add(id);
    if (r.targetType === 'sub_portal') groupIds.add(id);
  }
  const [people, groups] = await Promise.all([repo.personLinks(db, [...personIds]), repo.groupCodes(db, [...groupIds])]);
  const refs = new Map<number, NonNullable<AuditEntry['targetRef']>>();
  for (const r of rows) {
    const id = intId(r.targetId);
    if (id === null) continue;
    const ref: NonNullable<AuditEntry['targetRef']> = {};
    if (PERSON_TARGETS.has(r.targetType ?? '')) {
      const vault = people.vaults.find((v) => v.userId === id);
      const said = people.admins.find((a) => a.userId === id && a.sponsorId === r.sponsorId);
      const staid = people.representatives.find((a) => a.userId === id && a.sponsorId === r.sponsorId);
      if (vault) ref.vaultId = vault.id;
      if (said) ref.said = said.id;
      if (staid) ref.staid = staid.id;
    }
    const groupCode = r.targetType === 'sub_portal' ? groups.get(id) : undefined;
    if (groupCode) ref.groupCode = groupCode;
    if (Object.keys(ref).length > 0) refs.set(r.id, ref);
  }
  return refs;
}

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
  const refs = await targetRefs(
    db,
    rows.map((r) => r.entry),
  );
  return {
    data: rows.map((r) => {
      const ref = refs.get(r.entry.id);
      return ref ? { ...entry(r.entry, codes), targetRef: ref } : entry(r.entry, codes);
    }),
    total,
    totalIsEstimate,
    ...pagePosition(q),
    startDate,
    endDate,
  };
}

const COLUMNS = [
  { key: 'time', header: 'Time' },
  { key: 'actorEmail', header: 'Actor' },
  { key: 'actorSponsorId', header: 'Actor portal id' },
  { key: 'sponsorCode', header: 'Portal' },
  { key: 'actionWords', header: 'Action' },
  { key: 'action', header: 'Action code' },
  { key: 'target', header: 'Target type' },
  { key: 'targetId', header: 'Target id' },
  { key: 'outcome', header: 'Outcome' },
  { key: 'clientIp', header: 'Client address' },
  { key: 'logJson', header: 'Details' },
] as const;

/** A line of the file as the screen says it: the action and target in words, the time in the portal's format and the reader's zone. */
const csvLine = (r: Row, codes: Map<number, string>, timeZone: string | undefined) => ({
  ...entry(r, codes),
  time: displayDateTimeIn(r.occurredAt, timeZone),
  actionWords: actionWords(r.action),
  target: r.targetType === null ? null : targetName(r.targetType),
});

const BATCH = 2000;

/** The filtered range as CSV (formula-safe cells), streamed in keyset batches; the export itself is audited. */
export async function exportCsv({ db, actor, user, sponsor: named }: OptionalSponsorContext, q: AuditExportQuery) {
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
        rows.map((r) => csvLine(r, codes, q.timeZone)),
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
