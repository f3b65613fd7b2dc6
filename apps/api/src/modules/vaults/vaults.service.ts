import {
  BULK_MAX,
  type BulkBody,
  type BulkResult,
  DEFAULT_VAULT_COLUMNS,
  DEFAULT_VAULT_TAG,
  EXPORT_MAX_ROWS,
  type ListResponse,
  type PortalUser,
  type ServerMessage,
  STATUS,
  STATUS_NAMES,
  VAULT_COLUMN_LABELS,
  VAULT_COLUMNS,
  type VaultColumn,
  type VaultCreateBody,
  type VaultCreated,
  type VaultDetails,
  type VaultHolderItem,
  type VaultSearchBody,
  type VaultSearchField,
} from '@vault/contract';
import type { Db } from '../../db/client.js';
import {
  type AccountRef,
  done,
  resendActivation,
  resetMfa,
  revokeSessions,
  sendPasswordReset,
  setAccountStatus,
} from '../../lib/accounts.js';
import { toCsv } from '../../lib/csv.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { sendPasswordLink } from '../../lib/password-links.js';
import { writeAudit } from '../../plugins/audit.js';
import type { Actor, AuthUser, SponsorRef } from '../../plugins/types.js';
import * as repo from './vaults.repo.js';

export const TARGET = 'vault_holder';

export interface Ctx {
  db: Db;
  actor: Actor;
  user: AuthUser;
  sponsor: SponsorRef;
  publicUrl: string;
}

const iso = (d: Date | string | null | undefined) => (d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const statusName = (id: number) => STATUS_NAMES[id] ?? `Status ${id}`;
const holderNotFound = () => notFound('The vault holder');
const vaultNotFound = () => notFound('The vault');
const actionCtx = (ctx: Ctx) => ({ actor: ctx.actor, sponsorId: ctx.sponsor.id, targetType: TARGET, publicUrl: ctx.publicUrl });

export function toItem(r: repo.HolderRow): VaultHolderItem {
  return {
    id: r.id,
    vaultId: r.vaultId,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    packageId: r.packageId,
    package: r.packageName ?? null,
    license: r.license,
    statusId: r.statusId,
    status: statusName(r.statusId),
    sponsor: { id: r.sponsorId, sponsorCode: r.sponsorCode },
    documentCount: Number(r.documentCount),
    testAccount: r.testAccount,
    lastLoginAt: iso(r.lastLoginAt),
    createdAt: iso(r.createdAt)!,
  };
}

/**
 * Counting a large portal (hundreds of thousands of holders) costs more than the page itself, so
 * large totals are kept for a few seconds; every change made here drops its portal's entries at
 * once. Small totals (under COUNT_CACHE_MIN, 1,000) are always counted exactly.
 */
const COUNT_CACHE_MIN = 1000;
const COUNT_CACHE_MS = 15_000;
const countCache = new Map<string, { n: number; at: number }>();

async function cachedCount(key: string, count: () => Promise<number>): Promise<number> {
  const hit = countCache.get(key);
  if (hit && Date.now() - hit.at < COUNT_CACHE_MS) return hit.n;
  const n = await count();
  if (n >= COUNT_CACHE_MIN) {
    if (countCache.size > 2000) countCache.clear();
    countCache.set(key, { n, at: Date.now() });
  } else countCache.delete(key);
  return n;
}

/**
 * Deep pages without scanning from the start: the holder id found at every ANCHOR_STRIDE-th
 * position of a portal's list is remembered (same lifetime and invalidation as the totals), so a
 * page at offset 150,000 reads at most ANCHOR_STRIDE + 20 index entries instead of 150,020.
 */
let ANCHOR_STRIDE = 5000;
/** Tests use a small stride to exercise the anchors with a handful of holders. */
export const setAnchorStrideForTests = (n: number) => {
  ANCHOR_STRIDE = n;
  anchorCache.clear();
};
const anchorCache = new Map<number, { at: number; ids: Map<number, number> }>();

function anchorsOf(sponsorId: number) {
  let entry = anchorCache.get(sponsorId);
  if (!entry || Date.now() - entry.at > COUNT_CACHE_MS) {
    if (anchorCache.size > 500) anchorCache.clear();
    entry = { at: Date.now(), ids: new Map() };
    anchorCache.set(sponsorId, entry);
  }
  return entry.ids;
}

async function unfilteredPage(db: Db, sponsorId: number, offset: number, limit: number): Promise<number[]> {
  const k = Math.floor(offset / ANCHOR_STRIDE);
  if (k === 0) return repo.pageIds(db, sponsorId, { kind: 'all' }, offset, limit);
  const anchors = anchorsOf(sponsorId);
  let anchor = anchors.get(k);
  if (anchor === undefined) {
    let j = k - 1;
    while (j > 0 && !anchors.has(j)) j--;
    const from = j === 0 ? null : anchors.get(j)!;
    const found = await repo.holderIdAt(db, sponsorId, from, (k - j) * ANCHOR_STRIDE);
    if (found === null) return [];
    anchors.set(k, found);
    anchor = found;
  }
  return repo.pageIdsFrom(db, sponsorId, anchor, offset - k * ANCHOR_STRIDE, limit);
}

/** Forgets the cached totals and page anchors of a portal (and of the all-portals view) after a change. */
export function invalidateCounts(sponsorId: number) {
  for (const k of countCache.keys()) if (k.startsWith(`${sponsorId}|`) || k.startsWith('all|')) countCache.delete(k);
  anchorCache.delete(sponsorId);
}

/** Runs a change and then forgets the portal's cached totals (after the commit, whatever the outcome). */
export async function changing<T>(sponsorId: number, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } finally {
    invalidateCounts(sponsorId);
  }
}

/**
 * One page of holders: the ids of the page come from an index-only scan (users_sponsor_role_idx,
 * or vaults_package_idx for package/license searches), then only those 20 rows are joined.
 * Count fast path: a first page that is not full is its own total.
 */
export async function list(
  db: Db,
  sponsorId: number | null,
  q: { offset: number; limit: number },
  search?: { fieldName?: VaultSearchField; fieldValue?: string },
): Promise<ListResponse<VaultHolderItem>> {
  const filter = repo.holderFilter(search?.fieldName, search?.fieldValue);
  const ids =
    filter.kind === 'all' && sponsorId !== null
      ? await unfilteredPage(db, sponsorId, q.offset, q.limit)
      : await repo.pageIds(db, sponsorId, filter, q.offset, q.limit);
  const key = `${sponsorId ?? 'all'}|${search?.fieldValue?.trim() ? `${search.fieldName}|${search.fieldValue.trim().toLowerCase()}` : ''}`;
  const [rows, total] = await Promise.all([
    repo.holdersByIds(db, ids),
    q.offset === 0 && ids.length < q.limit ? Promise.resolve(ids.length) : cachedCount(key, () => repo.countHolders(db, sponsorId, filter)),
  ]);
  return {
    data: rows.map(toItem),
    total,
    activePage: Math.floor(q.offset / q.limit) + 1,
    perPage: q.limit,
    isEditable: true,
  };
}

export async function create(ctx: Ctx, body: VaultCreateBody): Promise<VaultCreated> {
  const sponsorId = ctx.sponsor.id;
  const advisorIds = [...new Set(body.sponsoredAdvisorUserId ?? [])];
  const email = body.email.trim();
  return changing(
    sponsorId,
    ctx.db.transaction(async (tx) => {
      const problems: { field: string; message: string }[] = [];
      if (!(await repo.packageAssigned(tx, sponsorId, body.packageId)))
        problems.push({ field: 'packageId', message: 'Choose a package of this portal.' });
      if (body.group != null && !(await repo.groupOfSponsor(tx, sponsorId, body.group)))
        problems.push({ field: 'group', message: 'Choose a group of this portal.' });
      if (body.templateId != null && !(await repo.templateOfSponsor(tx, sponsorId, body.templateId))) {
        problems.push({ field: 'templateId', message: 'Choose a template of this portal.' });
      }
      if (advisorIds.length) {
        const known = new Set(await repo.sponsoredAdvisorUserIds(tx, sponsorId, advisorIds));
        const unknown = advisorIds.filter((id) => !known.has(id));
        if (unknown.length)
          problems.push({ field: 'sponsoredAdvisorUserId', message: `Not a trusted advisor of this portal: ${unknown.join(', ')}.` });
      }
      if (problems.length) throw badRequest(problems.map((p) => p.message).join(' '), problems);
      if (await repo.emailTaken(tx, sponsorId, email)) {
        throw conflict(`A vault holder with the e-mail ${email} already exists in this portal.`, [
          { field: 'email', message: 'This e-mail address is already used in this portal.' },
        ]);
      }
      const created = await repo.insertHolder(tx, {
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
  );
}

// ---------------------------------------------------------------- users/{id}

export async function getUser(ctx: Pick<Ctx, 'db' | 'sponsor'>, id: number): Promise<PortalUser> {
  const u = await repo.findPortalUser(ctx.db, ctx.sponsor.id, id);
  if (!u) throw notFound('The user');
  return { ...u, role: u.role as PortalUser['role'], status: statusName(u.statusId), sponsorId: ctx.sponsor.id };
}

export async function updateUser(
  ctx: Ctx,
  id: number,
  flag: boolean | undefined,
  body: { id?: number; testAccount?: boolean } | undefined,
): Promise<PortalUser> {
  if (body?.id !== undefined && body.id !== id)
    throw badRequest('The id in the body does not match the path.', [{ field: 'id', message: 'Must be the id of the path' }]);
  const testAccount = flag ?? body?.testAccount;
  if (testAccount === undefined)
    throw badRequest('Say whether this is a test account (testaccount=true or false).', [{ field: 'testaccount', message: 'Required' }]);
  return ctx.db.transaction(async (tx) => {
    const u = await repo.findPortalUser(tx, ctx.sponsor.id, id);
    if (!u) throw notFound('The user');
    if (u.testAccount !== testAccount) {
      await repo.setTestAccount(tx, id, testAccount);
      const targetType = u.role === 'vault_holder' ? TARGET : 'advisor';
      await writeAudit(tx, ctx.actor, {
        action: `${targetType}.test_account`,
        sponsorId: ctx.sponsor.id,
        targetType,
        targetId: id,
        logJson: { email: u.email, testAccount: { from: u.testAccount, to: testAccount } },
      });
    }
    return { ...u, testAccount, role: u.role as PortalUser['role'], status: statusName(u.statusId), sponsorId: ctx.sponsor.id };
  });
}

// ---------------------------------------------------------------- account actions

async function holderOr404(tx: Db, ctx: Ctx, userId: number) {
  const h = await repo.findHolder(tx, ctx.sponsor.id, userId, true);
  if (!h) throw holderNotFound();
  return h;
}

export function setStatus(ctx: Ctx, body: { id: number; statusId: 1 | 2 }): Promise<ServerMessage> {
  return changing(
    ctx.sponsor.id,
    ctx.db.transaction(async (tx) => setAccountStatus(tx, actionCtx(ctx), await holderOr404(tx, ctx, body.id), body.statusId)),
  );
}

export function resetPassword(ctx: Ctx, id: number): Promise<ServerMessage> {
  return ctx.db.transaction(async (tx) => sendPasswordReset(tx, actionCtx(ctx), await holderOr404(tx, ctx, id)));
}

export function resendActivationEmail(ctx: Ctx, id: number): Promise<ServerMessage> {
  return ctx.db.transaction(async (tx) => resendActivation(tx, actionCtx(ctx), await holderOr404(tx, ctx, id)));
}

async function byVaultOr404(tx: Db, ctx: Ctx, vaultId: number) {
  const h = await repo.findHolderByVault(tx, ctx.sponsor.id, vaultId, true);
  if (!h) throw vaultNotFound();
  return h;
}

export function resetMfaOfVault(ctx: Ctx, vaultId: number): Promise<ServerMessage> {
  return ctx.db.transaction(async (tx) => {
    const h = await byVaultOr404(tx, ctx, vaultId);
    return resetMfa(tx, actionCtx(ctx), [h]);
  });
}

export async function documentCount(ctx: Pick<Ctx, 'db' | 'sponsor'>, vaultId: number): Promise<{ count: number }> {
  const h = await repo.findHolderByVault(ctx.db, ctx.sponsor.id, vaultId);
  if (!h) throw vaultNotFound();
  return { count: await repo.documentCount(ctx.db, vaultId) };
}

/** Archive (specification section 4): status 4 Archived, reason, who and when; the data is kept. */
export function archive(ctx: Ctx, vaultId: number, reason: string): Promise<ServerMessage> {
  return changing(
    ctx.sponsor.id,
    ctx.db.transaction(async (tx) => {
      const h = await byVaultOr404(tx, ctx, vaultId);
      if (h.archivedAt || h.statusId === STATUS.archived) throw conflict(`The vault of ${h.firstName} ${h.lastName} is already archived.`);
      const documents = await repo.documentCount(tx, vaultId);
      await repo.archiveVault(tx, vaultId, h.id, ctx.actor.userId, reason);
      await revokeSessions(tx, [h.id]);
      await writeAudit(tx, ctx.actor, {
        action: `${TARGET}.archive`,
        sponsorId: ctx.sponsor.id,
        targetType: TARGET,
        targetId: h.id,
        logJson: { email: h.email, vaultId, documents, reason, statusId: { from: h.statusId, to: STATUS.archived } },
      });
      return done(
        `The vault of ${h.firstName} ${h.lastName} is archived. Its ${documents} document${documents === 1 ? '' : 's'} are kept.`,
        { vaultId, documents },
      );
    }),
  );
}

/**
 * Delete a vault holder (and the vault). A vault that still holds documents must be archived first
 * (409 otherwise), so documents are never removed by a single click.
 */
export function remove(ctx: Ctx, vaultId: number): Promise<ServerMessage> {
  return changing(
    ctx.sponsor.id,
    ctx.db.transaction(async (tx) => {
      const h = await byVaultOr404(tx, ctx, vaultId);
      const documents = await repo.documentCount(tx, vaultId);
      if (documents > 0 && !h.archivedAt) {
        throw conflict(
          `The vault of ${h.firstName} ${h.lastName} holds ${documents} document${documents === 1 ? '' : 's'}. Archive it first; an archived vault can then be deleted.`,
        );
      }
      await repo.deleteHolder(tx, h.id);
      await writeAudit(tx, ctx.actor, {
        action: `${TARGET}.delete`,
        sponsorId: ctx.sponsor.id,
        targetType: TARGET,
        targetId: h.id,
        logJson: { email: h.email, vaultId, documents, wasArchived: Boolean(h.archivedAt) },
      });
      return done(`${h.firstName} ${h.lastName} and the vault were deleted.`, { vaultId });
    }),
  );
}

export async function details(ctx: Pick<Ctx, 'db' | 'sponsor'>, vaultId: number): Promise<VaultDetails> {
  const d = await repo.vaultDetails(ctx.db, ctx.sponsor.id, vaultId);
  if (!d) throw vaultNotFound();
  const [advisorRows, count, history] = await Promise.all([
    repo.vaultAdvisorList(ctx.db, vaultId),
    repo.documentCount(ctx.db, vaultId),
    repo.holderHistory(ctx.db, d.id),
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

// ---------------------------------------------------------------- beyond the specification

const BULK_LABEL = { activate: 'activated', deactivate: 'deactivated', resendActivation: 'sent an activation e-mail' } as const;

/**
 * Activate, deactivate or resend activation to chosen holders, or to every holder matching a search.
 * One transaction; each holder gets its own outcome (a refused row does not stop the others).
 */
export async function bulk(ctx: Ctx, body: BulkBody): Promise<BulkResult> {
  let ids: number[];
  if (body.ids?.length) {
    ids = [...new Set(body.ids)];
  } else {
    const filter = repo.holderFilter(body.search!.fieldName, body.search!.fieldValue);
    ids = await repo.allIds(ctx.db, ctx.sponsor.id, filter, BULK_MAX + 1);
    if (ids.length > BULK_MAX) throw badRequest(`More than ${BULK_MAX} vault holders match. Narrow the search and try again.`);
  }
  return changing(
    ctx.sponsor.id,
    ctx.db.transaction(async (tx) => {
      const rows = await repo.holdersForBulk(tx, ctx.sponsor.id, ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const results: BulkResult['results'] = [];
      const ac = actionCtx(ctx);
      for (const id of ids) {
        const h = byId.get(id);
        if (!h) {
          results.push({ id, email: null, outcome: 'error', message: 'The vault holder was not found.' });
          continue;
        }
        const account: AccountRef = h;
        try {
          if (body.action === 'resendActivation') {
            if (h.statusId !== STATUS.pending) {
              results.push({
                id,
                email: h.email,
                outcome: 'skipped',
                message: `${h.firstName} ${h.lastName} has already activated the account.`,
              });
              continue;
            }
            const m = await resendActivation(tx, ac, account);
            results.push({ id, email: h.email, outcome: 'success', message: m.message });
          } else {
            const target = body.action === 'activate' ? STATUS.active : STATUS.inactive;
            if (h.statusId === target) {
              results.push({
                id,
                email: h.email,
                outcome: 'skipped',
                message: `${h.firstName} ${h.lastName} is already ${target === STATUS.active ? 'active' : 'inactive'}.`,
              });
              continue;
            }
            const m = await setAccountStatus(tx, ac, account, target);
            results.push({ id, email: h.email, outcome: 'success', message: m.message });
          }
        } catch (err) {
          // Account helpers refuse before writing anything, so the transaction stays usable.
          if (!(err instanceof AppError)) throw err;
          results.push({ id, email: h.email, outcome: 'error', message: err.message });
        }
      }
      const count = (o: string) => results.filter((r) => r.outcome === o).length;
      await writeAudit(tx, ctx.actor, {
        action: `${TARGET}.bulk_${body.action}`,
        sponsorId: ctx.sponsor.id,
        targetType: 'sponsor',
        targetId: ctx.sponsor.id,
        logJson: {
          requested: ids.length,
          succeeded: count('success'),
          skipped: count('skipped'),
          failed: count('error'),
          bySearch: !body.ids?.length,
          search: body.search ?? null,
          label: BULK_LABEL[body.action],
        },
      });
      return {
        action: body.action,
        total: results.length,
        succeeded: count('success'),
        skipped: count('skipped'),
        failed: count('error'),
        results,
      };
    }),
  );
}

export function parseColumns(raw: string | undefined): VaultColumn[] {
  if (!raw?.trim()) return DEFAULT_VAULT_COLUMNS;
  const cols = raw
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const bad = cols.filter((c) => !(VAULT_COLUMNS as readonly string[]).includes(c));
  if (bad.length)
    throw badRequest(`Unknown column${bad.length > 1 ? 's' : ''}: ${bad.join(', ')}. Use ${VAULT_COLUMNS.join(', ')}.`, [
      { field: 'columns', message: 'Unknown column' },
    ]);
  return [...new Set(cols)] as VaultColumn[];
}

/** CSV of the current view (search and chosen columns); every cell is neutralised against formulas. */
export async function exportCsv(
  ctx: Pick<Ctx, 'db' | 'sponsor' | 'actor'>,
  q: { fieldName?: VaultSearchField; fieldValue?: string; columns?: string },
) {
  const columns = parseColumns(q.columns);
  const filter = repo.holderFilter(q.fieldName, q.fieldValue);
  const ids = await repo.allIds(ctx.db, ctx.sponsor.id, filter, EXPORT_MAX_ROWS + 1);
  if (ids.length > EXPORT_MAX_ROWS)
    throw badRequest(`More than ${EXPORT_MAX_ROWS.toLocaleString('en-US')} vault holders match. Narrow the search to export.`);
  const items: VaultHolderItem[] = [];
  for (let i = 0; i < ids.length; i += 5000) {
    items.push(...(await repo.holdersByIds(ctx.db, ids.slice(i, i + 5000))).map(toItem));
  }
  const csv = toCsv(
    items as unknown as Record<string, unknown>[],
    columns.map((c) => ({ key: c, header: VAULT_COLUMN_LABELS[c] })),
  );
  // Reading personal data out in bulk is recorded too.
  await writeAudit(ctx.db, ctx.actor, {
    action: `${TARGET}.export`,
    sponsorId: ctx.sponsor.id,
    targetType: 'sponsor',
    targetId: ctx.sponsor.id,
    logJson: { rows: items.length, columns, search: q.fieldName ? { fieldName: q.fieldName, fieldValue: q.fieldValue ?? '' } : null },
  });
  return { csv, rows: items.length, fileName: `vault-holders-${ctx.sponsor.sponsorCode}-${new Date().toISOString().slice(0, 10)}.csv` };
}

export type { VaultSearchBody };
