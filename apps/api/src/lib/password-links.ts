import type { Db } from '../db/client.js';
import { passwordTokens } from '../db/schema/index.js';
import { randomToken, sha256 } from './crypto.js';
import { enqueueEmail } from './outbox.js';

export const LINK_TTL_HOURS = { activation: 72, reset: 2 } as const;
export type LinkPurpose = keyof typeof LINK_TTL_HOURS;

/**
 * Creates a single-use, expiring link (256 random bits; only the hash is stored) and queues the
 * e-mail that carries it, in the caller's transaction.
 */
export async function sendPasswordLink(
  db: Db,
  opts: { publicUrl: string; userId: number; email: string; firstName: string; sponsorId: number | null; purpose: LinkPurpose },
): Promise<void> {
  const token = randomToken();
  const hours = LINK_TTL_HOURS[opts.purpose];
  await db.insert(passwordTokens).values({
    userId: opts.userId,
    tokenHash: sha256(token),
    purpose: opts.purpose,
    expiresAt: new Date(Date.now() + hours * 3600_000),
  });
  const url = `${opts.publicUrl.replace(/\/$/, '')}/set-password?token=${token}`;
  const activation = opts.purpose === 'activation';
  await enqueueEmail(db, {
    to: opts.email,
    sponsorId: opts.sponsorId,
    template: activation ? 'activation' : 'password_reset',
    subject: activation ? 'Activate your account' : 'Reset your password',
    text: `Hello ${opts.firstName},\n\n${
      activation ? 'Your account is ready. Set your password to activate it' : 'Use this link to choose a new password'
    }:\n${url}\n\nThe link works once and expires in ${hours} hours. If you did not expect this e-mail, ignore it.\n`,
  });
}
