import { type AdvisorDetail, type AdvisorItem, type PeopleSearchBody, type ServerMessage, STATUS } from '@vault/contract';
import type { Db } from '../../db/client.js';
import { resendActivation, resetMfa, sendPasswordReset, setAccountStatus } from '../../lib/accounts.js';
import { notFound } from '../../lib/errors.js';
import type { Actor, AuthUser, SponsorRef } from '../../plugins/types.js';
import * as repo from './advisors.repo.js';
import { iso, page, statusName, userSearchCondition } from './people-common.js';

const TARGET = 'advisor';

export interface Ctx {
  db: Db;
  actor: Actor;
  user: AuthUser;
  /** The sponsor the call names (optional for staff). */
  sponsor: SponsorRef | null;
  publicUrl: string;
}

/**
 * Trusted collaborators are global: staff see every advisor; a sponsor administrator sees only
 * the advisors who represent their own sponsor, and may act only on those.
 */
const visibleIn = (ctx: Ctx): number | null => (ctx.user.role === 'staff' ? null : (ctx.user.sponsorId ?? -1));
const auditSponsor = (ctx: Ctx) => ctx.sponsor?.id ?? ctx.user.sponsorId ?? null;

export function toItem(row: repo.AdvisorRow): AdvisorItem {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    statusId: row.statusId,
    status: statusName(row.statusId),
    ownerEmail: row.ownerEmail,
    testAccount: row.testAccount,
    localize: row.localize,
    mfaEnabled: row.mfaEnabled,
    sponsorCount: Number(row.sponsorCount),
    createdAt: iso(row.createdAt)!,
  };
}

export async function list(ctx: Ctx, q: { offset: number; limit: number }, search?: PeopleSearchBody) {
  const where = search ? userSearchCondition(search.fieldName, search.fieldValue) : undefined;
  const { rows, total } = await repo.listAdvisors(ctx.db, { sponsorId: visibleIn(ctx), ...q, where });
  return page(rows.map(toItem), total, q.offset, q.limit);
}

async function visible(db: Db, ctx: Ctx, userId: number) {
  const row = await repo.findAdvisor(db, userId, visibleIn(ctx));
  if (!row) throw notFound('The trusted collaborator');
  return row;
}

export async function get(ctx: Ctx, userId: number): Promise<AdvisorDetail> {
  const row = await visible(ctx.db, ctx, userId);
  const sponsors = await repo.advisorSponsors(ctx.db, userId, visibleIn(ctx));
  return { ...toItem(row), lastLoginAt: iso(row.lastLoginAt), sponsors };
}

type Action = 'activate' | 'deactivate' | 'resetpassword' | 'activation-email' | 'reset-mfa';

export async function act(ctx: Ctx, userId: number, action: Action): Promise<ServerMessage> {
  return ctx.db.transaction(async (tx) => {
    const account = await visible(tx, ctx, userId);
    const c = { actor: ctx.actor, sponsorId: auditSponsor(ctx), targetType: TARGET };
    switch (action) {
      case 'activate':
        return setAccountStatus(tx, c, account, STATUS.active);
      case 'deactivate':
        return setAccountStatus(tx, c, account, STATUS.inactive);
      case 'resetpassword':
        return sendPasswordReset(tx, { ...c, publicUrl: ctx.publicUrl }, account);
      case 'activation-email':
        return resendActivation(tx, { ...c, publicUrl: ctx.publicUrl }, account);
      case 'reset-mfa':
        return resetMfa(tx, c, [account]);
    }
  });
}
