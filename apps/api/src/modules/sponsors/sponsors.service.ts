import type {
  ServerMessage,
  SortQuery,
  SponsorCategoriesResponse,
  SponsorDetail,
  SponsorMfaResetPreview,
  SponsorSortField,
  sponsorCreateBody,
  sponsorUpdateBody,
} from '@vault/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { resetMfa } from '../../lib/accounts.js';
import { iso } from '../../lib/dates.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { page } from '../../lib/paging.js';
import { writeAudit } from '../../plugins/audit.js';
import type { OptionalSponsorContext, RequestContext } from '../../plugins/types.js';
import { applyPolicyChange } from '../mfa/sign-in.js';
import * as repo from './sponsors.repo.js';

type CreateInput = z.output<typeof sponsorCreateBody>;
type UpdateInput = z.output<typeof sponsorUpdateBody>;

/** A sponsor administrator sees their own portal only; only staff change sponsors. */
export async function listSponsors(
  { db, user }: OptionalSponsorContext,
  q: { offset: number; limit: number; search?: string } & SortQuery<SponsorSortField>,
) {
  const onlyId = user.role === 'staff' ? null : (user.sponsorId ?? -1);
  const sort = { sortBy: q.sortBy, sortDir: q.sortDir };
  const { data, total } = await repo.listSponsorRows(db, { onlyId, offset: q.offset, limit: q.limit, search: q.search || undefined, sort });
  return page(data, total, q, { isEditable: user.role === 'staff' });
}

export const getSponsor = ({ db }: OptionalSponsorContext, sponsorId: number) => readSponsor(db, sponsorId);

async function readSponsor(db: Db, sponsorId: number): Promise<SponsorDetail> {
  const row = await repo.getSponsor(db, sponsorId);
  if (!row) throw notFound('The portal');
  const categories = await repo.listCategories(db, sponsorId);
  return { ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt), categories: categories.map((c) => c.name) };
}

export async function createSponsor({ db, actor }: OptionalSponsorContext, input: CreateInput): Promise<SponsorDetail> {
  const id = await db.transaction(async (tx) => {
    if (await repo.findSponsorByCode(tx, input.code))
      throw conflict(`The sponsor code ${input.code} is already used.`, [
        { field: 'sponsorCode', message: 'This sponsor code is already used' },
      ]);
    const created = await repo.insertSponsor(tx, {
      sponsorCode: input.code,
      name: input.name,
      contactName: input.contactName,
      contactEmail: input.contactEmail,
      contactPhone: input.contactPhone,
      statusId: input.statusId,
      hasCategory: input.hasCategory,
      requireAdminMfa: input.requireAdminMfa,
    });
    if (input.categories.length > 0) await repo.replaceCategories(tx, created.id, input.categories);
    await writeAudit(tx, actor, {
      action: 'sponsor.create',
      sponsorId: created.id,
      targetType: 'sponsor',
      targetId: created.id,
      logJson: {
        sponsorCode: input.code,
        name: input.name,
        contactName: input.contactName,
        contactEmail: input.contactEmail,
        statusId: input.statusId,
        hasCategory: input.hasCategory,
        categories: input.categories,
        requireAdminMfa: input.requireAdminMfa,
      },
    });
    return created.id;
  });
  return readSponsor(db, id);
}

export async function updateSponsor({ db, user, actor, sponsor }: RequestContext, input: UpdateInput): Promise<SponsorDetail> {
  await db.transaction(async (tx) => {
    const before = await readSponsor(tx, sponsor.id);
    if (user.role !== 'staff' && input.statusId !== undefined && input.statusId !== before.statusId) {
      throw forbidden("Only the service staff may change a portal's status.");
    }
    if (user.role !== 'staff' && input.requireAdminMfa !== undefined && input.requireAdminMfa !== before.requireAdminMfa) {
      throw forbidden('Only the service staff may change whether administrators must use a second factor.');
    }
    // The portal's name is what the operator bills and reports under: staff rename it.
    if (user.role !== 'staff' && input.name !== undefined && input.name !== before.name) {
      throw forbidden('Only the service staff may rename a portal.');
    }
    const next = {
      name: input.name,
      contactName: input.contactName,
      contactEmail: input.contactEmail,
      contactPhone: input.contactPhone,
      statusId: input.statusId ?? before.statusId,
      hasCategory: input.hasCategory ?? before.hasCategory,
      requireAdminMfa: input.requireAdminMfa ?? before.requireAdminMfa,
    };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [k, v] of Object.entries(next)) {
      const old = before[k as keyof typeof next];
      if (old !== v) changes[k] = { from: old, to: v };
    }
    if (input.categories !== undefined) {
      const sameCategories =
        before.categories.length === input.categories.length && before.categories.every((c) => input.categories!.includes(c));
      if (!sameCategories) {
        await repo.replaceCategories(tx, sponsor.id, input.categories);
        changes.categories = { from: before.categories, to: input.categories };
      }
    }
    await repo.updateSponsor(tx, sponsor.id, next);
    if (changes.requireAdminMfa) await applyPolicyChange(tx, sponsor.id, next.requireAdminMfa);
    await writeAudit(tx, actor, {
      action: 'sponsor.update',
      sponsorId: sponsor.id,
      targetType: 'sponsor',
      targetId: sponsor.id,
      logJson: { sponsorCode: before.sponsorCode, changes },
    });
  });
  return readSponsor(db, sponsor.id);
}

export async function listCategories({ db, sponsor }: RequestContext, group: string | undefined): Promise<SponsorCategoriesResponse> {
  // Categories belong to the sponsor; a group named in the call must be one of its groups.
  if (group && !(await repo.groupByCode(db, sponsor.id, group))) throw notFound('The sub-portal');
  const detail = await repo.getSponsor(db, sponsor.id);
  const data = await repo.listCategories(db, sponsor.id);
  return { data, total: data.length, hasCategory: detail?.hasCategory ?? false };
}

const peopleText = (n: number) => (n === 1 ? '1 administrator' : `${n} administrators`);

/** The people a sponsor MFA reset touches: every administrator of the sponsor but the one asking. */
export async function mfaResetPreview({ db, user, sponsor }: RequestContext): Promise<SponsorMfaResetPreview> {
  const admins = await repo.sponsorAdministrators(db, sponsor.id, user.id);
  const isOwn = user.role === 'sponsor_admin' && user.sponsorId === sponsor.id;
  const self = isOwn ? ' (your own MFA is not reset)' : '';
  return {
    sponsorCode: sponsor.sponsorCode,
    count: admins.length,
    message:
      admins.length === 0
        ? `${sponsor.sponsorCode} has no ${isOwn ? 'other ' : ''}administrators; there is nobody to reset.`
        : `This resets MFA for ${peopleText(admins.length)} of ${sponsor.sponsorCode}${self}. They enrol again at their next sign-in.`,
  };
}

export async function resetSponsorMfa({ db, user, actor, sponsor, publicUrl }: RequestContext): Promise<ServerMessage> {
  return db.transaction(async (tx) => {
    const admins = await repo.sponsorAdministrators(tx, sponsor.id, user.id);
    await writeAudit(tx, actor, {
      action: 'sponsor.reset_mfa',
      sponsorId: sponsor.id,
      targetType: 'sponsor',
      targetId: sponsor.id,
      logJson: { sponsorCode: sponsor.sponsorCode, count: admins.length },
    });
    if (admins.length === 0)
      return {
        message: `${sponsor.sponsorCode} has no administrators to reset; nothing was reset.`,
        errorMsg: null,
        statusType: 'info',
        output: { count: 0 },
      };
    await resetMfa(tx, { actor, sponsorId: sponsor.id, targetType: 'sponsor_admin', publicUrl }, admins);
    return {
      message: `MFA was reset for ${peopleText(admins.length)} of ${sponsor.sponsorCode}.`,
      errorMsg: null,
      statusType: 'success',
      output: { count: admins.length },
    };
  });
}
