import { DEFAULT_VAULT_TAG, type VaultCreateBody, type VaultCreated, type VaultDetails, type VaultSearchBody } from '@vault/contract';
import { emailOfAnotherAccount, emailOwner } from '../../lib/accounts.js';
import { iso } from '../../lib/dates.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { sendPasswordLink } from '../../lib/password-links.js';
import { statusName } from '../../lib/status-name.js';
import { writeAudit } from '../../plugins/audit.js';
import type { RequestContext } from '../../plugins/types.js';
import { groupById } from '../sub-portals/sub-portals.repo.js';
import { changing } from './vaults.counts.js';
import { holderHistory, vaultAdvisorList, vaultDetails } from './vaults.details.repo.js';
import { documentCount, packageAssigned, sponsoredAdvisorUserIds, templateOfSponsor } from './vaults.holders.repo.js';
import { insertHolder } from './vaults.writes.repo.js';

// Listing, search and export live in vaults.list.service.ts; account actions, archive, delete and
// bulk in vaults.actions.service.ts; cached totals and page anchors in vaults.counts.ts.

export const TARGET = 'vault_holder';

export { iso } from '../../lib/dates.js';
export { statusName } from '../../lib/status-name.js';
// The list service imports these three from here.
export type { RequestContext as Ctx } from '../../plugins/types.js';

type Ctx = RequestContext;
export const holderNotFound = () => notFound('The vault holder');
export const vaultNotFound = () => notFound('The vault');
export const actionCtx = (ctx: Ctx) => ({ actor: ctx.actor, sponsorId: ctx.sponsor.id, targetType: TARGET, publicUrl: ctx.publicUrl });

export async function create(ctx: Ctx, body: VaultCreateBody): Promise<VaultCreated> {
  const sponsorId = ctx.sponsor.id;
  const advisorIds = [...new Set(body.sponsoredAdvisorUserId ?? [])];
  const email = body.email.trim();
  return changing(
    sponsorId,
    ctx.db.transaction(async (tx) => {
      const problems: { field: string; message: string }[] = [];
      if (!(await packageAssigned(tx, sponsorId, body.packageId)))
        problems.push({ field: 'packageId', message: 'Choose a package of this portal.' });
      if (body.group != null && !(await groupById(tx, sponsorId, body.group)))
        problems.push({ field: 'group', message: 'Choose a group of this portal.' });
      if (body.templateId != null && !(await templateOfSponsor(tx, sponsorId, body.templateId))) {
        problems.push({ field: 'templateId', message: 'Choose a template of this portal.' });
      }
      if (advisorIds.length) {
        const known = new Set(await sponsoredAdvisorUserIds(tx, sponsorId, advisorIds));
        const unknown = advisorIds.filter((id) => !known.has(id));
        if (unknown.length)
          problems.push({ field: 'sponsoredAdvisorUserId', message: `Not a trusted advisor of this portal: ${unknown.join(', ')}.` });
      }
      if (problems.length) throw badRequest(problems.map((p) => p.message).join(' '), problems);
      const owner = await emailOwner(tx, email);
      if (owner?.role === 'vault_holder' && owner.sponsorId === sponsorId) {
        throw conflict(`A vault holder with the e-mail ${email} already exists in this portal.`, [
          { field: 'email', message: 'This e-mail address is already used in this portal.' },
        ]);
      }
      if (owner) throw emailOfAnotherAccount();
      const created = await insertHolder(tx, {
        sponsorId,
        email,
        firstName: body.firstName,
        middleName: body.middleName?.trim() || null,
        lastName: body.lastName,
        organizationName: body.organizationName?.trim() || null,
        testAccount: body.testAccount ?? false,
        localize: body.localize ?? 'en',
        packageId: body.packageId,
        tag: body.tag ?? DEFAULT_VAULT_TAG,
        entityType: body.entityType?.trim() || null,
        groupId: body.group ?? null,
        templateId: body.templateId ?? null,
        advisorUserIds: advisorIds,
      });
      if (body.sendActivationEmail) {
        await sendPasswordLink(tx, {
          publicUrl: ctx.publicUrl,
          userId: created.userId,
          email,
          firstName: body.firstName,
          sponsorId,
          purpose: 'activation',
        });
      }
      await writeAudit(tx, ctx.actor, {
        action: `${TARGET}.create`,
        sponsorId,
        targetType: TARGET,
        targetId: created.userId,
        logJson: {
          email,
          vaultId: created.vaultId,
          packageId: body.packageId,
          tag: body.tag ?? DEFAULT_VAULT_TAG,
          group: body.group ?? null,
          templateId: body.templateId ?? null,
          sponsoredAdvisorUserId: advisorIds.length ? advisorIds : null,
          sendActivationEmail: body.sendActivationEmail ?? false,
          testAccount: body.testAccount ?? false,
        },
      });
      return {
        id: created.userId,
        vaultId: created.vaultId,
        email,
        statusId: created.statusId,
        message: body.sendActivationEmail
          ? `The vault of ${body.firstName} ${body.lastName} is created. An activation e-mail was sent to ${email}.`
          : `The vault of ${body.firstName} ${body.lastName} is created.`,
      };
    }),
    ctx.db,
  );
}

export async function details(ctx: Pick<Ctx, 'db' | 'sponsor'>, vaultId: number): Promise<VaultDetails> {
  const d = await vaultDetails(ctx.db, ctx.sponsor.id, vaultId);
  if (!d) throw vaultNotFound();
  const [advisorRows, count, history] = await Promise.all([
    vaultAdvisorList(ctx.db, vaultId),
    documentCount(ctx.db, vaultId),
    holderHistory(ctx.db, d.id),
  ]);
  return {
    vaultId: d.vaultId,
    id: d.id,
    sponsor: { id: d.sponsorId, sponsorCode: d.sponsorCode },
    email: d.email,
    firstName: d.firstName,
    middleName: d.middleName,
    lastName: d.lastName,
    organizationName: d.organizationName,
    localize: d.localize,
    testAccount: d.testAccount,
    statusId: d.statusId,
    status: statusName(d.statusId),
    package:
      d.packageId != null && d.packageName != null
        ? { id: d.packageId, name: d.packageName, storageQuotaBytes: Number(d.storageQuotaBytes ?? 0) }
        : null,
    license: d.license,
    tag: d.tag,
    entityType: d.entityType,
    group: d.groupId != null && d.groupName != null ? { id: d.groupId, name: d.groupName } : null,
    template: d.templateId != null && d.templateName != null ? { id: d.templateId, name: d.templateName } : null,
    advisors: advisorRows,
    documentCount: count,
    storageUsedBytes: Number(d.storageUsedBytes),
    createdAt: iso(d.createdAt)!,
    activatedAt: iso(d.activatedAt),
    lastLoginAt: iso(d.lastLoginAt),
    mfaEnabled: d.mfaEnabled,
    archivedAt: iso(d.archivedAt),
    archiveReason: d.archiveReason,
    archivedBy: d.archivedBy ?? null,
    history: history.map((h) => ({ ...h, id: Number(h.id), occurredAt: iso(h.occurredAt)!, logJson: h.logJson ?? {} })),
  };
}

export type { VaultSearchBody };
