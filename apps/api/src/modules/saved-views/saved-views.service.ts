import {
  type CreateSavedViewBody,
  type ListResponse,
  SAVED_VIEW_SHARE_FLAG,
  type SavedViewItem,
  type SavedViewList,
  type ServerMessage,
  type UpdateSavedViewBody,
} from '@vault/contract';
import { forbidden, notFound } from '../../lib/errors.js';
import { writeAudit } from '../../plugins/audit.js';
import type { RequestContext } from '../../plugins/types.js';
import * as repo from './saved-views.repo.js';

/** Staff, or an administrator with the list's sharing flag (decision 0047), may share views of it and change shared ones. */
const canShare = (ctx: RequestContext, list: SavedViewList) =>
  ctx.user.role === 'staff' || ctx.user.permissions[SAVED_VIEW_SHARE_FLAG[list]] === true;

const shareRefused = (list: SavedViewList) =>
  forbidden(`Sharing views of this list, or changing a shared one, needs the permission ${SAVED_VIEW_SHARE_FLAG[list]}.`);

/** A personal view is its owner's alone; a shared one every administrator's of its portal who may share. */
const mayChange = (ctx: RequestContext, row: repo.SavedViewRow) =>
  row.shared ? canShare(ctx, row.listKey) : row.ownerUserId === ctx.user.id;

const item = (ctx: RequestContext, row: repo.SavedViewRow, isDefault: boolean, ownerName: string | null): SavedViewItem => ({
  id: row.id,
  list: row.listKey,
  name: row.name,
  shared: row.shared,
  state: row.state,
  isDefault,
  mine: row.ownerUserId === ctx.user.id,
  canChange: mayChange(ctx, row),
  ownerName,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The view `id` as the caller may see it, locked, or 404: another portal's view, and someone
 * else's personal view, are not found (never 403, which would tell they exist).
 */
async function visibleForUpdate(ctx: RequestContext, id: number) {
  const row = await repo.getForUpdate(ctx.db, id);
  if (!row || row.sponsorId !== ctx.sponsor.id || (!row.shared && row.ownerUserId !== ctx.user.id)) throw notFound('The saved view');
  return row;
}

export async function list(ctx: RequestContext, listKey: SavedViewList): Promise<ListResponse<SavedViewItem>> {
  const rows = await repo.visible(ctx.db, ctx.sponsor.id, listKey, ctx.user.id);
  const data = rows.map((r) => item(ctx, r.view, r.isDefault, `${r.ownerFirstName} ${r.ownerLastName}`.trim()));
  return { data, total: data.length };
}

export async function create(ctx: RequestContext, listKey: SavedViewList, body: CreateSavedViewBody): Promise<SavedViewItem> {
  if (body.shared && !canShare(ctx, listKey)) throw shareRefused(listKey);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.insert(tx, {
      sponsorId: ctx.sponsor.id,
      ownerUserId: ctx.user.id,
      listKey,
      name: body.name,
      shared: body.shared,
      state: body.state,
    });
    if (body.isDefault) await repo.setDefault(tx, ctx.user.id, row);
    await writeAudit(tx, ctx.actor, {
      action: 'saved_view.create',
      sponsorId: ctx.sponsor.id,
      targetType: 'saved_view',
      targetId: row.id,
      logJson: { list: listKey, name: row.name, shared: row.shared, state: row.state, isDefault: body.isDefault === true },
    });
    return item(ctx, row, body.isDefault === true, await repo.ownerName(tx, ctx.user.id));
  });
}

export async function update(ctx: RequestContext, id: number, body: UpdateSavedViewBody): Promise<SavedViewItem> {
  return ctx.db.transaction(async (tx) => {
    const before = await visibleForUpdate({ ...ctx, db: tx }, id);
    const values: Parameters<typeof repo.update>[2] = {};
    const changes: Record<string, unknown> = {};
    if (body.name !== undefined && body.name !== before.name) {
      values.name = body.name;
      changes.name = { from: before.name, to: body.name };
    }
    if (body.state !== undefined && JSON.stringify(body.state) !== JSON.stringify(before.state)) {
      values.state = body.state;
      changes.state = { from: before.state, to: body.state };
    }
    if (body.shared !== undefined && body.shared !== before.shared) {
      values.shared = body.shared;
      changes.shared = { from: before.shared, to: body.shared };
    }
    // Changing what the view holds is its owner's (personal) or a sharer's (shared); sharing needs the flag.
    if (Object.keys(changes).length > 0 && (!mayChange(ctx, before) || (values.shared === true && !canShare(ctx, before.listKey)))) {
      throw before.shared || values.shared ? shareRefused(before.listKey) : forbidden('Only the owner of this view may change it.');
    }
    // Making a view my default (or no longer) is mine to choose for any view I see.
    const wasDefault = await repo.isDefault(tx, ctx.user.id, id);
    if (body.isDefault !== undefined && body.isDefault !== wasDefault) {
      if (body.isDefault) await repo.setDefault(tx, ctx.user.id, before);
      else await repo.clearDefault(tx, ctx.user.id, id);
      changes.isDefault = { from: wasDefault, to: body.isDefault };
    }
    if (Object.keys(changes).length === 0) return item(ctx, before, wasDefault, await repo.ownerName(tx, before.ownerUserId));
    const row = Object.keys(values).length > 0 ? await repo.update(tx, id, values) : before;
    if (values.shared === false) await repo.clearOthersDefaults(tx, row);
    await writeAudit(tx, ctx.actor, {
      action: 'saved_view.update',
      sponsorId: ctx.sponsor.id,
      targetType: 'saved_view',
      targetId: id,
      logJson: { list: row.listKey, ...changes },
    });
    return item(ctx, row, body.isDefault ?? wasDefault, await repo.ownerName(tx, row.ownerUserId));
  });
}

export async function remove(ctx: RequestContext, id: number): Promise<ServerMessage> {
  return ctx.db.transaction(async (tx) => {
    const row = await visibleForUpdate({ ...ctx, db: tx }, id);
    if (!mayChange(ctx, row)) throw row.shared ? shareRefused(row.listKey) : forbidden('Only the owner of this view may delete it.');
    // Everyone's default of it goes with it (cascade): their list then opens as it would without one.
    await repo.remove(tx, id);
    await writeAudit(tx, ctx.actor, {
      action: 'saved_view.delete',
      sponsorId: ctx.sponsor.id,
      targetType: 'saved_view',
      targetId: id,
      logJson: { list: row.listKey, name: row.name, shared: row.shared },
    });
    return { message: 'The view was deleted.', errorMsg: null, statusType: 'success' };
  });
}
