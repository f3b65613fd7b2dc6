import {
  type ApiKeyIssued,
  type AppIntegration,
  configKind,
  type IntegrationConfig,
  type ServerMessage,
  type SponsorIntegration,
  validateIntegrationConfig,
} from '@vault/contract';
import type { Db } from '../../db/client.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../../plugins/audit.js';
import type { RequestContext } from '../../plugins/types.js';
import * as repo from './integrations.repo.js';

/** API keys: a recognisable prefix and 256 random bits; only the SHA-256 is stored (auth plugin). */
export function newApiKey() {
  const apiKey = `vk_${randomToken(32)}`;
  return { apiKey, apiKeyHash: sha256(apiKey), apiKeyPrefix: apiKey.slice(0, 10) };
}

const view = (row: repo.SponsorIntegrationRow, activeAuthorizations = 0): SponsorIntegration => ({
  id: row.id,
  integrationId: row.integrationId,
  enabled: row.enabled,
  config: row.config,
  apiKeyPrefix: row.apiKeyPrefix,
  keyRotatedAt: row.keyRotatedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  activeAuthorizations,
});

function checkConfig(app: { category: string; code: string }, config: IntegrationConfig): IntegrationConfig {
  const trimmed = Object.fromEntries(
    Object.entries(config)
      .map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])
      .filter(([, v]) => v !== ''),
  );
  const problems = validateIntegrationConfig(configKind(app.category, app.code), trimmed);
  if (problems.length > 0) throw badRequest(`Please correct the configuration: ${problems.map((p) => p.message).join('; ')}`, problems);
  return trimmed;
}

export async function list({ db, sponsor: { id: sponsorId } }: RequestContext): Promise<AppIntegration[]> {
  const [catalogue, enabled, counts] = await Promise.all([
    repo.listCatalogue(db),
    repo.listForSponsor(db, sponsorId),
    repo.activeAuthorizationCounts(db, sponsorId),
  ]);
  const byIntegration = new Map(enabled.map((r) => [r.integrationId, r]));
  return catalogue.map((a) => {
    const si = byIntegration.get(a.id);
    return {
      id: a.id,
      code: a.code,
      name: a.name,
      category: a.category,
      description: a.description,
      configKind: configKind(a.category, a.code),
      sponsorIntegration: si ? view(si, counts.get(si.id) ?? 0) : null,
    };
  });
}

/** Enables a catalogue app for the sponsor (again, after a disable) with a fresh key, shown once. */
export async function enable(
  { db, actor, sponsor: { id: sponsorId } }: RequestContext,
  integrationId: number,
  config: IntegrationConfig,
): Promise<ApiKeyIssued> {
  return db.transaction(async (tx) => {
    const app = await repo.getCatalogueItem(tx, integrationId);
    if (!app) throw notFound('The integration');
    const clean = checkConfig(app, config);
    const existing = await repo.findByIntegration(tx, sponsorId, integrationId);
    if (existing?.enabled)
      throw conflict(`${app.name} is already enabled for this portal. Change its configuration or rotate its key instead.`);
    const key = newApiKey();
    const row = existing
      ? await repo.update(tx, existing.id, {
          enabled: true,
          config: clean,
          apiKeyHash: key.apiKeyHash,
          apiKeyPrefix: key.apiKeyPrefix,
          keyRotatedAt: new Date(),
        })
      : await repo.insert(tx, {
          sponsorId,
          integrationId,
          config: clean,
          enabled: true,
          apiKeyHash: key.apiKeyHash,
          apiKeyPrefix: key.apiKeyPrefix,
        });
    await writeAudit(tx, actor, {
      action: 'integration.enable',
      sponsorId,
      targetType: 'sponsor_integration',
      targetId: row.id,
      logJson: { integration: app.code, config: clean, keyPrefix: key.apiKeyPrefix },
    });
    return {
      message: `${app.name} is enabled. Copy the API key now: it is shown only once.`,
      errorMsg: null,
      statusType: 'success',
      apiKey: key.apiKey,
      integration: view(row),
    };
  });
}

async function owned(tx: Db, sponsorId: number, id: number) {
  const found = await repo.findOwned(tx, sponsorId, id);
  if (!found) throw notFound('The integration');
  return found;
}

export async function updateConfig(
  { db, actor, sponsor: { id: sponsorId } }: RequestContext,
  id: number,
  config: IntegrationConfig,
): Promise<SponsorIntegration> {
  return db.transaction(async (tx) => {
    const { si, app } = await owned(tx, sponsorId, id);
    const clean = checkConfig(app, config);
    const row = await repo.update(tx, si.id, { config: clean });
    await writeAudit(tx, actor, {
      action: 'integration.configure',
      sponsorId,
      targetType: 'sponsor_integration',
      targetId: si.id,
      logJson: { integration: app.code, config: { from: si.config, to: clean } },
    });
    return view(row);
  });
}

/** Disabling stops the key at once and revokes the integration's authorizations. */
export async function disable({ db, actor, sponsor: { id: sponsorId } }: RequestContext, id: number): Promise<ServerMessage> {
  return db.transaction(async (tx) => {
    const { si, app } = await owned(tx, sponsorId, id);
    if (!si.enabled) return { message: `${app.name} is already disabled.`, errorMsg: null, statusType: 'info' };
    await repo.update(tx, si.id, { enabled: false });
    const revoked = await repo.revokeAllFor(tx, si.id);
    await writeAudit(tx, actor, {
      action: 'integration.disable',
      sponsorId,
      targetType: 'sponsor_integration',
      targetId: si.id,
      logJson: { integration: app.code, revokedAuthorizations: revoked.map((r) => r.id) },
    });
    const n = revoked.length;
    return {
      message: `${app.name} is disabled; its API key no longer works${n ? ` and ${n} authorization${n === 1 ? ' was' : 's were'} revoked` : ''}.`,
      errorMsg: null,
      statusType: 'success',
    };
  });
}

/** A new key replaces the old one immediately; the old one answers 401 from now on. */
export async function rotateKey({ db, actor, sponsor: { id: sponsorId } }: RequestContext, id: number): Promise<ApiKeyIssued> {
  return db.transaction(async (tx) => {
    const { si, app } = await owned(tx, sponsorId, id);
    if (!si.enabled) throw conflict(`${app.name} is disabled. Enable it to get a new key.`);
    const key = newApiKey();
    const row = await repo.update(tx, si.id, { apiKeyHash: key.apiKeyHash, apiKeyPrefix: key.apiKeyPrefix, keyRotatedAt: new Date() });
    await writeAudit(tx, actor, {
      action: 'integration.rotate_key',
      sponsorId,
      targetType: 'sponsor_integration',
      targetId: si.id,
      logJson: { integration: app.code, keyPrefix: { from: si.apiKeyPrefix, to: key.apiKeyPrefix } },
    });
    return {
      message: `A new API key for ${app.name} is ready. Copy it now: it is shown only once. The previous key no longer works.`,
      errorMsg: null,
      statusType: 'success',
      apiKey: key.apiKey,
      integration: view(row),
    };
  });
}
