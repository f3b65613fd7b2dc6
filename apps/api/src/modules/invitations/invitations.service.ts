import type {
  Invitation,
  InvitationBody,
  InvitationEditBody,
  InvitationSearchBody,
  InvitationSortField,
  InvitationType,
  ListResponse,
  SortQuery,
} from '@vault/contract';
import { iso } from '../../lib/dates.js';
import { conflict, notFound } from '../../lib/errors.js';
import { type Paging, page, pagePosition } from '../../lib/paging.js';
import { writeAudit } from '../../plugins/audit.js';
import type { OptionalSponsorContext, RequestContext } from '../../plugins/types.js';
import { dateRange } from '../audit/date-range.js';
import * as repo from './invitations.repo.js';
import {
  auditFields,
  checkFields,
  checkReferences,
  invalid,
  queueInvitation,
  reload,
  statusOf,
  toInvitation,
} from './invitations.rules.js';

// Resending and redeeming live in invitations.delivery.service.ts, the CSV import in
// invitations.import.service.ts, the rules shared by all of them in invitations.rules.ts.

// ---------------------------------------------------------------- reads

export async function list(
  { db, sponsor }: Pick<OptionalSponsorContext, 'db' | 'sponsor'>,
  q: Paging & SortQuery<InvitationSortField> & { fromDate?: string; toDate?: string; expiresBefore?: string },
  search?: InvitationSearchBody,
  allPortals = false,
): Promise<ListResponse<Invitation>> {
  const { from, to } = dateRange(q.fromDate, q.toDate, false);
  // Specification section 4: with no sponsor chosen the list is empty, total 0 (unless staff asked for every portal).
  if (!sponsor && !allPortals) return { data: [], total: 0, ...pagePosition(q) };
  const filter = repo.listFilter(search, from, to, q.expiresBefore ? new Date(q.expiresBefore) : undefined);
  const { rows, total } = await repo.listPage(db, sponsor?.id ?? null, q, filter);
  return page(rows.map(toInvitation), total, q);
}

/** One invitation; it must belong to the named sponsor, or to one the user may work in (404 otherwise). */
export async function get({ db, user, sponsor }: OptionalSponsorContext, id: number): Promise<Invitation> {
  const row = await repo.findById(db, id);
  if (!row) throw notFound('The invitation');
  if (sponsor && row.inv.sponsorId !== sponsor.id) throw notFound('The invitation');
  if (user.role !== 'staff' && row.inv.sponsorId !== user.sponsorId) throw notFound('The invitation');
  return toInvitation(row);
}

// ---------------------------------------------------------------- changes

export async function create(ctx: RequestContext, type: InvitationType, body: InvitationBody): Promise<Invitation> {
  const { sponsor } = ctx;
  const { values, details } = checkFields(type, body);
  if (details.length) throw invalid(details);
  return ctx.db.transaction(async (tx) => {
    await repo.lockSponsor(tx, sponsor.id);
    await checkReferences(tx, sponsor.id, values);
    if (values.defaultInviteCode) await repo.clearDefault(tx, sponsor.id);
    let row = await repo.insert(tx, { ...values, sponsorId: sponsor.id, createdByUserId: ctx.actor.userId });
    if (row.email) {
      await queueInvitation(tx, row, ctx.publicUrl);
      row = await repo.update(tx, row.id, { lastSentAt: new Date() });
    }
    await writeAudit(tx, ctx.actor, {
      action: 'invitation.create',
      sponsorId: sponsor.id,
      targetType: 'invitation',
      targetId: row.id,
      logJson: { ...auditFields(row), emailed: !!row.email },
    });
    return reload(tx, row.id);
  });
}

export async function edit(ctx: RequestContext, body: InvitationEditBody): Promise<Invitation> {
  const { sponsor } = ctx;
  return ctx.db.transaction(async (tx) => {
    await repo.lockSponsor(tx, sponsor.id);
    const before = await repo.findInSponsorForUpdate(tx, body.id, sponsor.id);
    if (!before) throw notFound('The invitation');
    if (body.type && body.type !== before.type) {
      throw invalid([{ field: 'type', message: `The type of an invitation cannot change (it is ${before.type})` }]);
    }
    const { id: _id, type: _type, uses: _u, createdDate: _c, packageName: _p, status: _s, lastSentAt: _l, ...fields } = body;
    // Fields not sent keep their value.
    const merged: InvitationBody = {
      inviteCode: before.inviteCode,
      max: before.max,
      email: before.email,
      firstName: before.firstName,
      lastName: before.lastName,
      packageId: before.packageId,
      expireTime: iso(before.expireTime),
      defaultInviteCode: before.defaultInviteCode,
      localize: before.localize,
      testAccount: before.testAccount,
      sponsoredTrustedAdvisorId: before.sponsoredTrustedAdvisorId,
      isTrustedAdvisor: before.isTrustedAdvisor,
    };
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
    const { values, details } = checkFields(before.type, merged, before.expireTime);
    if (values.max !== undefined && values.max < before.uses) {
      details.push({ field: 'max', message: `Max cannot be lower than the ${before.uses} uses already counted` });
    }
    if (details.length) throw invalid(details);
    await checkReferences(tx, sponsor.id, values, before.id);
    if (values.defaultInviteCode && !before.defaultInviteCode) await repo.clearDefault(tx, sponsor.id, before.id);
    const after = await repo.update(tx, before.id, values);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const a = auditFields(before) as Record<string, unknown>;
    const b = auditFields(after) as Record<string, unknown>;
    for (const k of Object.keys(b)) if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) changes[k] = { from: a[k], to: b[k] };
    await writeAudit(tx, ctx.actor, {
      action: 'invitation.update',
      sponsorId: sponsor.id,
      targetType: 'invitation',
      targetId: before.id,
      logJson: { changes },
    });
    return reload(tx, before.id);
  });
}

/** Makes one open invitation the sponsor's default invite code, clearing the previous default in the same transaction. */
export async function setDefault(ctx: RequestContext, id: number, makeDefault: boolean): Promise<Invitation & { clearedIds: number[] }> {
  const { sponsor } = ctx;
  return ctx.db.transaction(async (tx) => {
    await repo.lockSponsor(tx, sponsor.id);
    const row = await repo.findInSponsorForUpdate(tx, id, sponsor.id);
    if (!row) throw notFound('The invitation');
    if (!makeDefault) {
      if (row.defaultInviteCode) await repo.update(tx, id, { defaultInviteCode: false });
      await writeAudit(tx, ctx.actor, {
        action: 'invitation.default',
        sponsorId: sponsor.id,
        targetType: 'invitation',
        targetId: id,
        logJson: { defaultInviteCode: false },
      });
      return { ...(await reload(tx, id)), clearedIds: row.defaultInviteCode ? [id] : [] };
    }
    if (row.type === 'strict')
      throw conflict('A strict invitation cannot be the default invite code.', [
        { field: 'defaultInviteCode', message: 'Only an open invitation can be the default invite code' },
      ]);
    const status = statusOf(row);
    if (status !== 'pending') throw conflict(`This invitation is ${status}; only a usable invitation can be the default invite code.`);
    const clearedIds = row.defaultInviteCode ? [] : await repo.clearDefault(tx, sponsor.id, id);
    if (!row.defaultInviteCode) await repo.update(tx, id, { defaultInviteCode: true });
    await writeAudit(tx, ctx.actor, {
      action: 'invitation.default',
      sponsorId: sponsor.id,
      targetType: 'invitation',
      targetId: id,
      logJson: { defaultInviteCode: true, inviteCode: row.inviteCode, previousDefault: clearedIds },
    });
    return { ...(await reload(tx, id)), clearedIds };
  });
}
