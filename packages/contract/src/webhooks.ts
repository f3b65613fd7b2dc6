import { z } from 'zod';

/**
 * Webhooks (issue 33 part 5, decision 0043): a portal subscribes an endpoint to its events. Every
 * audit entry of the portal is one `audit.entry` event (its action code in `data.action`); the
 * domain events below are sent besides it for the changes a firm's systems most often follow.
 */
export const WEBHOOK_EVENT_TYPES = [
  'audit.entry',
  'vault.created',
  'vault.activated',
  'vault.deactivated',
  'vault.archived',
  'invitation.created',
  'invitation.redeemed',
  'holders.imported',
  'administrator.created',
  'administrator.updated',
  'administrator.activated',
  'administrator.deactivated',
  'administrator.deleted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Every event, present and future. */
export const ALL_WEBHOOK_EVENTS = '*';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'audit.entry': 'Every audit log entry',
  'vault.created': 'Vault created',
  'vault.activated': 'Vault activated',
  'vault.deactivated': 'Vault deactivated',
  'vault.archived': 'Vault archived',
  'invitation.created': 'Invitation created',
  'invitation.redeemed': 'Invitation redeemed',
  'holders.imported': 'Vault holders imported',
  'administrator.created': 'Administrator added',
  'administrator.updated': 'Administrator changed',
  'administrator.activated': 'Administrator activated',
  'administrator.deactivated': 'Administrator deactivated',
  'administrator.deleted': 'Administrator removed',
};

export const WEBHOOK_URL_MAX = 2000;

/** An endpoint: HTTPS, or plain HTTP to this machine only (development). The server checks the address too. */
export const webhookUrl = z
  .string()
  .trim()
  .min(1, 'Enter the endpoint URL')
  .max(WEBHOOK_URL_MAX, 'The URL is too long')
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Enter a full URL starting with https://')
  .refine((v) => {
    try {
      const u = new URL(v);
      return !u.username && !u.password;
    } catch {
      return true;
    }
  }, 'The URL may not carry a user name or password');

export const webhookEvents = z
  .array(z.enum([ALL_WEBHOOK_EVENTS, ...WEBHOOK_EVENT_TYPES], { error: `Events are "*" or of ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length + 1)
  .refine((v) => !v.includes(ALL_WEBHOOK_EVENTS) || v.length === 1, '"*" (every event) stands alone')
  .refine((v) => new Set(v).size === v.length, 'An event is listed twice');

const description = z.string().trim().max(200, 'The description is too long');

export const createWebhookBody = z.strictObject({
  url: webhookUrl,
  events: webhookEvents,
  description: description.optional(),
  enabled: z.boolean().optional(),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

export const updateWebhookBody = z.strictObject({
  url: webhookUrl.optional(),
  events: webhookEvents.optional(),
  description: description.nullable().optional(),
  /** Turning a subscription on again after failures clears the failure mark. */
  enabled: z.boolean().optional(),
});
export type UpdateWebhookBody = z.infer<typeof updateWebhookBody>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivering', 'retrying', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookItem = z.object({
  id: z.number().int(),
  sponsorId: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** When deliveries kept failing for the whole retry window and the subscription was turned off. */
  disabledForFailuresAt: z.string().nullable(),
  secretRotatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastDelivery: z.object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), at: z.string() }).nullable(),
});
export type WebhookItem = z.infer<typeof webhookItem>;

/** Creation and rotation answer the signing secret (`whsec_…`) this once; it is never shown again. */
export const webhookWithSecret = z.object({ webhook: webhookItem, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecret>;

export const webhookDelivery = z.object({
  id: z.number().int(),
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Queued',
  delivering: 'Sending',
  retrying: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
};
