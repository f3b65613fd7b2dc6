import type { Db } from '../db/client.js';
import { emailOutbox } from '../db/schema/index.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  template: string;
  sponsorId?: number | null;
}

/** Queues a message in the caller's transaction, so it is sent exactly when the change commits. */
export async function enqueueEmail(db: Db, mail: OutgoingEmail): Promise<number> {
  const [row] = await db
    .insert(emailOutbox)
    .values({ toAddress: mail.to, subject: mail.subject, bodyText: mail.text, template: mail.template, sponsorId: mail.sponsorId ?? null })
    .returning({ id: emailOutbox.id });
  return row!.id;
}
