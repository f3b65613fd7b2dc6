import { randomBytes } from 'node:crypto';
import { ALL_WEBHOOK_EVENTS, type WebhookEventType } from '@vault/contract';
import type { Db } from '../../db/client.js';
import { enqueueJobs, QUEUES } from '../../jobs/queue.js';
import type { AuditEntry } from '../../plugins/audit.js';
import type { Actor } from '../../plugins/types.js';
import * as repo from './webhooks.repo.js';

/**
 * The domain event an audit action is (decision 0043). Every audit entry of a portal is an
 * `audit.entry` event; these actions are, besides, the events a firm's systems most often follow.
 * Action codes are "<target>.<verb>" (packages/contract/src/audit-words.ts).
 */
const DOMAIN_EVENTS: Record<string, WebhookEventType> = {
  'vault_holder.create': 'vault.created',
  'vault_holder.activate': 'vault.activated',
  'vault_holder.bulk_activate': 'vault.activated',
  'vault_holder.deactivate': 'vault.deactivated',
  'vault_holder.bulk_deactivate': 'vault.deactivated',
  'vault_holder.archive': 'vault.archived',
  'invitation.create': 'invitation.created',
  'invitation.import': 'invitation.created',
  'invitation.redeem': 'invitation.redeemed',
  'vault_holder.import': 'holders.imported',
  'vaultholders.import': 'holders.imported',
  'sponsor_admin.create': 'administrator.created',
  'scim.user_created': 'administrator.created',
  'sponsor_admin.activate': 'administrator.activated',
  'scim.user_activated': 'administrator.activated',
  'sponsor_admin.deactivate': 'administrator.deactivated',
  'scim.user_deactivated': 'administrator.deactivated',
  'sponsor_admin.delete': 'administrator.deleted',
};

/**
 * A person who activates their own account by choosing a password from the e-mailed link
 * (`auth.activate`): the event is the account's kind, which the entry's target type names.
 */
const SELF_ACTIVATED: Record<string, WebhookEventType> = {
  vault_holder: 'vault.activated',
  sponsor_admin: 'administrator.activated',
};

/** The events one audit entry makes: always `audit.entry`, and its domain event when it succeeded. */
export function eventTypesOf(
  action: string,
  outcome: 'success' | 'failure' = 'success',
  targetType: string | null = null,
): WebhookEventType[] {
  if (outcome === 'failure') return ['audit.entry'];
  const domain =
    DOMAIN_EVENTS[action] ??
    (action === 'auth.activate' && targetType ? SELF_ACTIVATED[targetType] : undefined) ??
    (action.startsWith('sponsor_admin.') || action.startsWith('scim.user_') ? 'administrator.updated' : null);
  return domain ? ['audit.entry', domain] : ['audit.entry'];
}

const wants = (events: string[], type: string) => events.includes(ALL_WEBHOOK_EVENTS) || events.includes(type);

export const newMessageId = () => `msg_${randomBytes(16).toString('hex')}`;

/**
 * Called by the audit writer (plugins/audit.ts) for every entry, in the transaction of the change:
 * one delivery per event and subscription that wants it, each with its job. A portal without
 * subscriptions costs one indexed look-up; an entry of no portal costs nothing.
 */
export async function emitWebhookEvents(db: Db, actor: Actor, entry: AuditEntry, logJson: Record<string, unknown>): Promise<void> {
  const sponsorId = entry.sponsorId;
  if (sponsorId == null) return;
  const subscriptions = await repo.enabledFor(db, sponsorId);
  if (subscriptions.length === 0) return;
  const timestamp = new Date().toISOString();
  const data = {
    sponsorId,
    action: entry.action,
    outcome: entry.outcome ?? 'success',
    targetType: entry.targetType ?? null,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    actor: { userId: actor.userId, email: actor.email },
    details: logJson,
  };
  const rows = eventTypesOf(entry.action, entry.outcome, entry.targetType ?? null).flatMap((type) =>
    subscriptions
      .filter((s) => wants(s.events, type))
      .map((s) => ({
        subscriptionId: s.id,
        sponsorId,
        messageId: newMessageId(),
        eventType: type,
        payload: { type, timestamp, data },
      })),
  );
  const ids = await repo.insertDeliveries(db, rows);
  await enqueueJobs(
    db,
    QUEUES.webhook,
    ids.map((deliveryId) => ({ data: { deliveryId } })),
  );
}
