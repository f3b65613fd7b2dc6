import {
  type AdvisorDetail,
  type AdvisorItem,
  type PeopleSearchBody,
  type PeopleSortField,
  type ServerMessage,
  type SortQuery,
  STATUS,
} from '@vault/contract';
import type { Db } from '../../db/client.js';
import { iso } from '../../lib/dates.js';
import { notFound } from '../../lib/errors.js';
import { page } from '../../lib/paging.js';
import type { OptionalSponsorContext } from '../../plugins/types.js';
import { type PersonAction, runAccountAction } from '../people-common/account-action.js';
import { checkIdentityChange, linkedStatus, setLinkedStatus } from '../people-common/advisor-links.js';
import { userSearchCondition } from '../people-common/people-search.repo.js';
import { personFields } from '../people-common/person-item.js';
import * as repo from './advisors.repo.js';

const TARGET = 'advisor';

/**
 * Trusted collaborators are global: staff see every advisor; a sponsor administrator sees only
 * the advisors who represent their own sponsor, and may act only on those.
 */
const visibleIn = (ctx: OptionalSponsorContext): number | null => (ctx.user.role === 'staff' ? null : (ctx.user.sponsorId ?? -1));
const auditSponsor = (ctx: OptionalSponsorContext) => ctx.sponsor?.id ?? ctx.user.sponsorId ?? null;

export function toItem(row: repo.AdvisorRow): AdvisorItem {
  return {
    id: row.id,
    ...personFields({ ...row, statusId: row.linkStatusId === null ? row.statusId : linkedStatus(row.statusId, row.linkStatusId) }),
    ownerEmail: row.ownerEmail,
    testAccount: row.testAccount,
    localize: row.localize,
    mfaEnabled: row.mfaEnabled,
    sponsorCount: Number(row.sponsorCount),
    createdAt: iso(row.createdAt)!,
  };
}

export async function list(
  ctx: OptionalSponsorContext,
  q: { offset: number; limit: number } & SortQuery<PeopleSortField>,
  search?: PeopleSearchBody,
) {
  const where = search ? userSearchCondition(search.fieldName, search.fieldValue) : undefined;
  const { rows, total } = await repo.listAdvisors(ctx.db, { sponsorId: visibleIn(ctx), ...q, where });
  return page(rows.map(toItem), total, q, { isEditable: true });
}

async function visible(db: Db, ctx: OptionalSponsorContext, userId: number) {
  const row = await repo.findAdvisor(db, userId, visibleIn(ctx));
  if (!row) throw notFound('The trusted collaborator');
  return row;
}

export async function get(ctx: OptionalSponsorContext, userId: number): Promise<AdvisorDetail> {
  const row = await visible(ctx.db, ctx, userId);
  const sponsors = await repo.advisorSponsors(ctx.db, userId, visibleIn(ctx));
  return { ...toItem(row), lastLoginAt: iso(row.lastLoginAt), sponsors };
}

export async function act(ctx: OptionalSponsorContext, userId: number, action: PersonAction): Promise<ServerMessage> {
  return ctx.db.transaction(async (tx) => {
    const account = await visible(tx, ctx, userId);
    const c = { actor: ctx.actor, sponsorId: auditSponsor(ctx), targetType: TARGET, publicUrl: ctx.publicUrl };
    const own = visibleIn(ctx);
    // A sponsor administrator acts on their own portal's link; only staff change the person everywhere.
    if (own !== null && account.linkStatusId !== null) {
      if (action === 'activate' || action === 'deactivate') {
        const statusId = action === 'activate' ? STATUS.active : STATUS.inactive;
        return setLinkedStatus({ ...c, db: tx, user: ctx.user, sponsorId: own }, account, account.linkStatusId, statusId);
      }
      if (action === 'reset-mfa') await checkIdentityChange(tx, ctx.user, own, account, 'MFA');
    }
    return runAccountAction(tx, c, account, action);
  });
}
