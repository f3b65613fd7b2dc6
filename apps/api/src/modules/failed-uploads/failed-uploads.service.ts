import type { FailedUpload, ReportFailedUploadBody, ServerMessage } from '@vault/contract';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { enqueueEmail } from '../../lib/outbox.js';
import { page } from '../../lib/paging.js';
import { messageComposer } from '../../mail/messages.js';
import { writeAudit } from '../../plugins/audit.js';
import type { Actor, OptionalSponsorContext, RequestContext } from '../../plugins/types.js';
import { dateRange } from '../audit/date-range.js';
import * as repo from './failed-uploads.repo.js';

type Row = Awaited<ReturnType<typeof repo.list>>['rows'][number];

const view = ({ f, sponsorCode, holder, reportedBy }: Row): FailedUpload => ({
  id: f.id,
  sponsorId: f.sponsorId,
  sponsorCode,
  fileName: f.fileName,
  sizeBytes: f.sizeBytes,
  contentType: f.contentType,
  reason: f.reason,
  detail: f.detail,
  status: f.status,
  occurredAt: f.occurredAt.toISOString(),
  resolvedAt: f.resolvedAt?.toISOString() ?? null,
  vaultId: f.vaultId,
  holder: holder?.userId ? holder : null,
  reportedBy,
});

/** One portal's failed files, or every portal's when staff asked for them (`allPortals`, decision 0052). */
export async function list(
  { db, sponsor }: Pick<OptionalSponsorContext, 'db' | 'sponsor'>,
  q: {
    offset: number;
    limit: number;
    fromDate?: string;
    toDate?: string;
    reason?: FailedUpload['reason'];
    status: 'open' | 'all' | FailedUpload['status'];
  },
  allPortals = false,
) {
  if (!sponsor && !allPortals) throw badRequest('Please choose a Portal.');
  const { from, to } = dateRange(q.fromDate, q.toDate, false);
  const statuses = q.status === 'all' ? undefined : q.status === 'open' ? (['failed', 'retry_requested'] as const) : [q.status];
  const { rows, total } = await repo.list(
    db,
    { sponsorId: sponsor?.id ?? null, from, to, reason: q.reason, statuses: statuses ? [...statuses] : undefined },
    q.offset,
    q.limit,
  );
  return page(rows.map(view), total, q);
}

/** Reported by the vault service with an integration key (scope report_failed_uploads). */
export async function report(db: Db, actor: Actor, sponsorId: number, sponsorIntegrationId: number, body: ReportFailedUploadBody) {
  const occurredAt = body.occurredAt ? new Date(body.occurredAt) : new Date();
  if (occurredAt.getTime() > Date.now() + 5 * 60_000)
    throw badRequest('occurredAt lies in the future.', [{ field: 'occurredAt', message: 'In the future' }]);
  return db.transaction(async (tx) => {
    let vault = body.vaultId ? await repo.findVault(tx, sponsorId, body.vaultId) : undefined;
    if (body.vaultId && !vault) throw notFound('The vault');
    if (body.holderUserId) {
      const holderVault = await repo.findHolderVault(tx, sponsorId, body.holderUserId);
      if (!holderVault) throw notFound('The vault holder');
      if (vault && vault.id !== holderVault.id)
        throw badRequest('The vault does not belong to this holder.', [{ field: 'holderUserId', message: 'Not the vault holder' }]);
      vault = holderVault;
    }
    const row = await repo.insert(tx, {
      sponsorId,
      vaultId: vault?.id ?? null,
      holderUserId: vault?.holderUserId ?? null,
      fileName: body.fileName,
      sizeBytes: body.sizeBytes,
      contentType: body.contentType ?? null,
      reason: body.reason,
      detail: body.detail ?? null,
      reportedBySponsorIntegrationId: sponsorIntegrationId,
      occurredAt,
    });
    await writeAudit(tx, actor, {
      action: 'failed_upload.report',
      sponsorId,
      targetType: 'failed_upload',
      targetId: row.id,
      logJson: { fileName: body.fileName, reason: body.reason, vaultId: row.vaultId, sizeBytes: body.sizeBytes },
    });
    return { id: row.id, message: 'The failed upload is recorded.' };
  });
}

async function owned(tx: Db, sponsorId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await repo.findOwnedForUpdate(tx, sponsorId, unique);
  // Any id outside the sponsor: 404 and nothing changes (DESIGN 5).
  if (rows.length !== unique.length) throw notFound(unique.length === 1 ? 'The failed file' : 'One of the failed files');
  return rows;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Marks failed files for retry and tells the holder (or the portal contact) through the outbox. */
export async function retry({ db, actor, sponsor, publicUrl }: RequestContext, ids: number[]): Promise<ServerMessage> {
  const sponsorId = sponsor.id;
  return db.transaction(async (tx) => {
    const rows = await owned(tx, sponsorId, ids);
    const todo = rows.filter((r) => r.f.status === 'failed');
    let notified = 0;
    if (todo.length > 0) {
      const compose = await messageComposer(tx, sponsorId, publicUrl);
      await repo.setStatus(
        tx,
        todo.map((r) => r.f.id),
        'retry_requested',
        actor.userId,
      );
      for (const r of todo) {
        const to = r.holderEmail ?? r.sponsorContact;
        if (to) {
          await enqueueEmail(
            tx,
            await compose(
              'failed_upload_retry',
              { to, localize: r.holderEmail ? r.holderLocalize : null },
              { firstName: r.holderFirstName, fileName: r.f.fileName, uploadedAt: r.f.occurredAt, reason: r.f.reason },
            ),
          );
          notified++;
        }
        await writeAudit(tx, actor, {
          action: 'failed_upload.retry',
          sponsorId,
          targetType: 'failed_upload',
          targetId: r.f.id,
          logJson: { fileName: r.f.fileName, status: { from: r.f.status, to: 'retry_requested' }, notified: !!to },
        });
      }
    }
    const skipped = rows.length - todo.length;
    return {
      message: `${plural(todo.length, 'file')} marked for retry; ${plural(notified, 'notice')} queued.${skipped ? ` ${plural(skipped, 'file was', 'files were')} not in the Failed state and left unchanged.` : ''}`,
      errorMsg: null,
      statusType: todo.length ? 'success' : 'info',
      output: { updated: todo.map((r) => r.f.id), notified },
    };
  });
}

export async function dismiss({ db, actor, sponsor }: RequestContext, ids: number[]): Promise<ServerMessage> {
  const sponsorId = sponsor.id;
  return db.transaction(async (tx) => {
    const rows = await owned(tx, sponsorId, ids);
    const todo = rows.filter((r) => r.f.status !== 'dismissed');
    if (todo.length > 0)
      await repo.setStatus(
        tx,
        todo.map((r) => r.f.id),
        'dismissed',
        actor.userId,
      );
    for (const r of todo) {
      await writeAudit(tx, actor, {
        action: 'failed_upload.dismiss',
        sponsorId,
        targetType: 'failed_upload',
        targetId: r.f.id,
        logJson: { fileName: r.f.fileName, status: { from: r.f.status, to: 'dismissed' } },
      });
    }
    const skipped = rows.length - todo.length;
    return {
      message: `${plural(todo.length, 'file')} dismissed.${skipped ? ` ${plural(skipped, 'file was', 'files were')} already dismissed.` : ''}`,
      errorMsg: null,
      statusType: todo.length ? 'success' : 'info',
      output: { updated: todo.map((r) => r.f.id) },
    };
  });
}
