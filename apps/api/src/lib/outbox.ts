import type { MessageLocale } from '@vault/contract';
import type { Db } from '../db/client.js';
import { emailOutbox } from '../db/schema/index.js';
import { enqueueJob, enqueueJobs, QUEUES } from '../jobs/queue.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** The same message as a whole HTML document (mail/templates). */
  html?: string | null;
  locale?: MessageLocale;
  replyTo?: string | null;
  template: string;
  sponsorId?: number | null;
}

const row = (mail: OutgoingEmail) => ({
  toAddress: mail.to,
  subject: mail.subject,
  bodyText: mail.text,
  bodyHtml: mail.html ?? null,
  locale: mail.locale ?? 'en',
  replyTo: mail.replyTo ?? null,
  template: mail.template,
  sponsorId: mail.sponsorId ?? null,
});

/**
 * Queues a message in the caller's transaction: its outbox row and the job that sends it (mail/worker.ts)
 * commit together with the change, or neither does.
 */
export async function enqueueEmail(db: Db, mail: OutgoingEmail): Promise<number> {
  const [inserted] = await db.insert(emailOutbox).values(row(mail)).returning({ id: emailOutbox.id });
  await enqueueJob(db, QUEUES.email, { outboxId: inserted!.id });
  return inserted!.id;
}

/** Queues many messages at once (imports): their rows in one statement, and their jobs. */
export async function enqueueEmails(db: Db, mails: OutgoingEmail[]): Promise<void> {
  if (mails.length === 0) return;
  const rows = await db.insert(emailOutbox).values(mails.map(row)).returning({ id: emailOutbox.id });
  await enqueueOutboxJobs(
    db,
    rows.map((r) => r.id),
  );
}

/** The jobs of outbox rows written by SQL in bulk (an import's activation e-mails), in the same transaction. */
export const enqueueOutboxJobs = (db: Db, outboxIds: number[]) =>
  enqueueJobs(
    db,
    QUEUES.email,
    outboxIds.map((outboxId) => ({ data: { outboxId } })),
  );

const LINK = /https?:\/\/\S+/g;
/** In HTML a link ends at a quote or a tag as well as at a space. */
const HTML_LINK = /https?:\/\/[^\s"'<>]+/g;
export const LINK_REMOVED = '[link removed after sending]';

/**
 * A message's text as kept once it is sent or given up: its links (set-password, activation,
 * reset, sign-up) carry single-use secrets that must not rest in the database.
 */
export const withoutLinks = (text: string) => text.replace(LINK, LINK_REMOVED);
export const htmlWithoutLinks = (html: string) => html.replace(HTML_LINK, LINK_REMOVED);

/** What a log line may say about a recipient: the domain, never the mailbox. */
export const recipientDomain = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();
