import type { Database } from '../db/client.js';

/** The SQL of the e-mail worker on email_outbox (raw SQL: it runs outside any request, on the pool). */

export interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  reply_to: string | null;
  template: string;
  attempts: number;
}

export const pendingAfter = (database: Database, lastId: number, limit: number) =>
  database.query<OutboxRow>(`select id, to_address, template from email_outbox where status = 'pending' and id > $1 order by id limit $2`, [
    lastId,
    limit,
  ]);

/** Messages whose lease ended (a crashed instance) are offered again. */
export const reclaimExpired = (database: Database) =>
  database.query(`update email_outbox set status = 'pending' where status = 'sending' and next_attempt_at < now()`);

/** Claims up to `batchSize` due messages for `leaseMs`: FOR UPDATE SKIP LOCKED, so two instances never take the same one. */
export const claimBatch = (database: Database, batchSize: number, leaseMs: number) =>
  database.query<OutboxRow>(
    `update email_outbox o
        set status = 'sending', attempts = o.attempts + 1, next_attempt_at = now() + ($2 || ' milliseconds')::interval
      where o.id in (
        select id from email_outbox
         where status = 'pending' and next_attempt_at <= now()
         order by next_attempt_at, id
         limit $1
         for update skip locked)
      returning o.id, o.to_address, o.subject, o.body_text, o.body_html, o.reply_to, o.template, o.attempts`,
    [batchSize, String(leaseMs)],
  );

/** The stored copy once sent or given up: its text and HTML without their links. */
export interface StoredCopy {
  text: string;
  html: string | null;
}

export const markSent = (database: Database, id: number, copy: StoredCopy) =>
  database.query(
    `update email_outbox set status = 'sent', sent_at = now(), last_error = null, body_text = $2, body_html = $3 where id = $1 and status = 'sending'`,
    [id, copy.text, copy.html],
  );

export const markFailed = (database: Database, id: number, error: string, copy: StoredCopy) =>
  database.query(`update email_outbox set status = 'failed', last_error = $2, body_text = $3, body_html = $4 where id = $1`, [
    id,
    error,
    copy.text,
    copy.html,
  ]);

export const retryLater = (database: Database, id: number, error: string, delayMs: number) =>
  database.query(
    `update email_outbox set status = 'pending', last_error = $2, next_attempt_at = now() + ($3 || ' milliseconds')::interval where id = $1`,
    [id, error, String(delayMs)],
  );
