import {
  type Invitation,
  type InvitationBody,
  type InvitationType,
  openInvitationInput,
  STRICT_INVITE_CODE,
  strictInvitationInput,
} from '@vault/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { iso } from '../../lib/dates.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { enqueueEmail } from '../../lib/outbox.js';
import { type MessageComposer, messageComposer } from '../../mail/messages.js';
import * as repo from './invitations.repo.js';

export type Detail = { field: string; message: string };

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

const zodDetails = (error: z.ZodError): Detail[] => error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));

export const invalid = (details: Detail[]) =>
  badRequest(`Please correct the invitation: ${details.map((d) => `${d.field}: ${d.message}`).join('; ')}`, details);

/** Values of an invitation as stored, after the rules of its type. */
export type Checked = Omit<repo.InvitationInsert, 'sponsorId'>;

/**
 * Applies the rules of the type to the fields (specification sections 3 and 5): a strict invitation
 * is one person with the fixed code and never the default; an open one has a code, max and expiry.
 * `keepExpiry` lets an edit keep an expiry that has passed, as long as it is not changed.
 */
export function checkFields(type: InvitationType, body: InvitationBody, keepExpiry?: Date | null): { values: Checked; details: Detail[] } {
  const input: Record<string, unknown> = { ...body };
  delete input.sponsorId;
  delete input.sponsorCode;
  const unchangedExpiry =
    keepExpiry !== undefined &&
    typeof body.expireTime === 'string' &&
    keepExpiry !== null &&
    new Date(body.expireTime).getTime() === keepExpiry.getTime();
  if (unchangedExpiry) input.expireTime = new Date(Date.now() + 86_400_000).toISOString();
  const details: Detail[] = [];
  if (type === 'strict') {
    if (body.defaultInviteCode)
      details.push({ field: 'defaultInviteCode', message: 'A strict invitation cannot be the default invite code' });
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
export async function checkReferences(db: Db, sponsorId: number, values: Checked, exceptId?: number) {
  const details: Detail[] = [];
  const packages = await repo.sponsorPackageIds(db, sponsorId, [values.packageId!]);
  if (!packages.has(values.packageId!)) details.push({ field: 'packageId', message: 'Choose a package assigned to this portal' });
  const advisorIds = values.sponsoredTrustedAdvisorId ?? [];
  const advisors = await repo.sponsorAdvisorIds(db, sponsorId, advisorIds);
  const unknown = advisorIds.filter((id) => !advisors.has(id));
  if (unknown.length)
    details.push({ field: 'sponsoredTrustedAdvisorId', message: `Not a trusted advisor of this portal: ${unknown.join(', ')}` });
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

const signUpLink = (inv: repo.InvitationRow, publicUrl: string) =>
  `${publicUrl.replace(/\/$/, '')}/signup?code=${encodeURIComponent(inv.inviteCode)}${inv.email ? `&email=${encodeURIComponent(inv.email)}` : ''}`;

/** The invitation e-mail, in the invited person's language and the portal's look. */
export const invitationMessage = (compose: MessageComposer, inv: repo.InvitationRow, publicUrl: string) =>
  compose(
    'invitation',
    { to: inv.email!, localize: inv.localize },
    { firstName: inv.firstName, inviteCode: inv.inviteCode, link: signUpLink(inv, publicUrl), expiry: inv.expireTime },
  );

/** Queues the invitation e-mail in the caller's transaction. */
export async function queueInvitation(db: Db, inv: repo.InvitationRow, publicUrl: string) {
  await enqueueEmail(db, await invitationMessage(await messageComposer(db, inv.sponsorId, publicUrl), inv, publicUrl));
}

export const auditFields = (v: Partial<repo.InvitationRow>) => ({
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

export async function reload(db: Db, id: number): Promise<Invitation> {
  return toInvitation((await repo.findById(db, id))!);
}
