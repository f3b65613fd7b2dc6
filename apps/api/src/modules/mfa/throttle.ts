import type { Db } from '../../db/client.js';
import * as authRepo from '../auth/auth.repo.js';
import { LOCK_AFTER_FAILURES, LOCK_MINUTES } from '../auth/auth.service.js';

/**
 * Code guesses count in the same per-username throttle as password guesses: five wrong answers
 * of either kind lock the account for a while. The sign-in clears it only once a session opens,
 * so a right password never wipes the count of wrong codes.
 */
export async function isLocked(db: Db, username: string): Promise<boolean> {
  const t = await authRepo.getThrottle(db, username);
  return !!t?.lockedUntil && t.lockedUntil > new Date();
}

export const countFailure = (db: Db, username: string) => authRepo.recordFailure(db, username, LOCK_AFTER_FAILURES, LOCK_MINUTES);
