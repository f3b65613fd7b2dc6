import { randomBytes } from 'node:crypto';
import type {
  CreateWebhookBody,
  ListResponse,
  ServerMessage,
  UpdateWebhookBody,
  WebhookDelivery,
  WebhookItem,
  WebhookWithSecret,
} from '@vault/contract';
import { enqueueJob, QUEUES } from '../../jobs/queue.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { sealSecret } from '../../lib/secret-box.js';
import { writeAudit } from '../../plugins/audit.js';
import type { RequestContext } from '../../plugins/types.js';
import { secretContext } from './webhooks.delivery.js';
import * as repo from './webhooks.repo.js';
import { checkEndpoint, type UrlPolicy } from './webhooks.url.js';

/** What the webhook routes add to the request's context: the sealing key and where endpoints may point. */
export type WebhookCtx = RequestContext & { key: Buffer; policy: UrlPolicy };

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

const view = (row: repo.SubscriptionRow, last?: { status: repo.DeliveryRow['status']; at: Date | string }): WebhookItem => ({
  id: row.id,
  sponsorId: row.sponsorId,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  disabledForFailuresAt: iso(row.disabledForFailuresAt),
  secretRotatedAt: iso(row.secretRotatedAt),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  lastDelivery: last ? { status: last.status, at: iso(last.at)! } : null,
});

const deliveryView = (d: repo.DeliveryRow): WebhookDelivery => ({
  id: d.id,
  messageId: d.messageId,
  eventType: d.eventType,
  status: d.status,
  attempts: d.attempts,
  responseCode: d.responseCode,
  lastError: d.lastError,
  createdAt: d.createdAt.toISOString(),
  lastAttemptAt: iso(d.lastAttemptAt),
  nextAttemptAt: d.status === 'pending' || d.status === 'retrying' ? iso(d.nextAttemptAt) : null,
  deliveredAt: iso(d.deliveredAt),
});

/** The URL as the audit log keeps it: scheme, host and path, never a query (it may carry the receiver's token). */
const auditUrl = (url: string) => {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname}`;
};

async function checkUrl(ctx: WebhookCtx, url: string) {
  const problem = await checkEndpoint(url, ctx.policy);
  if (problem) throw badRequest(problem, [{ field: 'url', message: problem }]);
}

/** The portal's subscription `id`, or 404 (another portal's id is not found either). */
async function owned(ctx: WebhookCtx, id: number, lock = false) {
  const row = lock ? await repo.getForUpdate(ctx.db, id) : await repo.get(ctx.db, id);
  if (!row || row.sponsorId !== ctx.sponsor.id) throw notFound('The webhook');
  return row;
}

export async function list(ctx: WebhookCtx): Promise<ListResponse<WebhookItem>> {
  const [rows, last] = await Promise.all([repo.list(ctx.db, ctx.sponsor.id), repo.lastDeliveries(ctx.db, ctx.sponsor.id)]);
  const bySubscription = new Map(last.map((l) => [Number(l.subscription_id), l]));
  const data = rows.map((r) => view(r, bySubscription.get(r.id)));
  return { data, total: data.length };
}

export async function get(ctx: WebhookCtx, id: number): Promise<WebhookItem> {
  return view(await owned(ctx, id));
}

export async function create(ctx: WebhookCtx, body: CreateWebhookBody): Promise<WebhookWithSecret> {
  await checkUrl(ctx, body.url);
  const secret = newSecret();
  return ctx.db.transaction(async (tx) => {
    // The id seals the secret to its row, so the row comes first with a placeholder.
    const row = await repo.insert(tx, {
      sponsorId: ctx.sponsor.id,
      url: body.url,
      description: body.description || null,
      events: body.events,
      enabled: body.enabled ?? true,
      secretSealed: '-',
    });
    const sealed = await repo.update(tx, row.id, { secretSealed: sealSecret(ctx.key, secret, secretContext(row.id)) });
    await writeAudit(tx, ctx.actor, {
      action: 'webhook.create',
      sponsorId: ctx.sponsor.id,
      targetType: 'webhook',
      targetId: row.id,
      logJson: { url: auditUrl(body.url), events: body.events, enabled: sealed.enabled },
    });
    return { webhook: view(sealed), secret };
  });
}

export async function update(ctx: WebhookCtx, id: number, body: UpdateWebhookBody): Promise<WebhookItem> {
  if (body.url !== undefined) await checkUrl(ctx, body.url);
  return ctx.db.transaction(async (tx) => {
    const before = await owned({ ...ctx, db: tx }, id, true);
    const values: Parameters<typeof repo.update>[2] = {};
    const changes: Record<string, unknown> = {};
    if (body.url !== undefined && body.url !== before.url) {
      values.url = body.url;
      changes.url = { from: auditUrl(before.url), to: auditUrl(body.url) };
    }
    if (body.events !== undefined && body.events.join() !== before.events.join()) {
      values.events = body.events;
      changes.events = { from: before.events, to: body.events };
    }
    if (body.description !== undefined && (body.description || null) !== before.description) {
      values.description = body.description || null;
      changes.description = { from: before.description, to: values.description };
    }
    if (body.enabled !== undefined && body.enabled !== before.enabled) {
      values.enabled = body.enabled;
      // On again: the failure mark goes; deliveries failed meanwhile can be sent with "Deliver again".
      if (body.enabled) values.disabledForFailuresAt = null;
      changes.enabled = { from: before.enabled, to: body.enabled };
    }
    if (Object.keys(changes).length === 0) return view(before);
    const row = await repo.update(tx, id, values);
    if (values.enabled === false) await repo.failOpen(tx, id, 'The webhook was turned off');
    await writeAudit(tx, ctx.actor, {
      action: 'webhook.update',
      sponsorId: ctx.sponsor.id,
      targetType: 'webhook',
      targetId: id,
      logJson: changes,
    });
    return view(row);
  });
}

export async function remove(ctx: WebhookCtx, id: number): Promise<ServerMessage> {
  return ctx.db.transaction(async (tx) => {
    const row = await owned({ ...ctx, db: tx }, id, true);
    // Its delivery log goes with it (cascade); jobs still queued for it find nothing to send.
    await repo.remove(tx, id);
    await writeAudit(tx, ctx.actor, {
      action: 'webhook.delete',
      sponsorId: ctx.sponsor.id,
      targetType: 'webhook',
      targetId: id,
      logJson: { url: auditUrl(row.url), events: row.events },
    });
    return { message: 'The webhook was deleted.', errorMsg: null, statusType: 'success' };
  });
}

/** A new secret, answered this once; the old one stops signing at once. */
export async function rotateSecret(ctx: WebhookCtx, id: number): Promise<WebhookWithSecret> {
  const secret = newSecret();
  return ctx.db.transaction(async (tx) => {
    await owned({ ...ctx, db: tx }, id, true);
    const row = await repo.update(tx, id, { secretSealed: sealSecret(ctx.key, secret, secretContext(id)), secretRotatedAt: new Date() });
    await writeAudit(tx, ctx.actor, {
      action: 'webhook.rotate_secret',
      sponsorId: ctx.sponsor.id,
      targetType: 'webhook',
      targetId: id,
    });
    return { webhook: view(row), secret };
  });
}

export async function deliveries(ctx: WebhookCtx, id: number, offset: number, limit: number): Promise<ListResponse<WebhookDelivery>> {
  await owned(ctx, id);
  const { rows, total } = await repo.deliveries(ctx.db, id, offset, limit);
  return { data: rows.map(deliveryView), total };
}

/** "Deliver again": the same message (same webhook-id), attempted now, with a fresh retry window. */
export async function redeliver(ctx: WebhookCtx, id: number, deliveryId: number): Promise<WebhookDelivery> {
  return ctx.db.transaction(async (tx) => {
    const subscription = await owned({ ...ctx, db: tx }, id, true);
    const delivery = await repo.getDelivery(tx, deliveryId);
    if (!delivery || delivery.subscriptionId !== id) throw notFound('The delivery');
    if (!subscription.enabled) throw conflict('The webhook is turned off. Turn it on before delivering again.');
    if (delivery.status === 'pending' || delivery.status === 'delivering')
      throw conflict('This delivery is already on its way. Wait for its outcome before delivering it again.');
    const row = await repo.resetForRedelivery(tx, deliveryId);
    await enqueueJob(tx, QUEUES.webhook, { deliveryId });
    await writeAudit(tx, ctx.actor, {
      action: 'webhook.redeliver',
      sponsorId: ctx.sponsor.id,
      targetType: 'webhook',
      targetId: id,
      logJson: { deliveryId, messageId: delivery.messageId, eventType: delivery.eventType, previousStatus: delivery.status },
    });
    return deliveryView(row);
  });
}
