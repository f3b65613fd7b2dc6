import { STATUS } from '@vault/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sponsorAdmins, users, webhookDeliveries, webhookSubscriptions } from '../../db/schema/index.js';

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

// ---------------------------------------------------------------- subscriptions

export async function list(db: Db, sponsorId: number) {
  return db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.sponsorId, sponsorId)).orderBy(webhookSubscriptions.id);
}

/** The newest delivery of each of the portal's subscriptions (the list's "last delivery"). */
export async function lastDeliveries(db: Db, sponsorId: number) {
  return rowsOf<{ subscription_id: number; status: DeliveryRow['status']; at: Date | string }>(
    db,
    sql`select distinct on (d.subscription_id) d.subscription_id, d.status, coalesce(d.last_attempt_at, d.created_at) as at
          from webhook_deliveries d
          join webhook_subscriptions s on s.id = d.subscription_id and s.sponsor_id = ${sponsorId}
         order by d.subscription_id, d.id desc`,
  );
}

export async function get(db: Db, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  return row;
}

/** Locks the subscription row for the change (two rotations at once keep one secret). */
export async function getForUpdate(db: Db, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id)).for('update');
  return row;
}

export async function insert(db: Db, values: typeof webhookSubscriptions.$inferInsert): Promise<SubscriptionRow> {
  const [row] = await db.insert(webhookSubscriptions).values(values).returning();
  return row!;
}

export async function update(db: Db, id: number, values: Partial<typeof webhookSubscriptions.$inferInsert>): Promise<SubscriptionRow> {
  const [row] = await db
    .update(webhookSubscriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(webhookSubscriptions.id, id))
    .returning();
  return row!;
}

export async function remove(db: Db, id: number) {
  await db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
}

/** The portal's subscriptions that are on (every audit entry of the portal looks them up). */
export async function enabledFor(db: Db, sponsorId: number) {
  return db
    .select({ id: webhookSubscriptions.id, events: webhookSubscriptions.events })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.sponsorId, sponsorId), eq(webhookSubscriptions.enabled, true)));
}

/** Turns a subscription off after persistent failure; answers whether this call did it (once). */
export async function subscriptionUrl(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ url: webhookSubscriptions.url }).from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  return row?.url ?? null;
}

export async function disableForFailures(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(webhookSubscriptions)
    .set({ enabled: false, disabledForFailuresAt: new Date(), updatedAt: new Date() })
    .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.enabled, true)))
    .returning({ id: webhookSubscriptions.id });
  return rows.length === 1;
}

/**
 * Who hears that a portal's webhook was turned off: its active administrators who may manage
 * integrations, or every active administrator of the portal when none may.
 */
export async function adminsToTell(db: Db, sponsorId: number) {
  const rows = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      localize: users.localize,
      manages: sponsorAdmins.hasManageIntegrationsAccess,
    })
    .from(sponsorAdmins)
    .innerJoin(users, eq(users.id, sponsorAdmins.userId))
    .where(and(eq(sponsorAdmins.sponsorId, sponsorId), eq(users.statusId, STATUS.active)));
  const managers = rows.filter((r) => r.manages);
  return managers.length > 0 ? managers : rows;
}

// ---------------------------------------------------------------- deliveries

export async function insertDeliveries(db: Db, values: (typeof webhookDeliveries.$inferInsert)[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db.insert(webhookDeliveries).values(values).returning({ id: webhookDeliveries.id });
  return rows.map((r) => r.id);
}

export async function deliveries(db: Db, subscriptionId: number, offset: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
      .orderBy(desc(webhookDeliveries.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, subscriptionId)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function getDelivery(db: Db, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

/** "Deliver again": a fresh attempt now and a fresh retry window; the message id stays (receivers drop repeats by it). */
export async function resetForRedelivery(db: Db, id: number): Promise<DeliveryRow> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: sql`now()`, firstAttemptAt: null, deliveredAt: null })
    .where(eq(webhookDeliveries.id, id))
    .returning();
  return row!;
}

export interface ClaimedDelivery {
  id: number;
  subscription_id: number;
  sponsor_id: number;
  message_id: string;
  event_type: string;
  payload: Record<string, unknown>;
  attempts: number;
  first_attempt_at: Date | string;
  url: string;
  secret_sealed: string;
  enabled: boolean;
}

/**
 * Claims a due delivery for `leaseMs` in one statement (pending, retrying and due, or delivering
 * with its lease ended): of two jobs or instances naming it, one gets it.
 */
export async function claim(db: Db, id: number, leaseMs: number): Promise<ClaimedDelivery | undefined> {
  const [row] = await rowsOf<ClaimedDelivery>(
    db,
    sql`update webhook_deliveries d
           set status = 'delivering', attempts = d.attempts + 1, first_attempt_at = coalesce(d.first_attempt_at, now()),
               last_attempt_at = now(), next_attempt_at = now() + (${String(leaseMs)} || ' milliseconds')::interval
          from webhook_subscriptions s
         where d.id = ${id} and s.id = d.subscription_id and d.next_attempt_at <= now()
           and d.status in ('pending', 'retrying', 'delivering')
     returning d.id, d.subscription_id, d.sponsor_id, d.message_id, d.event_type, d.payload, d.attempts, d.first_attempt_at,
               s.url, s.secret_sealed, s.enabled`,
  );
  return row;
}

export async function markDelivered(db: Db, id: number, responseCode: number) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'delivered', responseCode, lastError: null, deliveredAt: sql`now()` })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'delivering')));
}

export async function markFailed(db: Db, id: number, responseCode: number | null, error: string) {
  await db.update(webhookDeliveries).set({ status: 'failed', responseCode, lastError: error }).where(eq(webhookDeliveries.id, id));
}

/** Records a failed attempt and when the next is due; answers that time (the database's clock, as the queue's). */
export async function retryLater(db: Db, id: number, responseCode: number | null, error: string, delayMs: number): Promise<Date> {
  const [row] = await rowsOf<{ next_attempt_at: Date | string }>(
    db,
    sql`update webhook_deliveries
           set status = 'retrying', response_code = ${responseCode}, last_error = ${error},
               next_attempt_at = now() + (${String(delayMs)} || ' milliseconds')::interval
         where id = ${id} returning next_attempt_at`,
  );
  return new Date(row!.next_attempt_at);
}

/** The deliveries a subscription still owes, failed at once when it is turned off or removed. */
export async function failOpen(db: Db, subscriptionId: number, error: string) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: error })
    .where(and(eq(webhookDeliveries.subscriptionId, subscriptionId), sql`${webhookDeliveries.status} in ('pending', 'retrying')`));
}
