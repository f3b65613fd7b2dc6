import { BULK_MAX, type BulkBody, type BulkResult, type PortalUser, type ServerMessage, STATUS } from '@vault/contract';
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
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../../plugins/audit.js';
import { linkedStatus } from '../people-common/advisor-links.js';
import { changing } from './vaults.counts.js';
import {
  documentCount as countVaultDocuments,
  findHolder,
  findHolderByVault,
  findPortalUser,
  holdersForBulk,
} from './vaults.holders.repo.js';
import { allIds } from './vaults.list.repo.js';
import { listFilter, pickFilters } from './vaults.list.service.js';
import { actionCtx, type Ctx, holderNotFound, statusName, TARGET, vaultNotFound } from './vaults.service.js';
import { archiveVault, deleteHolder, setLinkTestAccount, setTestAccount } from './vaults.writes.repo.js';

// ---------------------------------------------------------------- users/{id}

/** A user as this portal sees them: an advisor with the status of her link here. */
function portalUser(u: NonNullable<Awaited<ReturnType<typeof findPortalUser>>>, sponsorId: number): PortalUser {
  const { linkStatusId, ...rest } = u;
  const statusId = linkStatusId === null ? u.statusId : linkedStatus(u.statusId, linkStatusId);
  return { ...rest, statusId, role: u.role as PortalUser['role'], status: statusName(statusId), sponsorId };
}

export async function getUser(ctx: Pick<Ctx, 'db' | 'sponsor'>, id: number): Promise<PortalUser> {
  const u = await findPortalUser(ctx.db, ctx.sponsor.id, id);
  if (!u) throw notFound('The user');
  return portalUser(u, ctx.sponsor.id);
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
    const u = await findPortalUser(tx, ctx.sponsor.id, id);
    if (!u) throw notFound('The user');
    if (u.testAccount !== testAccount) {
      if (u.role === 'advisor') await setLinkTestAccount(tx, ctx.sponsor.id, id, testAccount);
      else await setTestAccount(tx, id, testAccount);
      const targetType = u.role === 'vault_holder' ? TARGET : 'advisor';
      await writeAudit(tx, ctx.actor, {
        action: `${targetType}.test_account`,
        sponsorId: ctx.sponsor.id,
        targetType,
        targetId: id,
        logJson: { email: u.email, testAccount: { from: u.testAccount, to: testAccount } },
      });
    }
    return portalUser({ ...u, testAccount }, ctx.sponsor.id);
  });
}

// ---------------------------------------------------------------- account actions

async function holderOr404(tx: Db, ctx: Ctx, userId: number) {
  const h = await findHolder(tx, ctx.sponsor.id, userId, true);
  if (!h) throw holderNotFound();
  return h;
}

export function setStatus(ctx: Ctx, body: { id: number; statusId: 1 | 2 }): Promise<ServerMessage> {
  return changing(
    ctx.sponsor.id,
    ctx.db.transaction(async (tx) => setAccountStatus(tx, actionCtx(ctx), await holderOr404(tx, ctx, body.id), body.statusId)),
    ctx.db,
  );
}

export function resetPassword(ctx: Ctx, id: number): Promise<ServerMessage> {
  return ctx.db.transaction(async (tx) => sendPasswordReset(tx, actionCtx(ctx), await holderOr404(tx, ctx, id)));
}

export function resendActivationEmail(ctx: Ctx, id: number): Promise<ServerMessage> {
  return ctx.db.transaction(async (tx) => resendActivation(tx, actionCtx(ctx), await holderOr404(tx, ctx, id)));
}

async function byVaultOr404(tx: Db, ctx: Ctx, vaultId: number) {
  const h = await findHolderByVault(tx, ctx.sponsor.id, vaultId, true);
  if (!h) throw vaultNotFound();
  return h;
}

export function resetMfaOfVault(ctx: Ctx, vaultId: number): Promise<ServerMessage> {
  return ctx.db.transaction(async (tx) => {
    const h = await byVaultOr404(tx, ctx, vaultId);
    return resetMfa(tx, { ...actionCtx(ctx), publicUrl: ctx.publicUrl }, [h]);
  });
}

export async function documentCount(ctx: Pick<Ctx, 'db' | 'sponsor'>, vaultId: number): Promise<{ count: number }> {
  const h = await findHolderByVault(ctx.db, ctx.sponsor.id, vaultId);
  if (!h) throw vaultNotFound();
  return { count: await countVaultDocuments(ctx.db, vaultId) };
}

/** Archive (specification section 4): status 4 Archived, reason, who and when; the data is kept. */
export function archive(ctx: Ctx, vaultId: number, reason: string): Promise<ServerMessage> {
  return changing(
    ctx.sponsor.id,
    ctx.db.transaction(async (tx) => {
      const h = await byVaultOr404(tx, ctx, vaultId);
      if (h.archivedAt || h.statusId === STATUS.archived) throw conflict(`The vault of ${h.firstName} ${h.lastName} is already archived.`);
      const documents = await countVaultDocuments(tx, vaultId);
      await archiveVault(tx, vaultId, h.id, ctx.actor.userId, reason);
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
    ctx.db,
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
      const documents = await countVaultDocuments(tx, vaultId);
      if (documents > 0 && !h.archivedAt) {
        throw conflict(
          `The vault of ${h.firstName} ${h.lastName} holds ${documents} document${documents === 1 ? '' : 's'}. Archive it first; an archived vault can then be deleted.`,
        );
      }
      await deleteHolder(tx, h.id);
      await writeAudit(tx, ctx.actor, {
        action: `${TARGET}.delete`,
        sponsorId: ctx.sponsor.id,
        targetType: TARGET,
        targetId: h.id,
        logJson: { email: h.email, vaultId, documents, wasArchived: Boolean(h.archivedAt) },
      });
      return done(`${h.firstName} ${h.lastName} and the vault were deleted.`, { vaultId });
    }),
    ctx.db,
  );
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
    const filter = listFilter(body.search, body.filters ?? {});
    ids = await allIds(ctx.db, ctx.sponsor.id, filter, BULK_MAX + 1);
    if (ids.length > BULK_MAX) throw badRequest(`More than ${BULK_MAX} vault holders match. Narrow the search and try again.`);
  }
  return changing(
    ctx.sponsor.id,
    ctx.db.transaction(async (tx) => {
      const rows = await holdersForBulk(tx, ctx.sponsor.id, ids);
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
          ...(body.filters ? { filters: pickFilters(body.filters) } : {}),
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
    ctx.db,
  );
}
