import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appIntegrations, auditLog, sponsorAuthorizations, sponsorIntegrations } from '../../db/schema/index.js';
import { sha256 } from '../../lib/crypto.js';
import type { Auth } from '../../test/harness.js';
import { injector, useTestApp } from '../../test/per-file-app.js';

const t = useTestApp({ catalog: true });

const catalogueId = async (code: string) => (await t.db.select().from(appIntegrations).where(eq(appIntegrations.code, code)))[0]!.id;
const inject = injector(t);

async function enableWebhook(auth: Auth, sponsorId: number) {
  const res = await inject(auth, 'POST', `/api/v1/app-integrations/${await catalogueId('webhook')}/enable?sponsorId=${sponsorId}`, {
    config: { url: 'https://hooks.example.com/vault', events: ['upload.failed'] },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { apiKey: string; integration: { id: number; apiKeyPrefix: string } };
}

const report = (key: string | undefined, payload: object = { fileName: 'scan.pdf', sizeBytes: 1200, reason: 'virus' }) =>
  t.app.inject({ method: 'POST', url: '/api/v1/upload-failed-files', headers: key ? { 'x-api-key': key } : {}, payload });

describe('app integrations', () => {
  it('lists the catalogue with each app’s state for the sponsor', async () => {
    const s = await t.createSponsor('ALPHA');
    const staff = await t.signInStaff();
    await enableWebhook(staff, s.id);
    const res = await inject(staff, 'GET', `/api/v1/app-integrations?sponsorId=${s.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(5);
    const webhook = body.data.find((a: { code: string }) => a.code === 'webhook');
    expect(webhook.configKind).toBe('webhook');
    expect(webhook.sponsorIntegration).toMatchObject({ enabled: true, config: { url: 'https://hooks.example.com/vault' } });
    expect(JSON.stringify(body)).not.toContain('apiKeyHash');
    expect(body.data.find((a: { code: string }) => a.code === 'crm').sponsorIntegration).toBeNull();
  });

  it('shows the API key once at enable and stores only its hash; the audit entry has no key', async () => {
    const s = await t.createSponsor('ALPHA');
    const staff = await t.signInStaff();
    const { apiKey, integration } = await enableWebhook(staff, s.id);
    expect(apiKey).toMatch(/^vk_[\w-]{40,}$/);
    const [row] = await t.db.select().from(sponsorIntegrations).where(eq(sponsorIntegrations.id, integration.id));
    expect(row!.apiKeyHash).toBe(sha256(apiKey));
    expect(JSON.stringify(row)).not.toContain(apiKey);
    expect(apiKey.startsWith(row!.apiKeyPrefix)).toBe(true);
    const list = await inject(staff, 'GET', `/api/v1/app-integrations?sponsorId=${s.id}`);
    expect(list.body).not.toContain(apiKey);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'integration.enable'));
    expect(entry).toMatchObject({ sponsorId: s.id, targetType: 'sponsor_integration', targetId: String(integration.id) });
    expect(JSON.stringify(entry)).not.toContain(apiKey);
    // Enabling twice is a conflict.
    const again = await inject(staff, 'POST', `/api/v1/app-integrations/${await catalogueId('webhook')}/enable?sponsorId=${s.id}`, {
      config: { url: 'https://x.example.com' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('validates the configuration by kind and refuses unknown fields and secrets', async () => {
    const s = await t.createSponsor('ALPHA');
    const staff = await t.signInStaff();
    const url = `/api/v1/app-integrations/${await catalogueId('webhook')}/enable?sponsorId=${s.id}`;
    const noUrl = await inject(staff, 'POST', url, { config: {} });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().details[0]).toMatchObject({ field: 'config.url' });
    expect((await inject(staff, 'POST', url, { config: { url: 'http://evil.example.com' } })).statusCode).toBe(400);
    expect((await inject(staff, 'POST', url, { config: { url: 'https://a.example.com', events: ['nope'] } })).statusCode).toBe(400);
    expect((await inject(staff, 'POST', url, { config: { url: 'https://a.example.com', password: 'x' } })).statusCode).toBe(400);
    expect((await inject(staff, 'POST', url, { config: { url: 'https://a.example.com' }, extra: 1 })).statusCode).toBe(400);
    const crm = `/api/v1/app-integrations/${await catalogueId('crm')}/enable?sponsorId=${s.id}`;
    expect((await inject(staff, 'POST', crm, { config: { instance: 'acme.crm.example', syncDirection: 'sideways' } })).statusCode).toBe(
      400,
    );
    expect((await inject(staff, 'POST', crm, { config: { instance: 'acme.crm.example', syncDirection: 'both' } })).statusCode).toBe(201);
    expect((await inject(staff, 'POST', `/api/v1/app-integrations/9999/enable?sponsorId=${s.id}`, { config: {} })).statusCode).toBe(404);
    expect(await t.db.select().from(sponsorIntegrations)).toHaveLength(1);
  });

  it('updates the configuration, rotates the key (old one stops) and disables (key stops, grants revoked)', async () => {
    const s = await t.createSponsor('ALPHA');
    const staff = await t.signInStaff();
    const { apiKey, integration } = await enableWebhook(staff, s.id);
    const put = await inject(staff, 'PUT', `/api/v1/sponsor-integrations/${integration.id}?sponsorId=${s.id}`, {
      config: { url: 'https://new.example.com/hook' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().config).toEqual({ url: 'https://new.example.com/hook' });
    await inject(staff, 'POST', `/api/v1/sponsor-authorizations?sponsorId=${s.id}`, {
      sponsorIntegrationId: integration.id,
      scopes: ['report_failed_uploads'],
    });
    expect((await report(apiKey)).statusCode).toBe(201);

    const rotated = await inject(staff, 'POST', `/api/v1/sponsor-integrations/${integration.id}/rotate-key?sponsorId=${s.id}`);
    expect(rotated.statusCode).toBe(200);
    const newKey = rotated.json().apiKey as string;
    expect(newKey).not.toBe(apiKey);
    expect((await report(apiKey)).statusCode).toBe(401);
    expect((await report(newKey)).statusCode).toBe(201);

    const disabled = await inject(staff, 'POST', `/api/v1/sponsor-integrations/${integration.id}/disable?sponsorId=${s.id}`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().message).toMatch(/1 authorization was revoked/);
    expect((await report(newKey)).statusCode).toBe(401);
    const [grant] = await t.db.select().from(sponsorAuthorizations);
    expect(grant!.revokedAt).not.toBeNull();
    expect((await inject(staff, 'POST', `/api/v1/sponsor-integrations/${integration.id}/rotate-key?sponsorId=${s.id}`)).statusCode).toBe(
      409,
    );
    const actions = (await t.db.select().from(auditLog)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['integration.configure', 'integration.rotate_key', 'integration.disable']));
    // Enabling again issues a fresh key.
    const re = await inject(staff, 'POST', `/api/v1/app-integrations/${await catalogueId('webhook')}/enable?sponsorId=${s.id}`, {
      config: { url: 'https://x.example.com' },
    });
    expect(re.statusCode).toBe(201);
    expect(re.json().integration.id).toBe(integration.id);
    expect(re.json().apiKey).not.toBe(newKey);
  });

  it('requires hasIntegrationAccess for a sponsor administrator and keeps other sponsors out', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    const staff = await t.signInStaff();
    const { integration } = await enableWebhook(staff, b.id);
    const plain = await t.signInSponsorAdmin(a.id, {}, 'plain@test.local');
    expect((await inject(plain, 'GET', `/api/v1/app-integrations?sponsorId=${a.id}`)).statusCode).toBe(403);
    const admin = await t.signInSponsorAdmin(a.id, { hasIntegrationAccess: true });
    expect((await inject(admin, 'GET', `/api/v1/app-integrations?sponsorId=${a.id}`)).statusCode).toBe(200);
    expect((await inject(admin, 'GET', `/api/v1/app-integrations?sponsorId=${b.id}`)).statusCode).toBe(403);
    // B's integration through A's sponsor: 404 and nothing changes.
    expect((await inject(admin, 'POST', `/api/v1/sponsor-integrations/${integration.id}/disable?sponsorId=${a.id}`)).statusCode).toBe(404);
    expect((await inject(admin, 'POST', `/api/v1/sponsor-integrations/${integration.id}/rotate-key?sponsorId=${a.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await inject(admin, 'PUT', `/api/v1/sponsor-integrations/${integration.id}?sponsorId=${a.id}`, {
          config: { url: 'https://x.example.com' },
        })
      ).statusCode,
    ).toBe(404);
    const [row] = await t.db.select().from(sponsorIntegrations);
    expect(row!.enabled).toBe(true);
    expect(row!.config).toMatchObject({ url: 'https://hooks.example.com/vault' });
    expect((await inject(staff, 'GET', '/api/v1/app-integrations?sponsorId=0')).statusCode).toBe(400);
  });
});

describe('sponsor authorizations', () => {
  it('grants scopes with an expiry, lists with last use, revokes; the audit records each', async () => {
    const s = await t.createSponsor('ALPHA');
    const admin = await t.signInSponsorAdmin(s.id, { hasIntegrationAccess: true });
    const { apiKey, integration } = await enableWebhook(admin, s.id);
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const granted = await inject(admin, 'POST', `/api/v1/sponsor-authorizations?sponsorId=${s.id}`, {
      sponsorIntegrationId: integration.id,
      scopes: ['report_failed_uploads', 'read_audit'],
      expiresAt,
    });
    expect(granted.statusCode).toBe(201);
    expect(granted.json()).toMatchObject({
      state: 'active',
      integrationCode: 'webhook',
      scopes: ['report_failed_uploads', 'read_audit'],
      lastUsedAt: null,
      createdBy: admin.email,
    });

    expect((await report(apiKey)).statusCode).toBe(201);
    const list = await inject(admin, 'GET', `/api/v1/sponsor-authorizations?sponsorId=${s.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(1);
    expect(list.json().data[0].lastUsedAt).not.toBeNull();

    const revoked = await inject(admin, 'POST', `/api/v1/sponsor-authorizations/${granted.json().id}/revoke?sponsorId=${s.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().statusType).toBe('success');
    expect((await report(apiKey)).statusCode).toBe(403);
    const after = await inject(admin, 'GET', `/api/v1/sponsor-authorizations?sponsorId=${s.id}`);
    expect(after.json().data[0].state).toBe('revoked');
    const actions = (await t.db.select().from(auditLog)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['authorization.grant', 'authorization.revoke', 'failed_upload.report']));
  });

  it('answers 401 without or with an unknown key, 403 for an expired or out-of-scope grant', async () => {
    const s = await t.createSponsor('ALPHA');
    const staff = await t.signInStaff();
    const { apiKey, integration } = await enableWebhook(staff, s.id);
    expect((await report(undefined)).statusCode).toBe(401);
    expect((await report('vk_not-a-real-key-at-all-000000000')).statusCode).toBe(401);
    // Enabled but not authorized at all.
    expect((await report(apiKey)).statusCode).toBe(403);
    await inject(staff, 'POST', `/api/v1/sponsor-authorizations?sponsorId=${s.id}`, {
      sponsorIntegrationId: integration.id,
      scopes: ['read_vaults'],
    });
    expect((await report(apiKey)).statusCode).toBe(403);
    await inject(staff, 'POST', `/api/v1/sponsor-authorizations?sponsorId=${s.id}`, {
      sponsorIntegrationId: integration.id,
      scopes: ['report_failed_uploads'],
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await report(apiKey)).statusCode).toBe(201);
    await t.db.update(sponsorAuthorizations).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await report(apiKey)).statusCode).toBe(403);
    const list = await inject(staff, 'GET', `/api/v1/sponsor-authorizations?sponsorId=${s.id}`);
    expect(list.json().data.map((a: { state: string }) => a.state)).toEqual(['expired', 'expired']);
  });

  it('validates grants: scopes, expiry in the future, an enabled integration of this sponsor', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    const staff = await t.signInStaff();
    const { integration } = await enableWebhook(staff, a.id);
    const other = await enableWebhook(staff, b.id);
    const url = `/api/v1/sponsor-authorizations?sponsorId=${a.id}`;
    expect((await inject(staff, 'POST', url, { sponsorIntegrationId: integration.id, scopes: [] })).statusCode).toBe(400);
    expect((await inject(staff, 'POST', url, { sponsorIntegrationId: integration.id, scopes: ['root'] })).statusCode).toBe(400);
    expect(
      (await inject(staff, 'POST', url, { sponsorIntegrationId: integration.id, scopes: ['read_vaults', 'read_vaults'] })).statusCode,
    ).toBe(400);
    expect(
      (
        await inject(staff, 'POST', url, {
          sponsorIntegrationId: integration.id,
          scopes: ['read_vaults'],
          expiresAt: '2001-01-01T00:00:00Z',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await inject(staff, 'POST', url, { sponsorIntegrationId: integration.id, scopes: ['read_vaults'], expiresAt: 'tomorrow' }))
        .statusCode,
    ).toBe(400);
    expect((await inject(staff, 'POST', url, { sponsorIntegrationId: other.integration.id, scopes: ['read_vaults'] })).statusCode).toBe(
      404,
    );
    await inject(staff, 'POST', `/api/v1/sponsor-integrations/${integration.id}/disable?sponsorId=${a.id}`);
    expect((await inject(staff, 'POST', url, { sponsorIntegrationId: integration.id, scopes: ['read_vaults'] })).statusCode).toBe(409);
    expect(await t.db.select().from(sponsorAuthorizations)).toHaveLength(0);
  });

  it('keeps another sponsor’s authorizations out of reach', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    const staff = await t.signInStaff();
    const { integration } = await enableWebhook(staff, b.id);
    const grant = await inject(staff, 'POST', `/api/v1/sponsor-authorizations?sponsorId=${b.id}`, {
      sponsorIntegrationId: integration.id,
      scopes: ['read_vaults'],
    });
    const admin = await t.signInSponsorAdmin(a.id, { hasIntegrationAccess: true });
    expect((await inject(admin, 'GET', `/api/v1/sponsor-authorizations?sponsorId=${b.id}`)).statusCode).toBe(403);
    expect((await inject(admin, 'GET', `/api/v1/sponsor-authorizations?sponsorId=${a.id}`)).json().total).toBe(0);
    expect((await inject(admin, 'POST', `/api/v1/sponsor-authorizations/${grant.json().id}/revoke?sponsorId=${a.id}`)).statusCode).toBe(
      404,
    );
    const noFlag = await t.signInSponsorAdmin(a.id, {}, 'noflag@test.local');
    expect((await inject(noFlag, 'GET', `/api/v1/sponsor-authorizations?sponsorId=${a.id}`)).statusCode).toBe(403);
    const [row] = await t.db.select().from(sponsorAuthorizations);
    expect(row!.revokedAt).toBeNull();
  });
});
