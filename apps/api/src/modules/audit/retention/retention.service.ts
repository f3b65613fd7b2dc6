import {
  AUDIT_RETENTION_DEFAULT_MONTHS,
  type AuditLegalHoldBody,
  type AuditRetention,
  type AuditRetentionBody,
  type AuditRetentionPolicy,
  type AuditRetentionPolicyBody,
  PEOPLE_FLAG_LABELS,
} from '@vault/contract';
import type { Db } from '../../../db/client.js';
import { changes } from '../../../lib/changes.js';
import { badRequest, forbidden } from '../../../lib/errors.js';
import { writeAudit } from '../../../plugins/audit.js';
import type { Actor, AuthUser, RequestContext } from '../../../plugins/types.js';
import { waitForPurge } from './purge.repo.js';
import * as repo from './retention.repo.js';
import { DEFAULT_MINIMUM_MONTHS, effectiveMonths, keepsFrom } from './retention-rules.js';

/** Staff, or an administrator of the portal with "Manage administrators": who governs the portal. */
const mayChangePeriod = (user: AuthUser) => user.role === 'staff' || user.permissions.hasManageAdminsAccess;

export const minimumMonths = async (db: Db) => (await repo.storedMinimum(db)) ?? DEFAULT_MINIMUM_MONTHS;

function toAnswer(sponsorId: number, row: repo.RetentionRow | null, minimum: number, user: AuthUser, now = new Date()): AuditRetention {
  const months = row?.months ?? AUDIT_RETENTION_DEFAULT_MONTHS;
  const effective = effectiveMonths(months, minimum);
  return {
    sponsorId,
    months,
    minimumMonths: minimum,
    effectiveMonths: effective,
    legalHold: row?.legalHold ?? false,
    holdReason: row?.holdReason ?? null,
    holdChangedAt: row?.holdChangedAt?.toISOString() ?? null,
    keepsFrom: keepsFrom(now, effective).toISOString(),
    canChangePeriod: mayChangePeriod(user) === true,
    canChangeHold: user.role === 'staff',
  };
}

export async function getRetention({ db, user, sponsor }: RequestContext): Promise<AuditRetention> {
  const [row, minimum] = await Promise.all([repo.findRetention(db, sponsor.id), minimumMonths(db)]);
  return toAnswer(sponsor.id, row, minimum, user);
}

const audit = (db: Db, actor: Actor, sponsorId: number, action: string, logJson: Record<string, unknown>) =>
  writeAudit(db, actor, { action, sponsorId, targetType: 'sponsor', targetId: sponsorId, logJson });

export async function putRetention({ db, actor, user, sponsor }: RequestContext, body: AuditRetentionBody): Promise<AuditRetention> {
  if (!mayChangePeriod(user))
    throw forbidden(
      `Your administrator account does not have the "${PEOPLE_FLAG_LABELS.hasManageAdminsAccess}" permission (hasManageAdminsAccess).`,
    );
  return db.transaction(async (tx) => {
    await waitForPurge(tx);
    const minimum = await minimumMonths(tx);
    if (body.months < minimum)
      throw badRequest(`The retention period cannot be shorter than the service's minimum of ${minimum} months.`, [
        { field: 'months', message: `At least ${minimum} months (the service's minimum)` },
      ]);
    const before = await repo.findRetention(tx, sponsor.id);
    const row = await repo.upsertRetention(tx, sponsor.id, { months: body.months });
    const changed = changes({ months: before?.months ?? AUDIT_RETENTION_DEFAULT_MONTHS }, { months: row.months });
    if (Object.keys(changed).length) await audit(tx, actor, sponsor.id, 'audit.retention.update', { changes: changed });
    return toAnswer(sponsor.id, row, minimum, user);
  });
}

/** Staff only (the route says so too): a hold is a legal decision about the firm, not the firm's own setting. */
export async function putLegalHold({ db, actor, user, sponsor }: RequestContext, body: AuditLegalHoldBody): Promise<AuditRetention> {
  if (user.role !== 'staff') throw forbidden('Only the service staff may set or lift a legal hold.');
  const reason = body.reason?.trim() || null;
  if (body.legalHold && !reason)
    throw badRequest('Say why the portal is put on legal hold.', [{ field: 'reason', message: 'A reason is required to set a hold' }]);
  return db.transaction(async (tx) => {
    await waitForPurge(tx);
    const [before, minimum] = await Promise.all([repo.findRetention(tx, sponsor.id), minimumMonths(tx)]);
    if ((before?.legalHold ?? false) === body.legalHold) return toAnswer(sponsor.id, before, minimum, user);
    const row = await repo.upsertRetention(tx, sponsor.id, {
      legalHold: body.legalHold,
      holdReason: reason,
      holdChangedAt: new Date(),
      holdChangedBy: user.id,
    });
    await audit(tx, actor, sponsor.id, body.legalHold ? 'audit.hold.set' : 'audit.hold.lift', { reason });
    return toAnswer(sponsor.id, row, minimum, user);
  });
}

export async function getPolicy(db: Db): Promise<AuditRetentionPolicy> {
  return { minimumMonths: await minimumMonths(db), defaultMonths: AUDIT_RETENTION_DEFAULT_MONTHS };
}

export async function putPolicy(
  { db, actor }: Omit<RequestContext, 'sponsor'>,
  body: AuditRetentionPolicyBody,
): Promise<AuditRetentionPolicy> {
  return db.transaction(async (tx) => {
    await waitForPurge(tx);
    const before = await minimumMonths(tx);
    await repo.storeMinimum(tx, body.minimumMonths);
    if (before !== body.minimumMonths)
      await writeAudit(tx, actor, {
        action: 'audit.retention.minimum',
        sponsorId: null,
        targetType: 'audit_log',
        logJson: { changes: { minimumMonths: { from: before, to: body.minimumMonths } } },
      });
    return { minimumMonths: body.minimumMonths, defaultMonths: AUDIT_RETENTION_DEFAULT_MONTHS };
  });
}
