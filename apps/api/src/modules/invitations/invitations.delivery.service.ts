import type { InvitationType, RedeemResponse, ServerMessage } from '@vault/contract';
import type { Db } from '../../db/client.js';
import { done } from '../../lib/accounts.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../../plugins/audit.js';
import type { Actor, RequestContext } from '../../plugins/types.js';
import * as repo from './invitations.repo.js';
import { queueInvitation, statusOf } from './invitations.rules.js';

export async function resend(ctx: RequestContext, id: number, itype?: InvitationType): Promise<ServerMessage> {
  const { sponsor } = ctx;
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findInSponsorForUpdate(tx, id, sponsor.id);
    if (!row) throw notFound('The invitation');
    if (itype && itype !== row.type)
      throw badRequest(`This invitation is ${row.type}, not ${itype}.`, [{ field: 'itype', message: `The invitation is ${row.type}` }]);
    if (!row.email) throw conflict('This open invitation has no e-mail address to send it to. Edit it and add one first.');
    const status = statusOf(row);
    if (status === 'used')
      throw conflict(row.type === 'strict' ? `${row.email} has already used this invitation.` : 'This invite code has no uses left.');
    if (status === 'expired') throw conflict('This invitation has expired. Give it a new expiry date before sending it again.');
    await queueInvitation(tx, row, ctx.publicUrl);
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
      if (now && now.uses >= now.max)
        throw conflict(inv.type === 'strict' ? 'This invitation has already been used.' : 'This invite code has no uses left.');
      throw conflict('This invitation has expired.');
    }
    // Checked after the UPDATE, which holds the row lock: a second redemption by the same person
    // waits for the first and then sees it (the use counted here is rolled back).
    if (inv.type === 'open' && (await repo.hasRedeemed(tx, inv.id, email)))
      throw conflict('This e-mail address has already used this invite code.');
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
