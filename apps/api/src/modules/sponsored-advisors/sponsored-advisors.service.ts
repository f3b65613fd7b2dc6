import {
  ADVISOR_FLAGS,
  type AdvisorLookup,
  type PeopleSearchBody,
  type PeopleSortField,
  type ServerMessage,
  type SortQuery,
  type SponsoredAdvisorCreateBody,
  type SponsoredAdvisorItem,
  type SponsoredAdvisorUpdateBody,
  STATUS,
} from '@vault/contract';
import { type AccountRef, emailOfAnotherAccount, emailOwner } from '../../lib/accounts.js';
import { changes, pick } from '../../lib/changes.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { page } from '../../lib/paging.js';
import { sendPasswordLink } from '../../lib/password-links.js';
import { writeAudit } from '../../plugins/audit.js';
import type { RequestContext } from '../../plugins/types.js';
import { type PersonAction, runAccountAction } from '../people-common/account-action.js';
import { checkIdentityChange, linkedStatus, setLinkedStatus } from '../people-common/advisor-links.js';
import { checkGroup } from '../people-common/group-rule.js';
import { userSearchCondition } from '../people-common/people-search.repo.js';
import { personFields, portalLinkFields } from '../people-common/person-item.js';
import * as repo from './sponsored-advisors.repo.js';

const TARGET = 'sponsored_advisor';

export function toItem(row: repo.RepRow): SponsoredAdvisorItem {
  const { user, sa } = row;
  return {
    id: sa.id,
    userId: user.id,
    ...personFields({ ...user, statusId: linkedStatus(user.statusId, sa.statusId) }),
    permissions: sa.permissions,
    testAccount: sa.testAccount,
    ownerEmail: sa.ownerEmail,
    ...portalLinkFields(row, sa, ADVISOR_FLAGS),
  };
}

const uniq = (list: string[] | undefined) => (list ? [...new Set(list)] : undefined);

export async function list(
  ctx: Pick<RequestContext, 'db' | 'sponsor'>,
  q: { offset: number; limit: number } & SortQuery<PeopleSortField>,
  search?: PeopleSearchBody,
  unassigned = false,
) {
  const where = search ? userSearchCondition(search.fieldName, search.fieldValue) : undefined;
  const { rows, total } = await repo.listReps(ctx.db, ctx.sponsor.id, { ...q, where, unassigned });
  return page(rows.map(toItem), total, q, { isEditable: true });
}

export async function getByUser(ctx: Pick<RequestContext, 'db' | 'sponsor'>, userId: number): Promise<SponsoredAdvisorItem> {
  const row = await repo.findByUser(ctx.db, ctx.sponsor.id, userId);
  if (!row) throw notFound('The representative');
  return toItem(row);
}

/**
 * The look-up before creation (specification section 4): it tells only whether the e-mail is
 * already a user (isExistingUser, with a warning) and whether they already represent this portal.
 * Nothing another portal knows of them (names, ids, groups, owner) is answered.
 */
export async function lookup(ctx: Pick<RequestContext, 'db' | 'sponsor'>, email: string): Promise<AdvisorLookup> {
  const advisor = await repo.findAdvisorByEmail(ctx.db, email);
  if (!advisor) return { isExistingUser: false, isAssigned: false, warning: null, advisor: null, sponsoredAdvisor: null };
  const rep = await repo.findByUser(ctx.db, ctx.sponsor.id, advisor.userId);
  return {
    isExistingUser: true,
    isAssigned: !!rep,
    warning: rep
      ? `${email} is already a representative of this portal.`
      : `A user with the e-mail ${email} already exists. Saving adds them to this portal as a representative; their name and sign-in stay as they are.`,
    advisor: null,
    sponsoredAdvisor: rep ? toItem(rep) : null,
  };
}

export async function create(
  ctx: RequestContext,
  body: SponsoredAdvisorCreateBody,
): Promise<{ item: SponsoredAdvisorItem; linked: boolean }> {
  return ctx.db.transaction(async (tx) => {
    await checkGroup(tx, ctx.sponsor.id, body.group);
    const flags = pick(body, ADVISOR_FLAGS);
    const existing = await repo.findAdvisorByEmail(tx, body.email);
    let userId: number;
    if (existing) {
      if (await repo.findByUser(tx, ctx.sponsor.id, existing.userId)) {
        throw conflict('This e-mail address is already a representative of this portal.', [
          { field: 'email', message: 'Already a representative of this portal' },
        ]);
      }
      userId = existing.userId;
    } else {
      // Only an advisor is shared between portals; any other account keeps its address to itself.
      if (await emailOwner(tx, body.email)) throw emailOfAnotherAccount();
      userId = await repo.insertAdvisorUser(
        tx,
        {
          role: 'advisor',
          sponsorId: null,
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          statusId: STATUS.pending,
          testAccount: body.testAccount ?? false,
          localize: body.localize ?? 'en',
        },
        ctx.actor.email,
      );
      await sendPasswordLink(tx, {
        publicUrl: ctx.publicUrl,
        userId,
        email: body.email,
        firstName: body.firstName,
        sponsorId: ctx.sponsor.id,
        purpose: 'activation',
      });
    }
    const staid = await repo.insertRep(tx, {
      userId,
      sponsorId: ctx.sponsor.id,
      testAccount: body.testAccount ?? false,
      groupId: body.group ?? null,
      ownerEmail: ctx.actor.email,
      permissions: uniq(body.permissions) ?? [],
      ...flags,
    });
    await writeAudit(tx, ctx.actor, {
      action: existing ? `${TARGET}.link` : `${TARGET}.create`,
      sponsorId: ctx.sponsor.id,
      targetType: TARGET,
      targetId: userId,
      logJson: {
        staid,
        email: body.email,
        existingUser: !!existing,
        group: body.group ?? null,
        permissions: uniq(body.permissions) ?? [],
        flags,
        testAccount: body.testAccount ?? false,
        ...(existing ? {} : { firstName: body.firstName, lastName: body.lastName, localize: body.localize ?? 'en' }),
      },
    });
    return { item: toItem((await repo.findById(tx, ctx.sponsor.id, staid))!), linked: !!existing };
  });
}

export async function update(ctx: RequestContext, body: SponsoredAdvisorUpdateBody): Promise<SponsoredAdvisorItem> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findById(tx, ctx.sponsor.id, body.id);
    if (!row || (body.userId !== undefined && body.userId !== row.user.id)) throw notFound('The representative');
    if (body.email !== undefined && body.email.toLowerCase() !== row.user.email.toLowerCase()) {
      throw badRequest('The e-mail of a representative cannot be changed; add the new address as a representative instead.', [
        { field: 'email', message: 'The e-mail cannot be changed' },
      ]);
    }
    await checkGroup(tx, ctx.sponsor.id, body.group);
    // Names and language belong to the person (every portal she represents); the rest to this link.
    const userValues = Object.fromEntries(
      Object.entries(pick(body, ['firstName', 'lastName', 'localize'] as const)).filter(
        ([k, v]) => row.user[k as keyof typeof row.user] !== v,
      ),
    );
    if (Object.keys(userValues).length) await checkIdentityChange(tx, ctx.user, ctx.sponsor.id, row.user, 'name and language');
    const repValues: Record<string, unknown> = { ...pick(body, ADVISOR_FLAGS), ...pick(body, ['testAccount'] as const) };
    if (body.group !== undefined) repValues.groupId = body.group;
    if (body.permissions !== undefined) repValues.permissions = uniq(body.permissions);
    const before = { ...row.user, ...row.sa, group: row.sa.groupId, testAccount: row.sa.testAccount };
    const after = {
      ...userValues,
      ...pick(body, ['testAccount'] as const),
      ...pick(body, ADVISOR_FLAGS),
      ...(body.group !== undefined ? { group: body.group } : {}),
      ...(body.permissions ? { permissions: uniq(body.permissions) } : {}),
    };
    const changed = changes(before, after);
    if (Object.keys(changed).length === 0) return toItem(row);
    await repo.updateRep(tx, row.sa.id, row.user.id, userValues as Partial<typeof row.user>, repValues);
    await writeAudit(tx, ctx.actor, {
      action: `${TARGET}.update`,
      sponsorId: ctx.sponsor.id,
      targetType: TARGET,
      targetId: row.user.id,
      logJson: { staid: row.sa.id, email: row.user.email, changes: changed },
    });
    return toItem((await repo.findById(tx, ctx.sponsor.id, body.id))!);
  });
}

/** Confirmation-dialog actions on the representative whose advisor user id is `userId`. */
export async function act(ctx: RequestContext, userId: number, action: PersonAction): Promise<ServerMessage> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findByUser(tx, ctx.sponsor.id, userId);
    if (!row) throw notFound('The representative');
    const account: AccountRef = row.user;
    const c = { actor: ctx.actor, sponsorId: ctx.sponsor.id, targetType: TARGET, publicUrl: ctx.publicUrl };
    if (action === 'activate' || action === 'deactivate') {
      const statusId = action === 'activate' ? STATUS.active : STATUS.inactive;
      return setLinkedStatus({ ...c, db: tx, user: ctx.user }, account, row.sa.statusId, statusId);
    }
    if (action === 'reset-mfa') await checkIdentityChange(tx, ctx.user, ctx.sponsor.id, account, 'MFA');
    return runAccountAction(tx, c, account, action);
  });
}
