import {
  type Invitation,
  type InvitationBody,
  type InvitationEditBody,
  type InvitationImportResult,
  type InvitationType,
  type ListResponse,
  openInvitationInput,
  type RedeemResponse,
  STRICT_INVITE_CODE,
  type SearchBody,
  type ServerMessage,
  strictInvitationInput,
} from '@vault/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { done } from '../../lib/accounts.js';
import type { CsvRow } from '../../lib/csv.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { enqueueEmail } from '../../lib/outbox.js';
import { writeAudit } from '../../plugins/audit.js';
import type { Actor, AuthUser, SponsorRef } from '../../plugins/types.js';
import * as repo from './invitations.repo.js';

type Detail = { field: string; message: string };

export interface Ctx {
  db: Db;
  actor: Actor;
  publicUrl: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function statusOf(row: Pick<repo.InvitationRow, 'uses' | 'max' | 'expireTime'>, now = new Date()): Invitation['status'] {
  if (row.uses >= row.max) return 'used';
  if (row.expireTime && row.expireTime <= now) return 'expired';
  return 'pending';
}

export function toInvitation({ inv, sponsorCode, packageName }: repo.InvitationListRow): Invitation {
  return {
    id: inv.id,
    type: inv.type,
    inviteCode: inv.inviteCode,
    max: inv.max,
    uses: inv.uses,
    email: inv.email,
    firstName: inv.firstName,
    lastName: inv.lastName,
    packageId: inv.packageId,
    packageName,
    sponsorId: inv.sponsorId,
    sponsorCode,
    expireTime: iso(inv.expireTime),
    createdDate: inv.createdAt.toISOString(),
    defaultInviteCode: inv.defaultInviteCode,
    localize: inv.localize,
    testAccount: inv.testAccount,
    sponsoredTrustedAdvisorId: inv.sponsoredTrustedAdvisorId,
    isTrustedAdvisor: inv.isTrustedAdvisor,
    lastSentAt: iso(inv.lastSentAt),
    status: statusOf(inv),
  };
}

const zodDetails = (error: z.ZodError): Detail[] =>
  error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));

const invalid = (details: Detail[]) =>
  badRequest(`Please correct the invitation: ${details.map((d) => `${d.field}: ${d.message}`).join('; ')}`, details);

/** Values of an invitation as stored, after the rules of its type. */
type Checked = Omit<repo.InvitationInsert, 'sponsorId'>;

/**
 * Applies the rules of the type to the fields (specification sections 3 and 5): a strict invitation
 * is one person with the fixed code and never the default; an open one has a code, max and expiry.
 * `keepExpiry` lets an edit keep an expiry that has passed, as long as it is not changed.
 */
function checkFields(type: InvitationType, body: InvitationBody, keepExpiry?: Date | null): { values: Checked; details: Detail[] } {
  const input: Record<string, unknown> = { ...body };
  delete input.sponsorId;
  delete input.sponsorCode;
  const unchangedExpiry =
    keepExpiry !== undefined && typeof body.expireTime === 'string' && keepExpiry !== null && new Date(body.expireTime).getTime() === keepExpiry.getTime();
  if (unchangedExpiry) input.expireTime = new Date(Date.now() + 86_400_000).toISOString();
  const details: Detail[] = [];
  if (type === 'strict') {
    if (body.defaultInviteCode) details.push({ field: 'defaultInviteCode', message: 'A strict invitation cannot be the default invite code' });
    if (body.inviteCode !== undefined && body.inviteCode !== STRICT_INVITE_CODE) {
      details.push({ field: 'inviteCode', message: `A strict invitation always has the code ${STRICT_INVITE_CODE}` });
    }
    if (body.max !== undefined && body.max !== 1) details.push({ field: 'max', message: 'A strict invitation is used once (max 1)' });
    const parsed = strictInvitationInput.safeParse(input);
    if (!parsed.success) return { values: {} as Checked, details: [...details, ...zodDetails(parsed.error)] };
    const v = parsed.data;
    return {
      details,
      values: {
        type,
        inviteCode: STRICT_INVITE_CODE,
        max: 1,
        defaultInviteCode: false,
        email: v.email,
        firstName: v.firstName,
        lastName: v.lastName,
        expireTime: unchangedExpiry ? keepExpiry : v.expireTime ? new Date(v.expireTime) : null,
        packageId: v.packageId,
        localize: v.localize,
        testAccount: v.testAccount,
        sponsoredTrustedAdvisorId: [...new Set(v.sponsoredTrustedAdvisorId)],
        isTrustedAdvisor: v.isTrustedAdvisor,
      },
    };
  }
  const parsed = openInvitationInput.safeParse(input);
  if (!parsed.success) return { values: {} as Checked, details: zodDetails(parsed.error) };
  const v = parsed.data;
  if (v.inviteCode.toLowerCase() === STRICT_INVITE_CODE.toLowerCase()) {
    details.push({ field: 'inviteCode', message: `${STRICT_INVITE_CODE} is reserved for strict invitations` });
  }
  return {
    details,
    values: {
      type,
      inviteCode: v.inviteCode,
      max: v.max,
      defaultInviteCode: v.defaultInviteCode,
      email: v.email ? v.email : null,
      firstName: body.firstName?.trim() || null,
      lastName: body.lastName?.trim() || null,
      expireTime: unchangedExpiry ? keepExpiry : new Date(v.expireTime),
      packageId: v.packageId,
      localize: v.localize,
      testAccount: v.testAccount,
      sponsoredTrustedAdvisorId: [...new Set(v.sponsoredTrustedAdvisorId)],
      isTrustedAdvisor: v.isTrustedAdvisor,
    },
  };
}

/** Checks what needs the database: the package is one of the sponsor's, advisors are its own, the open code is free. */
async function checkReferences(db: Db, sponsorId: number, values: Checked, exceptId?: number) {
  const details: Detail[] = [];
  const packages = await repo.sponsorPackageIds(db, sponsorId, [values.packageId!]);
  if (!packages.has(values.packageId!)) details.push({ field: 'packageId', message: 'Choose a package assigned to this portal' });
  const advisorIds = values.sponsoredTrustedAdvisorId ?? [];
  const advisors = await repo.sponsorAdvisorIds(db, sponsorId, advisorIds);
  const unknown = advisorIds.filter((id) => !advisors.has(id));
  if (unknown.length) details.push({ field: 'sponsoredTrustedAdvisorId', message: `Not a trusted advisor of this portal: ${unknown.join(', ')}` });
  if (details.length) throw invalid(details);
  if (values.type === 'open') {
    const taken = await repo.takenOpenCodes(db, sponsorId, [values.inviteCode!], exceptId);
    if (taken.size) {
      throw conflict(`The invite code ${values.inviteCode} is already used in this portal.`, [
        { field: 'inviteCode', message: 'This invite code is already used in this portal' },
      ]);
    }
  }
}

function invitationEmail(inv: repo.InvitationRow, sponsorName: string, publicUrl: string) {
  const url = `${publicUrl.replace(/\/$/, '')}/signup?code=${encodeURIComponent(inv.inviteCode)}${inv.email ? `&email=${encodeURIComponent(inv.email)}` : ''}`;
  const hello = inv.firstName ? `Hello ${inv.firstName},` : 'Hello,';
  const expiry = inv.expireTime ? `\nThe invitation expires on ${inv.expireTime.toUTCString()}.` : '';
  return {
    to: inv.email!,
    sponsorId: inv.sponsorId,
    template: 'invitation',
    subject: `${sponsorName || 'Your advisor'} invites you to open a document vault`,
    text: `${hello}\n\n${sponsorName || 'Your advisor'} invites you to open your own document vault.\nSign up here:\n${url}\n\nYour invite code: ${inv.inviteCode}${expiry}\n\nIf you did not expect this e-mail, ignore it.\n`,
  };
}

const auditFields = (v: Partial<repo.InvitationRow>) => ({
  type: v.type,
  inviteCode: v.inviteCode,
  email: v.email,
  firstName: v.firstName,
  lastName: v.lastName,
  max: v.max,
  expireTime: v.expireTime ? v.expireTime.toISOString() : v.expireTime,
  packageId: v.packageId,
  defaultInviteCode: v.defaultInviteCode,
  testAccount: v.testAccount,
  localize: v.localize,
  sponsoredTrustedAdvisorId: v.sponsoredTrustedAdvisorId,
  isTrustedAdvisor: v.isTrustedAdvisor,
});

async function reload(db: Db, id: number): Promise<Invitation> {
  return toInvitation((await repo.findById(db, id))!);
}

// ---------------------------------------------------------------- reads

export async function list(db: Db, sponsor: SponsorRef | null, offset: number, limit: number, search?: SearchBody): Promise<ListResponse<Invitation>> {
  const page = { activePage: Math.floor(offset / limit) + 1, perPage: limit };
  // Specification section 4: with no sponsor chosen the list is empty, total 0.
  if (!sponsor) return { data: [], total: 0, ...page };
  const filter = search ? repo.searchFilter(search.fieldName, search.fieldValue) : undefined;
  const { rows, total } = await repo.listPage(db, sponsor.id, offset, limit, filter);
  return { data: rows.map(toInvitation), total, ...page };
}

/** One invitation; it must belong to the named sponsor, or to one the user may work in (404 otherwise). */
export async function get(db: Db, user: AuthUser, sponsor: SponsorRef | null, id: number): Promise<Invitation> {
  const row = await repo.findById(db, id);
  if (!row) throw notFound('The invitation');
  if (sponsor && row.inv.sponsorId !== sponsor.id) throw notFound('The invitation');
  if (user.role !== 'staff' && row.inv.sponsorId !== user.sponsorId) throw notFound('The invitation');
  return toInvitation(row);
}

// ---------------------------------------------------------------- changes

export async function create(ctx: Ctx, sponsor: SponsorRef, type: InvitationType, body: InvitationBody): Promise<Invitation> {
  const { values, details } = checkFields(type, body);
  if (details.length) throw invalid(details);
  return ctx.db.transaction(async (tx) => {
    await repo.lockSponsor(tx, sponsor.id);
    await checkReferences(tx, sponsor.id, values);
    if (values.defaultInviteCode) await repo.clearDefault(tx, sponsor.id);
    let row = await repo.insert(tx, { ...values, sponsorId: sponsor.id, createdByUserId: ctx.actor.userId });
    if (row.email) {
      await enqueueEmail(tx, invitationEmail(row, await repo.sponsorName(tx, sponsor.id), ctx.publicUrl));
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

export async function edit(ctx: Ctx, sponsor: SponsorRef, body: InvitationEditBody): Promise<Invitation> {
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
    await writeAudit(tx, ctx.actor, { action: 'invitation.update', sponsorId: sponsor.id, targetType: 'invitation', targetId: before.id, logJson: { changes } });
    return reload(tx, before.id);
  });
}

/** Makes one open invitation the sponsor's default invite code, clearing the previous default in the same transaction. */
export async function setDefault(ctx: Ctx, sponsor: SponsorRef, id: number, makeDefault: boolean): Promise<Invitation & { clearedIds: number[] }> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockSponsor(tx, sponsor.id);
    const row = await repo.findInSponsorForUpdate(tx, id, sponsor.id);
    if (!row) throw notFound('The invitation');
    if (!makeDefault) {
      if (row.defaultInviteCode) await repo.update(tx, id, { defaultInviteCode: false });
      await writeAudit(tx, ctx.actor, { action: 'invitation.default', sponsorId: sponsor.id, targetType: 'invitation', targetId: id, logJson: { defaultInviteCode: false } });
      return { ...(await reload(tx, id)), clearedIds: row.defaultInviteCode ? [id] : [] };
    }
    if (row.type === 'strict') throw conflict('A strict invitation cannot be the default invite code.', [{ field: 'defaultInviteCode', message: 'Only an open invitation can be the default invite code' }]);
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

export async function resend(ctx: Ctx, sponsor: SponsorRef, id: number, itype?: InvitationType): Promise<ServerMessage> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findInSponsorForUpdate(tx, id, sponsor.id);
    if (!row) throw notFound('The invitation');
    if (itype && itype !== row.type) throw badRequest(`This invitation is ${row.type}, not ${itype}.`, [{ field: 'itype', message: `The invitation is ${row.type}` }]);
    if (!row.email) throw conflict('This open invitation has no e-mail address to send it to. Edit it and add one first.');
    const status = statusOf(row);
    if (status === 'used') throw conflict(row.type === 'strict' ? `${row.email} has already used this invitation.` : 'This invite code has no uses left.');
    if (status === 'expired') throw conflict('This invitation has expired. Give it a new expiry date before sending it again.');
    await enqueueEmail(tx, invitationEmail(row, await repo.sponsorName(tx, sponsor.id), ctx.publicUrl));
    const sentAt = new Date();
    await repo.update(tx, id, { lastSentAt: sentAt });
    await writeAudit(tx, ctx.actor, {
      action: 'invitation.resend',
      sponsorId: sponsor.id,
      targetType: 'invitation',
      targetId: id,
      logJson: { email: row.email, type: row.type, inviteCode: row.inviteCode },
    });
    return done(`The invitation was sent again to ${row.email}.`, { id, lastSentAt: sentAt.toISOString() });
  });
}

// ---------------------------------------------------------------- CSV import

const TRUE = new Set(['true', '1', 'yes', 'y']);
const FALSE = new Set(['false', '0', 'no', 'n', '']);

/** A CSV date: ISO 8601, YYYY-MM-DD or MM/DD/YYYY (a bare day means its end, UTC). */
function csvDate(value: string): string | null | 'bad' {
  const v = value.trim();
  if (!v) return null;
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (m) return `${m[1]}-${m[2]}-${m[3]}T23:59:59.000Z`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (m) return `${m[3]}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}T23:59:59.000Z`;
  const t = Date.parse(v);
  return Number.isNaN(t) ? 'bad' : new Date(t).toISOString();
}

function csvBool(value: string | undefined, field: string, problems: string[]): boolean | undefined {
  const v = (value ?? '').trim().toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return v === '' ? undefined : false;
  problems.push(`${field}: use true or false`);
  return undefined;
}

export async function importCsv(ctx: Ctx, sponsor: SponsorRef, rows: CsvRow[], defaultType?: InvitationType): Promise<InvitationImportResult> {
  const migrated: InvitationImportResult['MigratedInvitation'] = [];
  const notMigrated: InvitationImportResult['NotMigratedInvitation'] = [];
  if (rows.length === 0) {
    return { MigratedInvitation: [], NotMigratedInvitation: [], migrationStatus: 'failed', message: 'The file has no invitation rows.' };
  }
  const packages = await repo.sponsorPackages(ctx.db, sponsor.id);
  const byName = new Map(packages.map((p) => [p.name.toLowerCase(), p.id]));
  const ids = new Set(packages.map((p) => p.id));
  const ready: { line: number; values: Checked }[] = [];
  const codesInFile = new Map<string, number>();
  for (const { line, values: cells } of rows) {
    const problems: string[] = [];
    const get = (k: string) => (cells[k] ?? '').trim();
    const code = get('invitecode');
    const typeCell = get('type').toLowerCase();
    const type: InvitationType | null = typeCell
      ? typeCell === 'strict' || typeCell === 'open'
        ? typeCell
        : null
      : (defaultType ?? (code && code.toLowerCase() !== STRICT_INVITE_CODE.toLowerCase() ? 'open' : 'strict'));
    const email = get('email');
    if (!type) {
      notMigrated.push({ line, reason: `type: use strict or open (not "${get('type')}")`, inviteCode: code, email: email || null });
      continue;
    }
    let packageId: number | undefined;
    const pkg = get('packageid') || get('package');
    if (!pkg) problems.push('packageId: Package is required');
    else if (/^\d+$/.test(pkg) && ids.has(Number(pkg))) packageId = Number(pkg);
    else if (byName.has(pkg.toLowerCase())) packageId = byName.get(pkg.toLowerCase());
    else problems.push(`packageId: "${pkg}" is not a package assigned to this portal`);
    const expiry = csvDate(get('expiretime') || get('expires') || get('expiry'));
    if (expiry === 'bad') problems.push('expireTime: not a date (use YYYY-MM-DD)');
    const maxCell = get('max');
    const max = maxCell === '' ? (type === 'strict' ? undefined : Number.NaN) : Number(maxCell);
    const body: InvitationBody = {
      email: email || null,
      firstName: get('firstname') || null,
      lastName: get('lastname') || null,
      packageId: packageId ?? 0,
      expireTime: expiry === 'bad' ? null : expiry,
      localize: get('localize') || undefined,
      testAccount: csvBool(cells.testaccount, 'testAccount', problems),
      ...(type === 'open' ? { inviteCode: code, max } : code ? { inviteCode: code } : {}),
      ...(type === 'strict' && maxCell !== '' ? { max } : {}),
    };
    const { values, details } = checkFields(type, body);
    for (const d of details) if (!(d.field === 'packageId' && packageId === undefined)) problems.push(`${d.field}: ${d.message}`);
    if (type === 'open' && code && !problems.length) {
      const key = code.toLowerCase();
      const earlier = codesInFile.get(key);
      if (earlier) problems.push(`inviteCode: ${code} is already on line ${earlier}`);
      else codesInFile.set(key, line);
    }
    if (problems.length) notMigrated.push({ line, reason: problems.join('; '), type, inviteCode: code || (type === 'strict' ? STRICT_INVITE_CODE : ''), email: email || null });
    else ready.push({ line, values });
  }
  if (ready.length > 0) {
    await ctx.db.transaction(async (tx) => {
      // Checked under the sponsor's lock, so a code taken meanwhile is reported, not a failure.
      await repo.lockSponsor(tx, sponsor.id);
      const openCodes = ready.filter((r) => r.values.type === 'open').map((r) => r.values.inviteCode!);
      const taken = await repo.takenOpenCodes(tx, sponsor.id, openCodes);
      const accepted = ready.filter((r) => {
        if (r.values.type === 'open' && taken.has(r.values.inviteCode!.toLowerCase())) {
          notMigrated.push({ line: r.line, reason: `inviteCode: ${r.values.inviteCode} is already used in this portal`, type: 'open', inviteCode: r.values.inviteCode!, email: r.values.email ?? null });
          return false;
        }
        return true;
      });
      if (accepted.length === 0) return;
      const name = await repo.sponsorName(tx, sponsor.id);
      const now = new Date();
      for (let i = 0; i < accepted.length; i += 1000) {
        const batch = accepted.slice(i, i + 1000);
        const inserted = await repo.insertMany(
          tx,
          batch.map((r) => ({ ...r.values, sponsorId: sponsor.id, createdByUserId: ctx.actor.userId, lastSentAt: r.values.email ? now : null })),
        );
        const mails = [];
        for (let j = 0; j < batch.length; j++) {
          const r = batch[j]!;
          const id = inserted[j]!.id;
          migrated.push({ line: r.line, reason: 'Imported', id, type: r.values.type, inviteCode: r.values.inviteCode!, email: r.values.email ?? null });
          if (r.values.email) mails.push(invitationEmail({ ...(r.values as repo.InvitationRow), id, sponsorId: sponsor.id }, name, ctx.publicUrl));
        }
        await repo.enqueueEmails(tx, mails);
      }
      notMigrated.sort((a, b) => a.line - b.line);
      await writeAudit(tx, ctx.actor, {
        action: 'invitation.import',
        sponsorId: sponsor.id,
        targetType: 'invitation',
        logJson: { imported: migrated.length, rejected: notMigrated.length, rejectedLines: notMigrated.slice(0, 100).map((n) => n.line) },
      });
    });
  }
  notMigrated.sort((a, b) => a.line - b.line);
  const migrationStatus = migrated.length === 0 ? 'failed' : notMigrated.length === 0 ? 'success' : 'partial';
  const message =
    migrationStatus === 'success'
      ? `${migrated.length} invitation${migrated.length === 1 ? ' was' : 's were'} imported.`
      : migrationStatus === 'partial'
        ? `${migrated.length} invitation${migrated.length === 1 ? ' was' : 's were'} imported; ${notMigrated.length} line${notMigrated.length === 1 ? ' was' : 's were'} not.`
        : 'No invitation was imported. Correct the lines listed and try again.';
  return { MigratedInvitation: migrated, NotMigratedInvitation: notMigrated, migrationStatus, message };
}

// ---------------------------------------------------------------- redemption

/**
 * Redeems one use of an invitation for the sponsor of the integration key. The use is counted by
 * one conditional UPDATE, so racing redemptions of the last use cannot both win.
 */
export async function redeem(db: Db, actor: Actor, sponsorId: number, code: string, email: string): Promise<RedeemResponse> {
  return db.transaction(async (tx) => {
    const inv = await repo.findForRedemption(tx, sponsorId, code.trim(), email);
    if (!inv) throw notFound('An invitation with this code for this e-mail address');
    const used = await repo.consumeUse(tx, inv.id);
    if (!used) {
      const now = await repo.findInSponsorForUpdate(tx, inv.id, sponsorId);
      if (now && now.uses >= now.max) throw conflict(inv.type === 'strict' ? 'This invitation has already been used.' : 'This invite code has no uses left.');
      throw conflict('This invitation has expired.');
    }
    // Checked after the UPDATE, which holds the row lock: a second redemption by the same person
    // waits for the first and then sees it (the use counted here is rolled back).
    if (inv.type === 'open' && (await repo.hasRedeemed(tx, inv.id, email))) throw conflict('This e-mail address has already used this invite code.');
    const redeemedEmail = inv.type === 'strict' ? inv.email! : email;
    await repo.insertRedemption(tx, inv.id, redeemedEmail);
    await writeAudit(tx, actor, {
      action: 'invitation.redeem',
      sponsorId,
      targetType: 'invitation',
      targetId: inv.id,
      logJson: { email: redeemedEmail, inviteCode: inv.inviteCode, type: inv.type, uses: used.uses, max: used.max },
    });
    const { sponsor, package: pkg } = await repo.sponsorAndPackage(tx, sponsorId, used.packageId);
    return {
      invitationId: used.id,
      type: used.type,
      inviteCode: used.inviteCode,
      email: redeemedEmail,
      firstName: used.firstName,
      lastName: used.lastName,
      localize: used.localize,
      testAccount: used.testAccount,
      isTrustedAdvisor: used.isTrustedAdvisor,
      sponsoredTrustedAdvisorId: used.sponsoredTrustedAdvisorId,
      usesLeft: used.max - used.uses,
      sponsor,
      package: pkg,
    };
  });
}
