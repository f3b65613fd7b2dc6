import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN_FLAGS } from '@vault/contract';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, webhookDeliveries, webhookSubscriptions } from '../../db/schema/index.js';
import { type Jobs, startJobs } from '../../jobs/runtime.js';
import { sha256 } from '../../lib/crypto.js';
import { xsrfTokenFor } from '../../plugins/auth.js';
import { type Auth, createTestApp, type TestApp } from '../../test/harness.js';
import { vaultBody, vaultWorld } from '../vaults/vaults.fixtures.js';
import { checkEndpoint, resolveEndpoint, urlProblem } from './webhooks.url.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let app: TestApp['app'];
let jobs: Jobs | null = null;
let receiver: Server;
let endpoint: string;
let received: Received[] = [];
/** The status the receiver answers next (then 200 once the list is empty). */
let replies: number[] = [];

/** The queue with short waits: retries 200 ms apart (then growing), given up 1.5 s after the first attempt. */
const startQueue = async () => {
  jobs = await startJobs({
    database: t.database,
    config: app.config,
    log: app.log,
    queue: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 },
    webhooks: { retryBaseMs: 200, retryWindowMs: 1500, pollingIntervalSeconds: 0.5, timeoutMs: 3000 },
  });
};
const stopQueue = async () => {
  await jobs?.stop();
  jobs = null;
};

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = replies.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  await startQueue();
});
afterAll(async () => {
  await stopQueue();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  received = [];
  replies = [];
});

const inject = (auth: Auth, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: auth.headers, ...(payload ? { payload } : {}) });

async function world() {
  const w = await vaultWorld(t);
  const admin = await t.signInSponsorAdmin(w.a.id, { hasManageIntegrationsAccess: true }, 'integrations@aaa.test');
  return { ...w, admin };
}

/** A vault created through the API (of the service running now: a test restarts it). */
async function newVault(w: Awaited<ReturnType<typeof world>>) {
  const res = await inject(w.admin, 'POST', `/api/v1/users?sponsorId=${w.a.id}`, vaultBody({ packageId: w.gold.id }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

async function subscribe(auth: Auth, sponsorId: number, body: object = { url: endpoint, events: ['*'] }) {
  const res = await inject(auth, 'POST', `/api/v1/webhooks?sponsorId=${sponsorId}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { webhook: { id: number }; secret: string };
}

const deliveryLog = async (auth: Auth, sponsorId: number, id: number) => {
  const res = await inject(auth, 'GET', `/api/v1/webhooks/${id}/deliveries?sponsorId=${sponsorId}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    id: number;
    eventType: string;
    status: string;
    attempts: number;
    responseCode: number | null;
    messageId: string;
  }[];
};

const headersOf = (r: Received) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});

describe('webhook subscriptions', () => {
  it('creates one answering its whsec_ secret once, stores it sealed, and audits without it', async () => {
    const w = await world();
    const created = await subscribe(w.admin, w.a.id, { url: endpoint, events: ['vault.created', 'audit.entry'], description: 'SIEM' });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(created.webhook).toMatchObject({ url: endpoint, events: ['vault.created', 'audit.entry'], enabled: true, description: 'SIEM' });
    const list = await inject(w.admin, 'GET', `/api/v1/webhooks?sponsorId=${w.a.id}`);
    expect(list.json()).toMatchObject({ total: 1, data: [{ id: created.webhook.id }] });
    expect(list.body).not.toContain(created.secret);
    const [row] = await t.db.select().from(webhookSubscriptions);
    expect(row!.secretSealed).not.toContain(created.secret.slice(6));
    const audit = (await t.db.select().from(auditLog)).filter((e) => e.action === 'webhook.create');
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(created.secret.slice(6));
  });

  it('refuses bad input with 400: scheme, plain http elsewhere than this machine, events, unknown fields', async () => {
    const w = await world();
    const bad = [
      { url: 'ftp://example.com/x', events: ['*'] },
      { url: 'http://example.com/hook', events: ['*'] },
      { url: 'https://user:pw@example.com/hook', events: ['*'] },
      { url: 'not a url', events: ['*'] },
      { url: endpoint, events: [] },
      { url: endpoint, events: ['*', 'vault.created'] },
      { url: endpoint, events: ['vault.exploded'] },
      { url: endpoint, events: ['*'], secret: 'whsec_mine' },
    ];
    for (const body of bad)
      expect((await inject(w.admin, 'POST', `/api/v1/webhooks?sponsorId=${w.a.id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect(await t.db.select().from(webhookSubscriptions)).toHaveLength(0);
  });

  it('updates, rotates the secret (answered once; the old one stops verifying) and deletes, each audited', async () => {
    const w = await world();
    const { webhook, secret } = await subscribe(w.admin, w.a.id, { url: endpoint, events: ['vault.archived'] });
    const base = `/api/v1/webhooks/${webhook.id}?sponsorId=${w.a.id}`;
    const updated = await inject(w.admin, 'PUT', base, { events: ['vault.created'], description: 'Only new vaults' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ events: ['vault.created'], description: 'Only new vaults' });
    const rotated = await inject(w.admin, 'POST', `/api/v1/webhooks/${webhook.id}/rotate-secret?sponsorId=${w.a.id}`);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);

    await newVault(w);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    const [r] = received;
    expect(JSON.parse(r!.body)).toMatchObject({ type: 'vault.created', data: { sponsorId: w.a.id, action: 'vault_holder.create' } });
    expect(() => new Webhook(fresh).verify(r!.body, headersOf(r!))).not.toThrow();
    expect(() => new Webhook(secret).verify(r!.body, headersOf(r!))).toThrow();

    expect((await inject(w.admin, 'DELETE', base)).statusCode).toBe(200);
    expect(await t.db.select().from(webhookSubscriptions)).toHaveLength(0);
    expect(await t.db.select().from(webhookDeliveries)).toHaveLength(0);
    const actions = (await t.db.select().from(auditLog)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['webhook.create', 'webhook.update', 'webhook.rotate_secret', 'webhook.delete']));
    expect(JSON.stringify(await t.db.select().from(auditLog))).not.toContain(fresh.slice(6));
  });
});

describe('webhook deliveries', () => {
  it('signs each event by Standard Webhooks; the receiver verifies it with the standardwebhooks package', async () => {
    const w = await world();
    const { webhook, secret } = await subscribe(w.admin, w.a.id);
    const holder = await newVault(w);
    // Every audit entry (the subscription's own creation first), and the vault's domain event.
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(3);
    const events = received.map((r) => new Webhook(secret).verify(r.body, headersOf(r)) as { type: string; data: Record<string, unknown> });
    expect(events.map((e) => `${e.type} ${e.data.action}`).sort()).toEqual([
      'audit.entry vault_holder.create',
      'audit.entry webhook.create',
      'vault.created vault_holder.create',
    ]);
    expect(events.find((e) => e.type === 'vault.created')!.data).toMatchObject({ targetId: String(holder.id), sponsorId: w.a.id });
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(3);
    await expect
      .poll(async () => (await deliveryLog(w.admin, w.a.id, webhook.id)).map((d) => `${d.status} ${d.responseCode} ${d.attempts}`))
      .toEqual(['delivered 200 1', 'delivered 200 1', 'delivered 200 1']);
  });

  it('sends only the events a subscription chose', async () => {
    const w = await world();
    await subscribe(w.admin, w.a.id, { url: endpoint, events: ['invitation.created'] });
    await newVault(w);
    expect(await t.db.select().from(webhookDeliveries)).toHaveLength(0);
  });

  it('a vault holder activating their vault from the e-mailed link is a vault.activated event', async () => {
    const w = await world();
    await subscribe(w.admin, w.a.id, { url: endpoint, events: ['vault.activated', 'administrator.activated'] });
    const email = 'self.activating@aaa.test';
    const res = await inject(
      w.admin,
      'POST',
      `/api/v1/users?sponsorId=${w.a.id}`,
      vaultBody({ packageId: w.gold.id, email, sendActivationEmail: true }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const holder = res.json() as { id: number };
    const [mail] = (await t.db.select().from(emailOutbox)).filter((m) => m.toAddress === email);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.bodyText)![1]!;
    expect(await t.db.select().from(webhookDeliveries)).toHaveLength(0);

    const set = await app.inject({
      method: 'POST',
      url: '/api/v1/authentication/password',
      payload: { token, password: 'a long new password 1' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const deliveries = await t.db.select().from(webhookDeliveries);
    expect(deliveries.map((d) => d.eventType)).toEqual(['vault.activated']);
    expect((deliveries[0]!.payload as { data: Record<string, unknown> }).data).toMatchObject({
      action: 'auth.activate',
      targetType: 'vault_holder',
      targetId: String(holder.id),
      sponsorId: w.a.id,
    });
  });

  it('delivers again later after a 500, with the same webhook-id; "Deliver again" sends it once more', async () => {
    const w = await world();
    const { webhook, secret } = await subscribe(w.admin, w.a.id, { url: endpoint, events: ['vault.created'] });
    replies = [500];
    await newVault(w);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(2);
    expect(received[0]!.headers['webhook-id']).toBe(received[1]!.headers['webhook-id']);
    expect(() => new Webhook(secret).verify(received[1]!.body, headersOf(received[1]!))).not.toThrow();
    await expect
      .poll(async () => (await deliveryLog(w.admin, w.a.id, webhook.id)).map((d) => `${d.status} ${d.responseCode} ${d.attempts}`))
      .toEqual(['delivered 200 2']);

    const [d] = await deliveryLog(w.admin, w.a.id, webhook.id);
    const again = await inject(w.admin, 'POST', `/api/v1/webhooks/${webhook.id}/deliveries/${d!.id}/redeliver?sponsorId=${w.a.id}`);
    expect(again.statusCode).toBe(202);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(3);
    expect(received[2]!.headers['webhook-id']).toBe(d!.messageId);
    expect((await t.db.select().from(auditLog)).some((e) => e.action === 'webhook.redeliver')).toBe(true);
  });

  it('loses nothing across a restart: the service closes mid-way, a new one on the same database delivers', async () => {
    const w = await world();
    const { webhook } = await subscribe(w.admin, w.a.id, { url: endpoint, events: ['vault.created'] });
    replies = [500];
    await newVault(w);
    // The first attempt fails; the service stops before the next one.
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    await stopQueue();
    await app.close();
    expect((await t.db.select().from(webhookDeliveries))[0]).toMatchObject({ status: 'retrying', attempts: 1, responseCode: 500 });
    // A new service on the same database.
    app = await t.addInstance();
    await startQueue();
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(2);
    await expect
      .poll(async () => (await deliveryLog(w.admin, w.a.id, webhook.id)).map((d) => `${d.status} ${d.attempts}`))
      .toEqual(['delivered 2']);
  });

  it('turns the subscription off after failing for the whole retry window and e-mails the administrators', async () => {
    const w = await world();
    const { webhook } = await subscribe(w.admin, w.a.id, { url: endpoint, events: ['vault.created'] });
    replies = Array(50).fill(500);
    await newVault(w);
    await expect
      .poll(async () => (await t.db.select().from(webhookSubscriptions))[0]!.enabled, { timeout: 15_000, interval: 250 })
      .toBe(false);
    expect(received.length).toBeGreaterThanOrEqual(2);
    const [d] = await deliveryLog(w.admin, w.a.id, webhook.id);
    expect(d).toMatchObject({ status: 'failed', responseCode: 500 });
    const item = (await inject(w.admin, 'GET', `/api/v1/webhooks/${webhook.id}?sponsorId=${w.a.id}`)).json();
    expect(item).toMatchObject({ enabled: false, disabledForFailuresAt: expect.any(String) });
    const mails = (await t.db.select().from(emailOutbox)).filter((m) => m.template === 'webhook_disabled');
    expect(mails.map((m) => m.toAddress)).toEqual(['integrations@aaa.test']);
    // The portal's message: HTML and text, naming the endpoint and linking to the webhooks page.
    expect(mails[0]!.bodyText).toContain(endpoint);
    expect(mails[0]!.bodyText).toMatch(/\/app-integrations\/webhooks\n/);
    expect(mails[0]!.bodyHtml).toMatch(/^<!doctype html>\s*<html lang="en"/i);
    expect(mails[0]!.bodyText).not.toContain('you can ignore it');
    expect((await t.db.select().from(auditLog)).filter((e) => e.action === 'webhook.disable')).toHaveLength(1);
    // Turned off, it receives nothing more; "Deliver again" waits until it is on.
    const again = await inject(w.admin, 'POST', `/api/v1/webhooks/${webhook.id}/deliveries/${d!.id}/redeliver?sponsorId=${w.a.id}`);
    expect(again.statusCode).toBe(409);
    const on = await inject(w.admin, 'PUT', `/api/v1/webhooks/${webhook.id}?sponsorId=${w.a.id}`, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabledForFailuresAt: null });
  });
});

describe('who may manage webhooks', () => {
  it('staff and administrators with "Manage integrations"; another portal sees and changes nothing', async () => {
    const w = await world();
    const staff = await t.signInStaff();
    const { webhook } = await subscribe(staff, w.a.id);
    const flagless = await t.signInSponsorAdmin(
      w.a.id,
      Object.fromEntries(ADMIN_FLAGS.filter((f) => f !== 'hasManageIntegrationsAccess').map((f) => [f, true])),
      'other@aaa.test',
    );
    const adminB = await t.signInSponsorAdmin(w.b.id, { hasManageIntegrationsAccess: true }, 'boss@bbb.test');
    expect((await inject(flagless, 'GET', `/api/v1/webhooks?sponsorId=${w.a.id}`)).statusCode).toBe(403);
    expect((await inject(w.admin, 'GET', `/api/v1/webhooks?sponsorId=${w.a.id}`)).json().total).toBe(1);
    // B's administrator: A's portal is refused; A's webhook through B's portal is not found.
    expect((await inject(adminB, 'GET', `/api/v1/webhooks?sponsorId=${w.a.id}`)).statusCode).toBe(403);
    expect((await inject(adminB, 'GET', `/api/v1/webhooks?sponsorId=${w.b.id}`)).json()).toMatchObject({ total: 0, data: [] });
    const asB = `/api/v1/webhooks/${webhook.id}`;
    const q = `?sponsorId=${w.b.id}`;
    expect((await inject(adminB, 'GET', asB + q)).statusCode).toBe(404);
    expect((await inject(adminB, 'PUT', asB + q, { url: 'https://evil.example/hook' })).statusCode).toBe(404);
    expect((await inject(adminB, 'POST', `${asB}/rotate-secret${q}`)).statusCode).toBe(404);
    expect((await inject(adminB, 'GET', `${asB}/deliveries${q}`)).statusCode).toBe(404);
    expect((await inject(adminB, 'DELETE', asB + q)).statusCode).toBe(404);
    const [row] = await t.db.select().from(webhookSubscriptions);
    expect(row).toMatchObject({ url: endpoint, sponsorId: w.a.id });
  });
});

describe('where a webhook may point (SSRF guard)', () => {
  const production = { privateAllowed: false };
  const development = { privateAllowed: true };

  it('in production refuses loopback, private, link-local and unique-local addresses and plain http', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://192.168.0.10/hook',
      'https://172.16.5.4/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[fd00::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://100.64.0.1/hook',
      'https://0.0.0.0/hook',
    ])
      expect(urlProblem(url, production), url).not.toBeNull();
    expect(urlProblem('https://93.184.216.34/hook', production)).toBeNull();
    // A name is resolved at creation and again at every delivery.
    expect(await checkEndpoint('https://localhost/hook', production)).not.toBeNull();
    await expect(resolveEndpoint('localhost', 'https:', production)).rejects.toThrow(/non-public|refused/);
  });

  it('in development accepts plain http to this machine only', async () => {
    expect(urlProblem('http://127.0.0.1:9000/hook', development)).toBeNull();
    expect(urlProblem('http://localhost:9000/hook', development)).toBeNull();
    expect(urlProblem('http://10.0.0.5/hook', development)).not.toBeNull();
    await expect(resolveEndpoint('10.0.0.5', 'http:', development)).rejects.toThrow(/this machine/);
  });

  it('a production service answers 400 for a private endpoint', async () => {
    const w = await world();
    const prod = await t.addInstance({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      MFA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      AUDIT_SIGNING_KEY: Buffer.alloc(32, 9).toString('base64'),
    });
    // That service's XSRF key comes from its SESSION_SECRET: the session's token is echoed for it.
    const tokenHash = sha256(w.admin.headers.authorization.slice('Bearer '.length));
    const res = await prod.inject({
      method: 'POST',
      url: `/api/v1/webhooks?sponsorId=${w.a.id}`,
      headers: { ...w.admin.headers, 'x-xsrf-token': xsrfTokenFor(prod.xsrfKey, tokenHash) },
      payload: { url: 'https://10.1.2.3/hook', events: ['*'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/public address/);
  });
});
