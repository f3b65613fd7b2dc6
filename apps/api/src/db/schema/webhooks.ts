import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { stamps } from './common.js';
import { sponsors } from './sponsors.js';

/** A portal's webhook endpoint (issue 33 part 5): which events it receives, signed with its own secret. */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: serial().primaryKey(),
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'restrict' }),
    url: text().notNull(),
    description: text(),
    /** Event types (contract WEBHOOK_EVENT_TYPES), or ['*'] for every one. */
    events: text().array().notNull(),
    /** The `whsec_…` secret sealed with the server's secret key (lib/secret-box.ts); it must be read back to sign. */
    secretSealed: text().notNull(),
    secretRotatedAt: timestamp({ withTimezone: true }),
    enabled: boolean().notNull().default(true),
    /** Set when deliveries kept failing for the whole retry window and the subscription was turned off. */
    disabledForFailuresAt: timestamp({ withTimezone: true }),
    ...stamps,
  },
  (t) => [index('webhook_subscriptions_sponsor_idx').on(t.sponsorId, t.id)],
);

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivering', 'retrying', 'delivered', 'failed'] as const;

/** One event for one subscription, and how its delivery went: the subscription's delivery log. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    subscriptionId: integer()
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    sponsorId: integer().notNull(),
    /** The Standard Webhooks message id (`webhook-id`), the same on every attempt so the receiver can drop repeats. */
    messageId: text().notNull(),
    eventType: text().notNull(),
    /** The JSON body sent, as it was signed. */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().$type<(typeof WEBHOOK_DELIVERY_STATUSES)[number]>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    firstAttemptAt: timestamp({ withTimezone: true }),
    lastAttemptAt: timestamp({ withTimezone: true }),
    responseCode: smallint(),
    lastError: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_subscription_idx').on(t.subscriptionId, t.id),
    index('webhook_deliveries_sponsor_idx').on(t.sponsorId),
    check('webhook_deliveries_status_ck', sql`${t.status} in ('pending','delivering','retrying','delivered','failed')`),
  ],
);
