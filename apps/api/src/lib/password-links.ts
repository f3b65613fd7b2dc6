import type { MessageKind } from '@vault/contract';
import type { Db } from '../db/client.js';
import { passwordTokens } from '../db/schema/index.js';
import { queueMessage, recipientLocale } from '../mail/messages.js';
import { randomToken, sha256 } from './crypto.js';

export const LINK_TTL_HOURS = { activation: 72, reset: 2 } as const;
export type LinkPurpose = keyof typeof LINK_TTL_HOURS;

/**
 * Creates a single-use, expiring link (256 random bits; only the hash is stored) and queues the
 * e-mail that carries it, in the caller's transaction.
 */
export async function sendPasswordLink(
  db: Db,
  opts: {
    publicUrl: string;
    userId: number;
    email: string;
    firstName: string;
    sponsorId: number | null;
    purpose: LinkPurpose;
    /** The message: by default the purpose's first one (a second activation link is 'resend_activation'). */
    kind?: MessageKind;
  },
): Promise<void> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + LINK_TTL_HOURS[opts.purpose] * 3600_000);
  await db.insert(passwordTokens).values({ userId: opts.userId, tokenHash: sha256(token), purpose: opts.purpose, expiresAt });
  await queueMessage(db, {
    publicUrl: opts.publicUrl,
    sponsorId: opts.sponsorId,
    kind: opts.kind ?? (opts.purpose === 'activation' ? 'activation' : 'password_reset'),
    to: { to: opts.email, localize: await recipientLocale(db, opts.userId) },
    values: {
      firstName: opts.firstName,
      link: `${opts.publicUrl.replace(/\/$/, '')}/set-password?token=${token}`,
      expiry: expiresAt,
    },
  });
}
