import { type GrantAuthorizationBody, SCOPE_LABELS, type ServerMessage, type SponsorAuthorization } from '@vault/contract';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { type Paging, page } from '../../lib/paging.js';
import { writeAudit } from '../../plugins/audit.js';
import type { RequestContext } from '../../plugins/types.js';
import * as repo from './authorizations.repo.js';

function view(r: repo.AuthorizationRow, now = new Date()): SponsorAuthorization {
  const { a } = r;
  const state = a.revokedAt ? 'revoked' : a.expiresAt && a.expiresAt <= now ? 'expired' : !r.integrationEnabled ? 'disabled' : 'active';
  return {
    id: a.id,
    sponsorIntegrationId: a.sponsorIntegrationId,
    integrationName: r.integrationName,
    integrationCode: r.integrationCode,
    integrationEnabled: r.integrationEnabled,
    scopes: a.scopes,
    expiresAt: a.expiresAt?.toISOString() ?? null,
    revokedAt: a.revokedAt?.toISOString() ?? null,
    lastUsedAt: a.lastUsedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
    createdBy: r.createdBy,
    state,
  };
}

export async function list({ db, sponsor: { id: sponsorId } }: RequestContext, q: Paging) {
  const { rows, total } = await repo.list(db, sponsorId, q.offset, q.limit);
  return page(
    rows.map((r) => view(r)),
    total,
    q,
  );
}

export async function grant(
  { db, actor, sponsor: { id: sponsorId } }: RequestContext,
  body: GrantAuthorizationBody,
): Promise<SponsorAuthorization> {
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now())
    throw badRequest('The expiry must be in the future.', [{ field: 'expiresAt', message: 'Must be in the future' }]);
  return db.transaction(async (tx) => {
    const found = await repo.findIntegration(tx, sponsorId, body.sponsorIntegrationId);
    if (!found) throw notFound('The integration');
    if (!found.si.enabled) throw conflict(`${found.app.name} is disabled. Enable it under App Integrations first.`);
    const id = await repo.insert(tx, {
      sponsorId,
      sponsorIntegrationId: found.si.id,
      scopes: body.scopes,
      expiresAt,
      createdByUserId: actor.userId,
    });
    await writeAudit(tx, actor, {
      action: 'authorization.grant',
      sponsorId,
      targetType: 'sponsor_authorization',
      targetId: id,
      logJson: { integration: found.app.code, scopes: body.scopes, expiresAt: expiresAt?.toISOString() ?? null },
    });
    return view((await repo.findOwned(tx, sponsorId, id))!);
  });
}

export async function revoke({ db, actor, sponsor: { id: sponsorId } }: RequestContext, id: number): Promise<ServerMessage> {
  return db.transaction(async (tx) => {
    const found = await repo.findOwned(tx, sponsorId, id);
    if (!found) throw notFound('The authorization');
    if (found.a.revokedAt)
      return { message: `This authorization of ${found.integrationName} was already revoked.`, errorMsg: null, statusType: 'info' };
    await repo.revoke(tx, id);
    await writeAudit(tx, actor, {
      action: 'authorization.revoke',
      sponsorId,
      targetType: 'sponsor_authorization',
      targetId: id,
      logJson: { integration: found.integrationCode, scopes: found.a.scopes },
    });
    const scopes = found.a.scopes.map((s) => SCOPE_LABELS[s as keyof typeof SCOPE_LABELS] ?? s).join(', ');
    return { message: `${found.integrationName} may no longer use: ${scopes}.`, errorMsg: null, statusType: 'success' };
  });
}
