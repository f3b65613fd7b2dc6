import type { Db } from '../db/client.js';
import { emailOutbox } from '../db/schema/index.js';
import { enqueueJob, enqueueJobs, QUEUES } from '../jobs/queue.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  template: string;
  sponsorId?: number | null;
}

/**
 * Queues a message in the caller's transaction: its outbox row and the job that sends it (mail/worker.ts)
 * commit together with the change, or neither does.
 */
export async function enqueueEmail(db: Db, mail: OutgoingEmail): Promise<number> {
  const [row] = await db
    .insert(emailOutbox)
    .values({ toAddress: mail.to, subject: mail.subject, bodyText: mail.text, template: mail.template, sponsorId: mail.sponsorId ?? null })
    .returning({ id: emailOutbox.id });
  await enqueueJob(db, QUEUES.email, { outboxId: row!.id });
  return row!.id;
}

/** The jobs of outbox rows written by SQL in bulk (an import's activation e-mails), in the same transaction. */
export const enqueueOutboxJobs = (db: Db, outboxIds: number[]) =>
  enqueueJobs(
    db,
    QUEUES.email,
    outboxIds.map((outboxId) => ({ data: { outboxId } })),
  );

const LINK = /https?:\/\/\S+/g;
export const LINK_REMOVED = '[link removed after sending]';

/**
 * A message's text as kept once it is sent or given up: its links (set-password, activation,
 * reset, sign-up) carry single-use secrets that must not rest in the database.
 */
export const withoutLinks = (text: string) => text.replace(LINK, LINK_REMOVED);

/** What a log line may say about a recipient: the domain, never the mailbox. */
export const recipientDomain = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();
