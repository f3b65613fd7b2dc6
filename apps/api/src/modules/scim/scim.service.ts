import { personNameSchema, STATUS } from '@vault/contract';
import type { Db } from '../../db/client.js';
import { type AccountRef, setAccountStatus } from '../../lib/accounts.js';
import { changes } from '../../lib/changes.js';
import { iso } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { writeAudit } from '../../plugins/audit.js';
import type { RequestContext } from '../../plugins/types.js';
import * as admins from '../sponsor-admins/sponsor-admins.repo.js';
import { addAdmin, checkNotLastActive } from '../sponsor-admins/sponsor-admins.service.js';
import {
  type PatchValueObject,
  SCIM_LIST,
  SCIM_MAX_COUNT,
  SCIM_USER,
  type ScimErrorType,
  type ScimPatchInput,
  type ScimUser,
  type ScimUserInput,
} from './scim.schemas.js';

/**
 * SCIM provisioning of a portal's administrators (docs/decisions/0036). The integration's key names
 * the portal; every rule of the portal's own administrator screens holds here too (one e-mail is one
 * account, creation defaults, the last active administrator), through the sponsor-admins service's pieces.
 */

/** An error a SCIM client can act on: RFC 7644 3.12's `scimType` beside the status. */
export class ScimError extends AppError {
  constructor(
    statusCode: number,
    detail: string,
    readonly scimType?: ScimErrorType,
  ) {
    super(statusCode, detail);
  }
}

const TARGET = 'sponsor_admin';
type ScimContext = Pick<RequestContext, 'db' | 'actor' | 'sponsor' | 'publicUrl'>;

const notFound = (id: string) => new ScimError(404, `User ${id} not found.`);

/** Our ids are database integers; anything else names no resource here. */
function userIdOf(id: string): number {
  const n = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : 0;
  if (!n || n > 2_147_483_647) throw notFound(id);
  return n;
}

/** Pending (invited, password not yet chosen) counts as active: the identity provider enabled them. */
const isActive = (statusId: number) => statusId === STATUS.active || statusId === STATUS.pending;

function toScimUser(row: admins.AdminRow, publicUrl: string): ScimUser {
  const { user, admin } = row;
  const lastModified = [user.updatedAt, admin.updatedAt].map((d) => new Date(d).getTime()).reduce((a, b) => Math.max(a, b));
  return {
    schemas: [SCIM_USER],
    id: String(user.id),
    ...(admin.scimExternalId ? { externalId: admin.scimExternalId } : {}),
    userName: user.email,
    name: { givenName: user.firstName, familyName: user.lastName, formatted: `${user.firstName} ${user.lastName}` },
    displayName: `${user.firstName} ${user.lastName}`,
    emails: [{ value: user.email, type: 'work', primary: true }],
    active: isActive(user.statusId),
    meta: {
      resourceType: 'User',
      created: iso(user.createdAt),
      lastModified: new Date(lastModified).toISOString(),
      location: `${publicUrl.replace(/\/$/, '')}/scim/v2/Users/${user.id}`,
    },
  };
}

async function find(db: Db, ctx: ScimContext, id: string) {
  const row = await admins.findAdmin(db, ctx.sponsor.id, userIdOf(id));
  if (!row) throw notFound(id);
  return row;
}

export async function getUser(ctx: ScimContext, id: string): Promise<ScimUser> {
  return toScimUser(await find(ctx.db, ctx, id), ctx.publicUrl);
}

const USER_NAME_EQ = /^\s*userName\s+eq\s+("(?:[^"\\]|\\.)*")\s*$/i;

/** The one filter identity providers send before creating someone: `userName eq "…"`. */
export function userNameFilter(filter: string): string {
  const match = USER_NAME_EQ.exec(filter);
  let value: unknown;
  try {
    value = match ? JSON.parse(match[1]!) : undefined;
  } catch {}
  if (typeof value !== 'string') throw new ScimError(400, 'Only the filter userName eq "<e-mail address>" is supported.', 'invalidFilter');
  return value;
}

export async function listUsers(ctx: ScimContext, q: { filter?: string; startIndex?: number; count?: number }) {
  const email = q.filter === undefined ? undefined : userNameFilter(q.filter);
  // RFC 7644 3.4.2.4: below 1 is read as 1, a negative count as 0.
  const startIndex = Math.max(1, q.startIndex ?? 1);
  const count = Math.min(SCIM_MAX_COUNT, Math.max(0, q.count ?? SCIM_MAX_COUNT));
  // Oldest first: pages stay put while the identity provider adds people during its walk.
  const { rows, total } = await admins.listAdmins(ctx.db, ctx.sponsor.id, {
    offset: startIndex - 1,
    limit: Math.max(1, count),
    email,
    sortBy: 'createdAt',
    sortDir: 'asc',
  });
  const resources = rows.slice(0, count).map((r) => toScimUser(r, ctx.publicUrl));
  return { schemas: [SCIM_LIST], totalResults: total, itemsPerPage: resources.length, startIndex, Resources: resources };
}

/** One address is one account, and the userName is that address: `emails` may only repeat it. */
function checkEmails(body: ScimUserInput) {
  const other = body.emails?.find((e) => e.value.toLowerCase() !== body.userName.toLowerCase());
  if (other)
    throw new ScimError(
      400,
      `emails: ${other.value} is not the userName; an administrator has one address, their userName.`,
      'invalidValue',
    );
}

const account = (row: admins.AdminRow): AccountRef => row.user;

/** What SCIM may change of an administrator: the name, the identity provider's id, and whether they may sign in. */
interface Change {
  firstName?: string;
  lastName?: string;
  externalId?: string | null;
  active?: boolean;
}

/** Applies a change in `tx`, audited as SCIM's; turning `active` off ends the person's sessions at once. */
async function apply(tx: Db, ctx: ScimContext, row: admins.AdminRow, change: Change) {
  const userValues = {
    ...(change.firstName !== undefined ? { firstName: change.firstName } : {}),
    ...(change.lastName !== undefined ? { lastName: change.lastName } : {}),
  };
  const adminValues = change.externalId !== undefined ? { scimExternalId: change.externalId } : {};
  const changed = changes({ ...row.user, externalId: row.admin.scimExternalId }, { ...userValues, externalId: change.externalId });
  if (Object.keys(changed).length) {
    await admins.updateAdmin(tx, row.user.id, userValues, changed.externalId ? adminValues : {});
    await writeAudit(tx, ctx.actor, {
      action: 'scim.user_updated',
      sponsorId: ctx.sponsor.id,
      targetType: TARGET,
      targetId: row.user.id,
      logJson: { said: row.admin.id, email: row.user.email, changes: changed },
    });
  }
  if (change.active !== undefined && change.active !== isActive(row.user.statusId)) {
    if (!change.active) await checkNotLastActive(tx, ctx.sponsor.id, row);
    const c = { actor: ctx.actor, sponsorId: ctx.sponsor.id, targetType: TARGET };
    await setAccountStatus(
      tx,
      c,
      account(row),
      change.active ? STATUS.active : STATUS.inactive,
      change.active ? 'scim.user_activated' : 'scim.user_deactivated',
    );
  }
}

async function fresh(tx: Db, ctx: ScimContext, userId: number) {
  return toScimUser((await admins.findAdmin(tx, ctx.sponsor.id, userId))!, ctx.publicUrl);
}

export async function createUser(ctx: ScimContext, body: ScimUserInput): Promise<ScimUser> {
  checkEmails(body);
  return ctx.db.transaction(async (tx) => {
    const person = {
      email: body.userName,
      firstName: body.name.givenName,
      lastName: body.name.familyName,
      scimExternalId: body.externalId ?? null,
    };
    let created: Awaited<ReturnType<typeof addAdmin>>;
    try {
      created = await addAdmin(tx, { sponsorId: ctx.sponsor.id, publicUrl: ctx.publicUrl }, person);
    } catch (err) {
      // RFC 7644 3.3: an existing userName is a uniqueness conflict, whoever owns it.
      if (err instanceof AppError && err.statusCode === 409) throw new ScimError(409, err.message, 'uniqueness');
      throw err;
    }
    await writeAudit(tx, ctx.actor, {
      action: 'scim.user_created',
      sponsorId: ctx.sponsor.id,
      targetType: TARGET,
      targetId: created.userId,
      logJson: {
        said: created.said,
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        externalId: person.scimExternalId,
        flags: created.flags,
      },
    });
    if (body.active === false) await apply(tx, ctx, (await admins.findAdmin(tx, ctx.sponsor.id, created.userId))!, { active: false });
    return fresh(tx, ctx, created.userId);
  });
}

export async function replaceUser(ctx: ScimContext, id: string, body: ScimUserInput): Promise<ScimUser> {
  checkEmails(body);
  return ctx.db.transaction(async (tx) => {
    const row = await find(tx, ctx, id);
    if (body.userName.toLowerCase() !== row.user.email.toLowerCase())
      throw new ScimError(400, 'userName is the administrator’s sign-in address and cannot be changed.', 'mutability');
    await apply(tx, ctx, row, {
      firstName: body.name.givenName,
      lastName: body.name.familyName,
      externalId: body.externalId ?? null,
      active: body.active,
    });
    return fresh(tx, ctx, row.user.id);
  });
}

const nameOf = (path: string, value: unknown) => {
  const parsed = personNameSchema(path).safeParse(value);
  if (!parsed.success) throw new ScimError(400, `${path}: ${parsed.error.issues[0]?.message ?? 'not a valid name'}`, 'invalidValue');
  return parsed.data;
};

function booleanOf(path: string, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw new ScimError(400, `${path}: must be true or false.`, 'invalidValue');
}

/** Attribute paths may carry the schema URN (`urn:…:User:active`); compared without case (RFC 7643 2.1). */
const plainPath = (path: string) => {
  const p = path.trim();
  return (p.toLowerCase().startsWith(`${SCIM_USER.toLowerCase()}:`) ? p.slice(SCIM_USER.length + 1) : p).toLowerCase();
};

/** One attribute set by path. */
function setByPath(change: Change, path: string, value: unknown) {
  switch (plainPath(path)) {
    case 'active':
      change.active = booleanOf('active', value);
      return;
    case 'name.givenname':
      change.firstName = nameOf('name.givenName', value);
      return;
    case 'name.familyname':
      change.lastName = nameOf('name.familyName', value);
      return;
    case 'externalid':
      if (typeof value !== 'string' || !value.trim()) throw new ScimError(400, 'externalId: must be a non-empty string.', 'invalidValue');
      change.externalId = value.trim();
      return;
    // Derived from the name here: accepted, not kept.
    case 'displayname':
    case 'name.formatted':
      return;
    default:
      throw new ScimError(
        400,
        `${path}: not an attribute that can be changed here (active, name.givenName, name.familyName, externalId).`,
        'invalidPath',
      );
  }
}

/** A value without a path: each attribute it holds, nested or dotted. */
function setFromObject(change: Change, value: PatchValueObject) {
  if (value.active !== undefined) change.active = booleanOf('active', value.active);
  const given = value.name?.givenName ?? value['name.givenName'];
  const family = value.name?.familyName ?? value['name.familyName'];
  if (given !== undefined) change.firstName = given;
  if (family !== undefined) change.lastName = family;
  if (value.externalId !== undefined) change.externalId = value.externalId;
}

/** The operations, in order, folded into one change (the last value of an attribute wins). */
function patchChange(body: ScimPatchInput): Change {
  const change: Change = {};
  for (const operation of body.Operations) {
    const op = operation.op.toLowerCase();
    if (op === 'remove') {
      if (operation.path && plainPath(operation.path) === 'externalid') change.externalId = null;
      else throw new ScimError(400, 'Only externalId can be removed; names and active are required.', 'mutability');
      continue;
    }
    // For single-valued attributes "add" replaces (RFC 7644 3.5.2.1).
    if (op !== 'replace' && op !== 'add') throw new ScimError(400, `op "${operation.op}" is not add, replace or remove.`, 'invalidValue');
    if (operation.value === undefined) throw new ScimError(400, `op "${operation.op}" needs a value.`, 'invalidValue');
    if (operation.path) setByPath(change, operation.path, operation.value);
    else if (typeof operation.value === 'object') setFromObject(change, operation.value);
    else throw new ScimError(400, 'Without a path, the value must be an object of attributes.', 'invalidValue');
  }
  return change;
}

export async function patchUser(ctx: ScimContext, id: string, body: ScimPatchInput): Promise<ScimUser> {
  return ctx.db.transaction(async (tx) => {
    const row = await find(tx, ctx, id);
    await apply(tx, ctx, row, patchChange(body));
    return fresh(tx, ctx, row.user.id);
  });
}

/** Deprovisioning deactivates and keeps the account and its history, as every account action here does. */
export async function deleteUser(ctx: ScimContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await find(tx, ctx, id);
    await apply(tx, ctx, row, { active: false });
  });
}
