import { IDENTITY_CONFIRMATION_MINUTES, IDENTITY_CONFIRMATION_NEEDED_MESSAGE } from '@vault/contract';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../lib/errors.js';
import * as repo from './mfa.repo.js';

const WINDOW_MS = IDENTITY_CONFIRMATION_MINUTES * 60_000;

/** Until when a proof made at `at` lets the session change its factors; null once it has run out. */
export const confirmedUntil = (at: Date | null): Date | null =>
  at && at.getTime() + WINDOW_MS > Date.now() ? new Date(at.getTime() + WINDOW_MS) : null;

export const sessionConfirmedUntil = async (db: Db, sessionId: number) => confirmedUntil(await repo.identityConfirmedAt(db, sessionId));

/**
 * Adding or replacing a second factor takes a fresh proof of identity on this very session (issue 30,
 * defect 3): a stolen session alone cannot plant a factor of the thief's that outlives a password reset.
 */
export async function requireFreshProof(db: Db, sessionId: number) {
  if (!(await sessionConfirmedUntil(db, sessionId))) throw forbidden(IDENTITY_CONFIRMATION_NEEDED_MESSAGE);
}
