import type { MessageListQuery } from '@vault/contract';
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { likeContains } from '../../db/like.js';
import { emailOutbox } from '../../db/schema/index.js';

const columns = {
  id: emailOutbox.id,
  kind: emailOutbox.template,
  toAddress: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  locale: emailOutbox.locale,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
  nextAttemptAt: emailOutbox.nextAttemptAt,
};

export async function list(db: Db, q: MessageListQuery) {
  const where = and(
    eq(emailOutbox.sponsorId, q.sponsorId),
    q.search ? ilike(emailOutbox.toAddress, likeContains(q.search)) : undefined,
    q.to ? sql`lower(${emailOutbox.toAddress}) = lower(${q.to})` : undefined,
    q.kind ? eq(emailOutbox.template, q.kind) : undefined,
    q.status ? eq(emailOutbox.status, q.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select(columns).from(emailOutbox).where(where).orderBy(desc(emailOutbox.id)).limit(q.limit).offset(q.offset),
    db.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  return { rows, total: total!.n };
}

export async function findInSponsor(db: Db, sponsorId: number, id: number) {
  const [row] = await db
    .select({ ...columns, bodyText: emailOutbox.bodyText, bodyHtml: emailOutbox.bodyHtml, replyTo: emailOutbox.replyTo })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.sponsorId, sponsorId), eq(emailOutbox.id, id)))
    .for('update');
  return row ?? null;
}

/** Offers a waiting or given-up message to the worker again, now, with a fresh count of attempts. */
export const requeue = (db: Db, id: number) =>
  db.update(emailOutbox).set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, lastError: null }).where(eq(emailOutbox.id, id));
