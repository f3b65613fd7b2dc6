import {
  type ActivePackage,
  type BasePackage,
  type BasePackageSortField,
  type basePackageBody,
  centsToDecimal,
  formatMoney,
  type PackageOption,
  type ServerMessage,
  type SortQuery,
  type SponsorPackageItem,
} from '@vault/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { page } from '../../lib/paging.js';
import { writeAudit } from '../../plugins/audit.js';
import type { OptionalSponsorContext, RequestContext, SponsorRef } from '../../plugins/types.js';
import * as repo from './packages.repo.js';

type BaseInput = z.output<typeof basePackageBody>;
type Page = { offset: number; limit: number };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// ---------- base packages ----------

type BaseRow = NonNullable<Awaited<ReturnType<typeof repo.getBase>>>;
const toBase = (r: BaseRow): BasePackage => ({
  id: r.id,
  name: r.name,
  description: r.description,
  storageQuotaBytes: r.storageQuotaBytes,
  listPrice: centsToDecimal(r.listPriceCents),
  listPriceCents: r.listPriceCents,
  currency: r.currency,
  billingPeriod: r.billingPeriod,
  features: r.features,
  retired: r.retiredAt !== null,
  retiredAt: r.retiredAt?.toISOString() ?? null,
  portalCount: r.portalCount,
});

/** Everyone signed in reads the catalogue; only staff change it. */
export async function listBase(
  { db, user }: OptionalSponsorContext,
  q: Page & { search?: string; includeRetired?: boolean } & SortQuery<BasePackageSortField>,
) {
  const { offset, limit, sortBy, sortDir } = q;
  const { data, total } = await repo.listBase(db, {
    offset,
    limit,
    search: q.search || undefined,
    includeRetired: q.includeRetired ?? false,
    sort: { sortBy, sortDir },
  });
  return page(data.map(toBase), total, q, { isEditable: user.role === 'staff' });
}

async function readBase(db: Db, id: number): Promise<BasePackage> {
  const row = await repo.getBase(db, id);
  if (!row) throw notFound('The base package');
  return toBase(row);
}

export const getBase = ({ db }: OptionalSponsorContext, id: number) => readBase(db, id);

const baseValues = (i: BaseInput) => ({
  name: i.name,
  description: i.description,
  storageQuotaBytes: i.storageQuotaBytes,
  listPriceCents: i.listPrice,
  currency: i.currency,
  billingPeriod: i.billingPeriod,
  features: i.features,
});

const nameTaken = (name: string) =>
  conflict(`A base package named ${name} already exists.`, [{ field: 'name', message: 'This name is already used' }]);

export async function createBase({ db, actor }: OptionalSponsorContext, input: BaseInput): Promise<BasePackage> {
  const id = await db.transaction(async (tx) => {
    if (await repo.baseByName(tx, input.name)) throw nameTaken(input.name);
    const values = baseValues(input);
    const newId = await repo.insertBase(tx, values);
    await writeAudit(tx, actor, { action: 'base_package.create', targetType: 'base_package', targetId: newId, logJson: values });
    return newId;
  });
  return readBase(db, id);
}

export async function updateBase({ db, actor }: OptionalSponsorContext, id: number, input: BaseInput): Promise<BasePackage> {
  await db.transaction(async (tx) => {
    if (!(await repo.lockBase(tx, id))) throw notFound('The base package');
    const before = (await repo.getBase(tx, id))!;
    const other = await repo.baseByName(tx, input.name);
    if (other && other.id !== id) throw nameTaken(input.name);
    const values = baseValues(input);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [k, v] of Object.entries(values)) {
      const old = before[k as keyof typeof values];
      if (JSON.stringify(old) !== JSON.stringify(v)) changes[k] = { from: old, to: v };
    }
    await repo.updateBase(tx, id, values);
    await writeAudit(tx, actor, {
      action: 'base_package.update',
      targetType: 'base_package',
      targetId: id,
      logJson: { name: before.name, changes },
    });
  });
  return readBase(db, id);
}

/** Retired packages stay with the portals that have them but can no longer be assigned. */
export async function setRetired({ db, actor }: OptionalSponsorContext, id: number, retired: boolean): Promise<BasePackage> {
  await db.transaction(async (tx) => {
    if (!(await repo.lockBase(tx, id))) throw notFound('The base package');
    const before = (await repo.getBase(tx, id))!;
    if ((before.retiredAt !== null) === retired) return;
    await repo.updateBase(tx, id, { retiredAt: retired ? new Date() : null });
    await writeAudit(tx, actor, {
      action: retired ? 'base_package.retire' : 'base_package.restore',
      targetType: 'base_package',
      targetId: id,
      logJson: { name: before.name },
    });
  });
  return readBase(db, id);
}

export async function deleteBase({ db, actor }: OptionalSponsorContext, id: number): Promise<ServerMessage> {
  return db.transaction(async (tx) => {
    if (!(await repo.lockBase(tx, id))) throw notFound('The base package');
    const before = (await repo.getBase(tx, id))!;
    const usage = await repo.baseUsage(tx, id);
    if (usage.portals > 0 || usage.invitations > 0) {
      const parts = [
        usage.portals > 0 ? `assigned to ${plural(usage.portals, 'portal')}` : null,
        usage.invitations > 0 ? `named by ${plural(usage.invitations, 'invitation')}` : null,
      ].filter(Boolean);
      throw conflict(
        `${before.name} cannot be deleted: it is ${parts.join(' and ')}. Retire it instead, so that it can no longer be assigned.`,
      );
    }
    await repo.deleteBase(tx, id);
    await writeAudit(tx, actor, {
      action: 'base_package.delete',
      targetType: 'base_package',
      targetId: id,
      logJson: { name: before.name },
    });
    return { message: `${before.name} was deleted.`, errorMsg: null, statusType: 'success' };
  });
}

// ---------- active packages ----------

type ActiveRow = NonNullable<Awaited<ReturnType<typeof repo.getActive>>>;
const toActive = (r: ActiveRow): ActivePackage => ({
  id: r.id,
  packageSponsorId: r.packageSponsorId,
  sponsorId: r.sponsorId,
  SponsorCode: r.SponsorCode,
  name: r.name,
  description: r.description,
  storageQuotaBytes: r.storageQuotaBytes,
  billingPeriod: r.billingPeriod,
  features: r.features,
  currency: r.currency,
  listPrice: centsToDecimal(r.listPriceCents),
  priceSale: centsToDecimal(r.priceSaleCents),
  priceSaleCents: r.priceSaleCents,
  retired: r.retiredAt !== null,
  vaultCount: r.vaultCount,
});

/** For calls that name the sponsor by a plain `id` or not at all: the same check the tenant plugin makes. */
async function sponsorFor({ db, user }: OptionalSponsorContext, sponsorId: number): Promise<SponsorRef> {
  const sponsor = await repo.sponsorById(db, sponsorId);
  if (!sponsor) throw notFound('The portal');
  if (user.role !== 'staff' && user.sponsorId !== sponsor.id) throw forbidden('You may not work in this portal.');
  return sponsor;
}

export async function listActive({ db, sponsor }: RequestContext, q: Page) {
  const { data, total } = await repo.listActive(db, sponsor.id, q);
  return page(data.map(toActive), total, q, { isEditable: true });
}

export async function options({ db, sponsor }: RequestContext): Promise<{ data: PackageOption[]; total: number }> {
  const rows = await repo.packageOptions(db, sponsor.id);
  const data = rows.map(({ priceSaleCents, ...r }) => ({ ...r, priceSale: centsToDecimal(priceSaleCents) }));
  return { data, total: data.length };
}

/** The catalogue with the assignments of the sponsor named by a plain `id`. */
export async function sponsorCatalogue(ctx: OptionalSponsorContext, q: Page & { id: number; unassigned?: boolean }) {
  const sponsor = await sponsorFor(ctx, q.id);
  const { data, total } = await repo.sponsorCatalogue(ctx.db, sponsor.id, { ...q, unassigned: q.unassigned ?? false });
  const items: SponsorPackageItem[] = data.map(({ listPriceCents, priceSaleCents, ...r }) => ({
    ...r,
    listPrice: centsToDecimal(listPriceCents),
    assigned: r.packageSponsorId !== null,
    priceSale: priceSaleCents === null ? null : centsToDecimal(priceSaleCents),
  }));
  return page(items, total, q);
}

async function getActive(db: Db, packageSponsorId: number) {
  const row = await repo.getActive(db, packageSponsorId);
  if (!row) throw notFound('The active package');
  return toActive(row);
}

export async function assign({ db, actor, sponsor }: RequestContext, input: { id: number; priceSale?: number }): Promise<ActivePackage> {
  const packageSponsorId = await db.transaction(async (tx) => {
    if (!(await repo.lockBase(tx, input.id))) throw notFound('The base package');
    const base = (await repo.getBase(tx, input.id))!;
    if (base.retiredAt) throw conflict(`${base.name} is retired and can no longer be assigned.`);
    const priceSaleCents = input.priceSale ?? base.listPriceCents;
    const id = await repo.insertAssignment(tx, { sponsorId: sponsor.id, packageId: base.id, priceSaleCents });
    if (id === null) throw conflict(`${base.name} is already assigned to ${sponsor.sponsorCode}.`);
    await writeAudit(tx, actor, {
      action: 'package_sponsor.assign',
      sponsorId: sponsor.id,
      targetType: 'package_sponsor',
      targetId: id,
      logJson: { packageId: base.id, name: base.name, priceSaleCents, currency: base.currency },
    });
    return id;
  });
  return getActive(db, packageSponsorId);
}

export async function reprice(
  { db, actor, sponsor }: RequestContext,
  input: { id: number; packageSponsorId: number; priceSale: number },
): Promise<ActivePackage> {
  await db.transaction(async (tx) => {
    const row = await repo.lockAssignment(tx, input.packageSponsorId);
    // Another sponsor's assignment, or one that does not match the package named: not found, nothing changes.
    if (!row || row.sponsorId !== sponsor.id || row.packageId !== input.id) throw notFound('The active package');
    if (row.priceSaleCents === input.priceSale) return;
    await repo.setSalePrice(tx, row.id, input.priceSale);
    const base = (await repo.getBase(tx, row.packageId))!;
    await writeAudit(tx, actor, {
      action: 'package_sponsor.reprice',
      sponsorId: sponsor.id,
      targetType: 'package_sponsor',
      targetId: row.id,
      logJson: {
        packageId: row.packageId,
        name: base.name,
        currency: base.currency,
        priceSaleCents: { from: row.priceSaleCents, to: input.priceSale },
      },
    });
  });
  return getActive(db, input.packageSponsorId);
}

/** `named`: the sponsor the call names, if any; the assignment must be theirs. */
export async function unassign(
  { db, user, actor, sponsor: named }: OptionalSponsorContext,
  packageSponsorId: number,
): Promise<ServerMessage> {
  return db.transaction(async (tx) => {
    const row = await repo.lockAssignment(tx, packageSponsorId);
    const allowed = row && (user.role === 'staff' || user.sponsorId === row.sponsorId) && (!named || named.id === row.sponsorId);
    if (!row || !allowed) throw notFound('The active package');
    const active = (await repo.getActive(tx, row.id))!;
    // Counted before trying: the database would refuse it too (vaults_package_fk), less helpfully.
    const used = await repo.countVaults(tx, row.sponsorId, row.packageId);
    if (used > 0) {
      throw conflict(
        `${active.name} cannot be unassigned from ${active.SponsorCode}: ${plural(used, 'vault uses', 'vaults use')} it. Move ${used === 1 ? 'that vault' : 'those vaults'} to another package first.`,
      );
    }
    await repo.deleteAssignment(tx, row.id);
    await writeAudit(tx, actor, {
      action: 'package_sponsor.unassign',
      sponsorId: row.sponsorId,
      targetType: 'package_sponsor',
      targetId: row.id,
      logJson: { packageId: row.packageId, name: active.name, priceSaleCents: row.priceSaleCents, currency: active.currency },
    });
    return {
      message: `${active.name} (${formatMoney(centsToDecimal(row.priceSaleCents), active.currency)}) is no longer assigned to ${active.SponsorCode}.`,
      errorMsg: null,
      statusType: 'success',
    };
  });
}

export async function holders({ db, sponsor }: RequestContext, packageId: number, q: Page) {
  if (!(await repo.assignmentFor(db, sponsor.id, packageId))) throw notFound('The active package');
  const { data, total } = await repo.packageHolders(db, sponsor.id, packageId, q);
  return page(data, total, q);
}
