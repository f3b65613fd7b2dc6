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

export const about = (database: Database, id: number) =>
  database.query<Pick<OutboxRow, 'id' | 'to_address' | 'template'>>(`select id, to_address, template from email_outbox where id = $1`, [
    id,
  ]);

/**
 * Claims one message for `leaseMs` when it is due: queued, retrying and due, or sending with its
 * lease ended (the instance that claimed it died). One statement, so of two jobs or instances
 * holding the same message only one gets it; a message sent or given up is never claimed again.
 */
export const claim = (database: Database, id: number, leaseMs: number) =>
  database.query<OutboxRow>(
    `update email_outbox
        set status = 'sending', attempts = attempts + 1, next_attempt_at = now() + ($2 || ' milliseconds')::interval
      where id = $1 and next_attempt_at <= now() and status in ('queued', 'retrying', 'sending')
      returning id, to_address, subject, body_text, body_html, reply_to, template, attempts`,
    [id, String(leaseMs)],
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

/** Messages not sent yet, with when they are due: offered to the queue again when a transport appears. */
export const openWithoutJob = (database: Database, queueSchema: string) =>
  database.query<{ id: number; next_attempt_at: Date }>(
    `select o.id, o.next_attempt_at from email_outbox o
      where o.status in ('queued', 'retrying', 'sending')
        and not exists (select 1 from ${queueSchema}.job j
                         where j.name = 'email' and j.state < 'completed' and (j.data->>'outboxId')::bigint = o.id)
      order by o.id`,
  );
