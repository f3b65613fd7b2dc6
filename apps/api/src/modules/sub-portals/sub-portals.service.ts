import type { ServerMessage, SubPortal, subPortalCreateBody, subPortalMoveBody, subPortalUpdateBody } from '@vault/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { page } from '../../lib/paging.js';
import { writeAudit } from '../../plugins/audit.js';
import type { RequestContext, SponsorRef } from '../../plugins/types.js';
import * as repo from './sub-portals.repo.js';

type Page = { offset: number; limit: number };
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const getSubPortal = ({ db, sponsor }: RequestContext, code: string) => readSubPortal(db, sponsor, code);

async function readSubPortal(db: Db, sponsor: SponsorRef, code: string): Promise<SubPortal> {
  const row = await repo.getGroup(db, sponsor.id, code);
  if (!row) throw notFound('The sub-portal');
  return row;
}

/** A parent must be another group of the same sponsor, and not one below the group itself. */
async function checkParent(db: Db, sponsor: SponsorRef, groupId: number | null, parentId: number | null) {
  if (parentId === null) return;
  if (!(await repo.groupById(db, sponsor.id, parentId))) throw notFound('The parent sub-portal');
  if (groupId === null) return;
  const parents = new Map((await repo.parentsOf(db, sponsor.id)).map((g) => [g.id, g.parentId]));
  for (let at: number | null | undefined = parentId, steps = 0; at != null && steps <= parents.size; at = parents.get(at), steps++) {
    if (at === groupId)
      throw badRequest('A sub-portal cannot be placed under itself or under one of its own sub-portals.', [
        { field: 'parentId', message: 'Choose another parent' },
      ]);
  }
}

export async function create({ db, actor, sponsor }: RequestContext, input: z.output<typeof subPortalCreateBody>): Promise<SubPortal> {
  await db.transaction(async (tx) => {
    if (await repo.getGroup(tx, sponsor.id, input.code)) {
      throw conflict(`${sponsor.sponsorCode} already has a sub-portal with the code ${input.code}.`, [
        { field: 'code', message: 'This code is already used' },
      ]);
    }
    await checkParent(tx, sponsor, null, input.parentId);
    const id = await repo.insertGroup(tx, { sponsorId: sponsor.id, name: input.name, code: input.code, parentId: input.parentId });
    await writeAudit(tx, actor, {
      action: 'sub_portal.create',
      sponsorId: sponsor.id,
      targetType: 'sub_portal',
      targetId: id,
      logJson: { name: input.name, code: input.code, parentId: input.parentId },
    });
  });
  return readSubPortal(db, sponsor, input.code);
}

export async function update(
  { db, actor, sponsor }: RequestContext,
  code: string,
  input: z.output<typeof subPortalUpdateBody>,
): Promise<SubPortal> {
  await db.transaction(async (tx) => {
    const found = await repo.getGroup(tx, sponsor.id, code);
    if (!found) throw notFound('The sub-portal');
    const before = (await repo.lockGroup(tx, found.id))!;
    const parentId = input.parentId === undefined ? before.parentId : input.parentId;
    if (parentId !== before.parentId) await checkParent(tx, sponsor, before.id, parentId);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (before.name !== input.name) changes.name = { from: before.name, to: input.name };
    if (before.parentId !== parentId) changes.parentId = { from: before.parentId, to: parentId };
    await repo.updateGroup(tx, before.id, { name: input.name, parentId });
    await writeAudit(tx, actor, {
      action: 'sub_portal.update',
      sponsorId: sponsor.id,
      targetType: 'sub_portal',
      targetId: before.id,
      logJson: { code: before.code, changes },
    });
  });
  return readSubPortal(db, sponsor, code);
}

export async function remove({ db, actor, sponsor }: RequestContext, code: string): Promise<ServerMessage> {
  return db.transaction(async (tx) => {
    const found = await repo.getGroup(tx, sponsor.id, code);
    if (!found) throw notFound('The sub-portal');
    await repo.lockGroup(tx, found.id);
    const u = await repo.usage(tx, found.id);
    const uses = [
      u.advisors > 0 ? plural(u.advisors, 'advisor') : null,
      u.vaults > 0 ? plural(u.vaults, 'vault') : null,
      u.administrators > 0 ? plural(u.administrators, 'administrator') : null,
      u.children > 0 ? plural(u.children, 'sub-portal') : null,
    ].filter((x): x is string => x !== null);
    if (uses.length > 0) {
      const list = uses.length === 1 ? uses[0] : `${uses.slice(0, -1).join(', ')} and ${uses.at(-1)}`;
      throw conflict(`${found.name} cannot be deleted: it still holds ${list}. Move them to another sub-portal first.`);
    }
    await repo.deleteGroup(tx, found.id);
    await writeAudit(tx, actor, {
      action: 'sub_portal.delete',
      sponsorId: sponsor.id,
      targetType: 'sub_portal',
      targetId: found.id,
      logJson: { name: found.name, code: found.code },
    });
    return { message: `The sub-portal ${found.name} was deleted.`, errorMsg: null, statusType: 'success' };
  });
}

type MemberQuery = Page & { member?: boolean; search?: string };
const memberOpts = (q: MemberQuery) => ({ ...q, member: q.member ?? true, search: q.search || undefined });

export async function advisors({ db, sponsor }: RequestContext, code: string, q: MemberQuery) {
  const group = await readSubPortal(db, sponsor, code);
  const { data, total } = await repo.advisors(db, sponsor.id, group.id, memberOpts(q));
  return page(data, total, q);
}

export async function vaults({ db, sponsor }: RequestContext, code: string, q: MemberQuery) {
  const group = await readSubPortal(db, sponsor, code);
  const { data, total } = await repo.groupVaults(db, sponsor.id, group.id, memberOpts(q));
  return page(data, total, q);
}

export async function move({ db, actor, sponsor }: RequestContext, input: z.output<typeof subPortalMoveBody>): Promise<ServerMessage> {
  return db.transaction(async (tx) => {
    const target = input.toGroup === null ? null : await repo.getGroup(tx, sponsor.id, input.toGroup);
    if (input.toGroup !== null && !target) throw notFound('The sub-portal');
    const advisorIds = [...new Set(input.advisorIds)];
    const vaultIds = [...new Set(input.vaultIds)];
    const foundAdvisors = await repo.advisorsOf(tx, sponsor.id, advisorIds);
    const foundVaults = await repo.vaultsOf(tx, sponsor.id, vaultIds);
    // Any id that is not this sponsor's: not found, and nothing moves.
    if (foundAdvisors.length !== advisorIds.length) throw notFound('An advisor');
    if (foundVaults.length !== vaultIds.length) throw notFound('A vault');
    const groupId = target?.id ?? null;
    await repo.moveAdvisors(tx, advisorIds, groupId);
    await repo.moveVaults(tx, vaultIds, groupId);
    await writeAudit(tx, actor, {
      action: 'sub_portal.move',
      sponsorId: sponsor.id,
      targetType: 'sub_portal',
      targetId: groupId,
      logJson: {
        toGroup: target?.code ?? null,
        advisors: foundAdvisors.map((a) => ({ id: a.id, fromGroupId: a.groupId })),
        vaults: foundVaults.map((v) => ({ id: v.id, fromGroupId: v.groupId })),
      },
    });
    const what = [
      advisorIds.length > 0 ? plural(advisorIds.length, 'advisor') : null,
      vaultIds.length > 0 ? plural(vaultIds.length, 'vault') : null,
    ]
      .filter(Boolean)
      .join(' and ');
    return {
      message: target ? `${what} moved to ${target.name}.` : `${what} no longer in a sub-portal.`,
      errorMsg: null,
      statusType: 'success',
    };
  });
}
