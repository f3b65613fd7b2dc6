import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { Webhook } from 'standardwebhooks';
import type { Config } from '../../config.js';
import type { Database, Db } from '../../db/client.js';
import { enqueueJob, QUEUES } from '../../jobs/queue.js';
import { enqueueEmail } from '../../lib/outbox.js';
import { openSecret } from '../../lib/secret-box.js';
import { serverSecretKey } from '../../lib/secret-key.js';
import { messageComposer } from '../../mail/messages.js';
import { writeAudit } from '../../plugins/audit.js';
import * as repo from './webhooks.repo.js';
import { resolveEndpoint, type UrlPolicy } from './webhooks.url.js';

export interface WebhookWorkerOptions {
  database: Database;
  queue: PgBoss;
  config: Config;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** First wait after a failed attempt; each next one is four times longer, at most six hours. */
  retryBaseMs: number;
  /** How long a delivery is retried, from its first attempt, before it fails and its subscription is turned off. */
  retryWindowMs: number;
  /** Longest wait for an endpoint's answer. */
  timeoutMs: number;
  /** How long a claimed delivery stays with its instance before it is offered again (longer than timeoutMs). */
  leaseMs: number;
  batchSize: number;
  pollingIntervalSeconds: number;
}

export interface WebhookWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const DEFAULT_RETRY_BASE_MS = 10_000;
export const DEFAULT_RETRY_WINDOW_MS = 24 * 3_600_000;
const MAX_WAIT_MS = 6 * 3_600_000;

/** 10 s, 40 s, 2 min 40, 10 min 40, 43 min, 2 h 50, then 6 h: about ten attempts in 24 hours. */
export const webhookBackoff = (attempts: number, baseMs = DEFAULT_RETRY_BASE_MS) =>
  Math.min(baseMs * 4 ** Math.max(0, attempts - 1), MAX_WAIT_MS);

export const secretContext = (subscriptionId: number) => `webhook:${subscriptionId}`;

/** The system, as the audit log names it when no person acted (a subscription turned off after failures). */
const SYSTEM = { userId: null, email: null, sponsorId: null, ip: null };

interface Outcome {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/**
 * POSTs one signed delivery. The host is resolved and checked here (webhooks.url.ts), and the
 * connection goes to that checked address; redirects are not followed; the answer's body is
 * read and dropped.
 */
async function post(url: string, body: string, headers: Record<string, string>, policy: UrlPolicy, timeoutMs: number): Promise<Outcome> {
  const u = new URL(url);
  let address: { address: string; family: number };
  try {
    [address] = (await resolveEndpoint(u.hostname, u.protocol, policy)) as [{ address: string; family: number }];
  } catch (err) {
    return { ok: false, status: null, error: (err as Error).message };
  }
  const client = u.protocol === 'https:' ? https : http;
  return new Promise<Outcome>((resolve) => {
    const req = client.request(
      u,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'VaultAdminPortal-Webhooks/1', ...headers },
        timeout: timeoutMs,
        lookup: (_host, opts, cb) => {
          if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: (typeof address)[]) => void)(null, [address]);
          else cb(null, address.address, address.family);
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          resolve({ ok: status >= 200 && status < 300, status, error: status >= 200 && status < 300 ? null : `HTTP ${status}` });
        });
        res.on('error', (err) => resolve({ ok: false, status: res.statusCode ?? null, error: err.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)));
    req.on('error', (err) => resolve({ ok: false, status: null, error: err.message.slice(0, 300) }));
    req.end(body);
  });
}

/** Turns the subscription off and tells the portal's administrators, once (the caller's transaction). */
async function disableAfterFailures(db: Db, subscriptionId: number, sponsorId: number, publicUrl: string) {
  if (!(await repo.disableForFailures(db, subscriptionId))) return false;
  await repo.failOpen(db, subscriptionId, 'The webhook was turned off after persistent delivery failures');
  await writeAudit(db, SYSTEM, {
    action: 'webhook.disable',
    sponsorId,
    targetType: 'webhook',
    targetId: subscriptionId,
    logJson: { reason: 'persistent delivery failures' },
  });
  const page = `${publicUrl.replace(/\/$/, '')}/app-integrations/webhooks`;
  const webhookUrl = await repo.subscriptionUrl(db, subscriptionId);
  const compose = await messageComposer(db, sponsorId, publicUrl);
  for (const admin of await repo.adminsToTell(db, sponsorId)) {
    const mail = await compose(
      'webhook_disabled',
      { to: admin.email, localize: admin.localize },
      {
        firstName: admin.firstName,
        link: page,
        webhookUrl: webhookUrl ?? `#${subscriptionId}`,
      },
    );
    await enqueueEmail(db, mail);
  }
  return true;
}

/**
 * The webhook worker: each `webhook` job names one delivery. It claims the delivery (one statement,
 * so it is sent once even when two jobs name it), signs it with the subscription's secret by the
 * Standard Webhooks scheme (webhook-id, webhook-timestamp, webhook-signature), and posts it. A 2xx
 * answer delivers it; anything else records the answer and enqueues the next attempt, with a
 * growing wait, in the same transaction, until the retry window ends: then the delivery fails,
 * the subscription is turned off and the portal's administrators are e-mailed.
 */
export function createWebhookWorker(
  o: Partial<WebhookWorkerOptions> & Pick<WebhookWorkerOptions, 'database' | 'queue' | 'config' | 'log'>,
): WebhookWorker {
  const opts: WebhookWorkerOptions = {
    retryBaseMs: DEFAULT_RETRY_BASE_MS,
    retryWindowMs: DEFAULT_RETRY_WINDOW_MS,
    timeoutMs: 15_000,
    leaseMs: 2 * 60_000,
    batchSize: 5,
    pollingIntervalSeconds: 2,
    ...o,
  };
  const { database, queue, config, log } = opts;
  const policy: UrlPolicy = { privateAllowed: config.NODE_ENV !== 'production' };
  const publicUrl = config.publicUrl;
  let key: Buffer | null = null;
  let workerId: string | null = null;

  async function handle(deliveryId: number) {
    const d = await repo.claim(database.db, deliveryId, opts.leaseMs);
    // Delivered, being delivered elsewhere, removed, or not due yet (its own job comes then).
    if (!d) return;
    const about = { deliveryId: Number(d.id), subscriptionId: d.subscription_id, eventType: d.event_type, attempt: d.attempts };
    if (!d.enabled) {
      await repo.markFailed(database.db, d.id, null, 'The webhook is turned off');
      return;
    }
    const secret = openSecret(key!, d.secret_sealed, secretContext(d.subscription_id));
    const body = JSON.stringify(d.payload);
    const headers = {
      'webhook-id': d.message_id,
      'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'webhook-signature': '',
    };
    headers['webhook-signature'] = new Webhook(secret).sign(d.message_id, new Date(Number(headers['webhook-timestamp']) * 1000), body);
    const outcome = await post(d.url, body, headers, policy, opts.timeoutMs);
    if (outcome.ok) {
      await repo.markDelivered(database.db, d.id, outcome.status!);
      log.info({ ...about, status: outcome.status }, 'webhook delivered');
      return;
    }
    const error = (outcome.error ?? 'failed').slice(0, 500);
    const remaining = opts.retryWindowMs - (Date.now() - new Date(d.first_attempt_at).getTime());
    if (remaining <= 0) {
      const disabled = await database.db.transaction(async (tx) => {
        await repo.markFailed(tx, d.id, outcome.status, error);
        return disableAfterFailures(tx, d.subscription_id, d.sponsor_id, publicUrl);
      });
      log.error({ ...about, status: outcome.status, err: error, disabled }, 'webhook delivery given up');
      return;
    }
    const wait = Math.min(webhookBackoff(d.attempts, opts.retryBaseMs), remaining);
    await database.db.transaction(async (tx) => {
      const due = await repo.retryLater(tx, d.id, outcome.status, error, wait);
      await enqueueJob(tx, QUEUES.webhook, { deliveryId: Number(d.id) }, { startAfter: due });
    });
    log.warn({ ...about, status: outcome.status, err: error, retryInMs: wait }, 'webhook not delivered; will retry');
  }

  return {
    async start() {
      if (workerId) return;
      key = await serverSecretKey(config, database.db);
      workerId = await queue.work<{ deliveryId: number }>(
        QUEUES.webhook,
        { batchSize: opts.batchSize, pollingIntervalSeconds: opts.pollingIntervalSeconds },
        async (jobs) => {
          // Each delivery on its own: one slow endpoint does not hold the others of the batch.
          await Promise.all(jobs.map((job) => handle(Number(job.data.deliveryId))));
        },
      );
    },
    async stop() {
      if (workerId) await queue.offWork({ id: workerId });
      workerId = null;
    },
  };
}
