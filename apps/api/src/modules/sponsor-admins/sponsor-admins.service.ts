import {
  ADMIN_FLAGS,
  type AdminFlag,
  PEOPLE_FLAG_LABELS,
  type PeopleSortField,
  type ServerMessage,
  type SignInMethod,
  type SortQuery,
  type SponsorAdminCreateBody,
  type SponsorAdminItem,
  type SponsorAdminUpdateBody,
  STATUS,
} from '@vault/contract';
import type { Db } from '../../db/client.js';
import { type AccountRef, emailOfAnotherAccount, emailOwner } from '../../lib/accounts.js';
import { changes, pick } from '../../lib/changes.js';
import { iso } from '../../lib/dates.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { page } from '../../lib/paging.js';
import { sendPasswordLink } from '../../lib/password-links.js';
import { writeAudit } from '../../plugins/audit.js';
import type { AuthUser, OptionalSponsorContext, RequestContext } from '../../plugins/types.js';
import { type PersonAction, runAccountAction } from '../people-common/account-action.js';
import { checkGroup } from '../people-common/group-rule.js';
import { adminSearchCondition, type PeopleSearchField } from '../people-common/people-search.repo.js';
import { personFields, portalLinkFields } from '../people-common/person-item.js';
import * as repo from './sponsor-admins.repo.js';

const TARGET = 'sponsor_admin';

export function toItem(row: repo.AdminRow): SponsorAdminItem {
  const { user, admin } = row;
  return {
    id: user.id,
    said: admin.id,
    sponsorCode: row.sponsorCode,
    ...personFields(user),
    title: admin.title,
    testAccount: user.testAccount,
    lastLoginAt: iso(user.lastLoginAt),
    ...portalLinkFields(row, admin, ADMIN_FLAGS),
    ssoBreakGlass: user.ssoBreakGlass,
    signInMethod: signInMethod(row.ssoOnly, user.ssoBreakGlass),
  };
}

/** How an administrator signs in: no identity provider, SSO beside the password, SSO only, or break-glass. */
export const signInMethod = (ssoOnly: boolean | null, breakGlass: boolean): SignInMethod =>
  ssoOnly === null ? 'password' : !ssoOnly ? 'sso' : breakGlass ? 'break_glass' : 'sso_only';

/**
 * A sponsor administrator may only hand out access they hold themselves, so creating or editing
 * another administrator can never widen what their own portal lets them do. Staff may grant all.
 */
function checkGrant(user: AuthUser, flags: Partial<Record<AdminFlag, unknown>>, before?: Partial<Record<AdminFlag, boolean>>) {
  if (user.role === 'staff') return;
  const refused = ADMIN_FLAGS.filter((f) => flags[f] === true && !before?.[f] && !user.permissions[f]);
  if (refused.length) throw forbidden(`You cannot grant access you do not have yourself: ${refused.join(', ')}.`);
}

/**
 * Managing a portal's administrators needs hasManageAdminsAccess (the route checks it too; the
 * service holds the rule so no other caller can skip it). Staff always may.
 */
function checkManage(user: AuthUser) {
  if (user.role !== 'staff' && !user.permissions.hasManageAdminsAccess)
    throw forbidden(
      `Your administrator account does not have the "${PEOPLE_FLAG_LABELS.hasManageAdminsAccess}" permission (hasManageAdminsAccess).`,
    );
}

/** Nobody changes their own access flags: raising them would bypass whoever grants access. */
function checkOwnFlags(user: AuthUser, userId: number, flags: Partial<Record<AdminFlag, boolean>>, before: Record<AdminFlag, boolean>) {
  if (user.id !== userId) return;
  const changed = ADMIN_FLAGS.filter((f) => flags[f] !== undefined && flags[f] !== before[f]);
  if (changed.length) throw forbidden(`You cannot change your own access flags: ${changed.join(', ')}.`);
}

/** One portal's administrators, or every portal's when staff asked for them (`allPortals`, decision 0052). */
export async function list(
  ctx: Pick<OptionalSponsorContext, 'db' | 'sponsor'>,
  q: { offset: number; limit: number; secondFactor?: 'on' | 'off'; signIn?: SignInMethod } & SortQuery<PeopleSortField>,
  search?: { fieldName: string; fieldValue: string },
  allPortals = false,
) {
  if (!ctx.sponsor && !allPortals) throw badRequest('Please choose a Portal.');
  const where = search ? adminSearchCondition(search.fieldName as PeopleSearchField, search.fieldValue) : undefined;
  const { rows, total } = await repo.listAdmins(ctx.db, ctx.sponsor?.id ?? null, { ...q, where });
  return page(rows.map(toItem), total, q, { isEditable: true });
}

export async function get(ctx: Pick<RequestContext, 'db' | 'sponsor'>, userId: number): Promise<SponsorAdminItem> {
  const row = await repo.findAdmin(ctx.db, ctx.sponsor.id, userId);
  if (!row) throw notFound('The administrator');
  return toItem(row);
}

/** Who a new administrator is; flags are granted apart, after the caller's own checks. */
export interface NewAdmin {
  email: string;
  firstName: string;
  lastName: string;
  group?: number | null;
  title?: string | null;
  testAccount?: boolean;
  localize?: string;
  scimExternalId?: string | null;
}

/**
 * Adds an administrator to the portal in the caller's transaction, pending until they set a password
 * through the activation e-mail. Shared by the portal's form, SCIM provisioning and just-in-time SSO
 * sign-in, so all ask who owns the address (decision 0033) and hand out the same defaults. The
 * caller checks its rights and audits. `signedInBySso`: the identity provider vouched for the
 * person, who is active at once without a password (and gets no activation e-mail).
 */
export async function addAdmin(
  tx: Db,
  where: { sponsorId: number; publicUrl: string },
  person: NewAdmin,
  granted: Partial<Record<AdminFlag, boolean>> = {},
  how: { signedInBySso?: boolean } = {},
): Promise<{ userId: number; said: number; flags: Record<AdminFlag, boolean> }> {
  const owner = await emailOwner(tx, person.email);
  if (owner?.role === 'sponsor_admin' && owner.sponsorId === where.sponsorId) {
    throw conflict('This e-mail address is already used by an administrator of this portal.', [
      { field: 'email', message: 'Already used in this portal' },
    ]);
  }
  if (owner) throw emailOfAnotherAccount();
  // Specification section 5: creation always sets hasPrivateFoldersAccess.
  const flags = Object.fromEntries(ADMIN_FLAGS.map((f) => [f, granted[f] ?? false])) as Record<AdminFlag, boolean>;
  flags.hasPrivateFoldersAccess = true;
  const userId = await repo.insertAdminUser(tx, {
    role: 'sponsor_admin',
    sponsorId: where.sponsorId,
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    statusId: how.signedInBySso ? STATUS.active : STATUS.pending,
    ...(how.signedInBySso ? { activatedAt: new Date() } : {}),
    testAccount: person.testAccount ?? false,
    localize: person.localize ?? 'en',
  });
  const said = await repo.insertAdmin(tx, {
    userId,
    sponsorId: where.sponsorId,
    groupId: person.group ?? null,
    title: person.title || null,
    scimExternalId: person.scimExternalId ?? null,
    ...flags,
  });
  if (how.signedInBySso) return { userId, said, flags };
  await sendPasswordLink(tx, {
    publicUrl: where.publicUrl,
    userId,
    email: person.email,
    firstName: person.firstName,
    sponsorId: where.sponsorId,
    purpose: 'activation',
  });
  return { userId, said, flags };
}

/** A portal keeps one active administrator at least, whoever deactivates the others. */
export async function checkNotLastActive(tx: Db, sponsorId: number, row: repo.AdminRow) {
  if (row.user.statusId !== STATUS.active) return;
  await repo.lockPortalForDeactivation(tx, sponsorId);
  if ((await repo.otherActiveAdmins(tx, sponsorId, row.user.id)) === 0)
    throw conflict(`${row.user.email} is the last active administrator of this portal; activate another administrator first.`);
}

export async function create(ctx: RequestContext, body: SponsorAdminCreateBody): Promise<SponsorAdminItem> {
  const granted = pick(body, ADMIN_FLAGS) as Partial<Record<AdminFlag, boolean>>;
  checkManage(ctx.user);
  checkGrant(ctx.user, { ...granted, hasPrivateFoldersAccess: undefined });
  return ctx.db.transaction(async (tx) => {
    await checkGroup(tx, ctx.sponsor.id, body.group);
    const { userId, said } = await addAdmin(tx, { sponsorId: ctx.sponsor.id, publicUrl: ctx.publicUrl }, body, granted);
    const flags = { ...granted, hasPrivateFoldersAccess: true };
    const { email, firstName, lastName, group, title, testAccount, localize } = body;
    await writeAudit(tx, ctx.actor, {
      action: `${TARGET}.create`,
      sponsorId: ctx.sponsor.id,
      targetType: TARGET,
      targetId: userId,
      logJson: { said, email, firstName, lastName, group, title, testAccount, localize, flags },
    });
    const row = await repo.findAdmin(tx, ctx.sponsor.id, userId);
    return toItem(row!);
  });
}

export async function update(ctx: RequestContext, userId: number, body: SponsorAdminUpdateBody): Promise<SponsorAdminItem> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findAdmin(tx, ctx.sponsor.id, userId);
    if (!row) throw notFound('The administrator');
    checkManage(ctx.user);
    const flags = pick(body, ADMIN_FLAGS) as Partial<Record<AdminFlag, boolean>>;
    checkOwnFlags(ctx.user, userId, flags, row.admin);
    checkGrant(ctx.user, flags, row.admin);
    await checkGroup(tx, ctx.sponsor.id, body.group);
    if (body.ssoBreakGlass !== undefined && body.ssoBreakGlass !== row.user.ssoBreakGlass && ctx.user.role !== 'staff')
      throw forbidden('Only the service staff may mark a break-glass account.');
    const userValues = pick(body, ['firstName', 'lastName', 'testAccount', 'localize', 'ssoBreakGlass'] as const);
    const adminValues: Record<string, unknown> = { ...flags };
    if (body.group !== undefined) adminValues.groupId = body.group;
    if (body.title !== undefined) adminValues.title = body.title || null;
    const before = { ...row.user, ...row.admin, group: row.admin.groupId };
    const changed = changes(before, {
      ...userValues,
      ...flags,
      ...(body.group !== undefined ? { group: body.group } : {}),
      ...(body.title !== undefined ? { title: body.title || null } : {}),
    });
    if (Object.keys(changed).length === 0) return toItem(row);
    await repo.updateAdmin(tx, userId, userValues, adminValues);
    await writeAudit(tx, ctx.actor, {
      action: `${TARGET}.update`,
      sponsorId: ctx.sponsor.id,
      targetType: TARGET,
      targetId: userId,
      logJson: { said: row.admin.id, email: row.user.email, changes: changed },
    });
    return toItem((await repo.findAdmin(tx, ctx.sponsor.id, userId))!);
  });
}

/** The confirmation-dialog actions; each answers the server message. */
export async function act(ctx: RequestContext, userId: number, action: PersonAction): Promise<ServerMessage & { item: SponsorAdminItem }> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findAdmin(tx, ctx.sponsor.id, userId);
    if (!row) throw notFound('The administrator');
    if (action !== 'reset-mfa') checkManage(ctx.user);
    if (action === 'deactivate' && userId === ctx.user.id) throw conflict('You cannot deactivate your own account.');
    if (action === 'deactivate') await checkNotLastActive(tx, ctx.sponsor.id, row);
    const account: AccountRef = row.user;
    const c = { actor: ctx.actor, sponsorId: ctx.sponsor.id, targetType: TARGET, publicUrl: ctx.publicUrl };
    const message = await runAccountAction(tx, c, account, action);
    return { ...message, item: toItem((await repo.findAdmin(tx, ctx.sponsor.id, userId))!) };
  });
}
