import type { MessageLocale } from '@vault/contract';
import type { Db } from '../db/client.js';
import { emailOutbox } from '../db/schema/index.js';

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

/** Queues a message in the caller's transaction, so it is sent exactly when the change commits. */
export async function enqueueEmail(db: Db, mail: OutgoingEmail): Promise<number> {
  const [inserted] = await db.insert(emailOutbox).values(row(mail)).returning({ id: emailOutbox.id });
  return inserted!.id;
}

/** Queues many messages in one statement (imports). */
export async function enqueueEmails(db: Db, mails: OutgoingEmail[]): Promise<void> {
  if (mails.length > 0) await db.insert(emailOutbox).values(mails.map(row));
}

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
