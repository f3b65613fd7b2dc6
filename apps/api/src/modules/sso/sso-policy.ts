import { SSO_ONLY_MESSAGE } from '@vault/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './sso.repo.js';

/**
 * "Administrators sign in with SSO only" (decision 0038): whether this account's own sign-ins
 * (password, passkey alone, password links) are closed. Staff, other portals' people and
 * break-glass accounts keep theirs.
 */
export const localSignInClosed = (db: Db, user: { role: string; sponsorId: number | null; ssoBreakGlass: boolean }) =>
  repo.ssoOnlyFor(db, user);

/** The answer to a closed local sign-in: it tells the person to use SSO (403, with the sign-in's errorMsg). */
export const useSsoInstead = () => new AppError(403, SSO_ONLY_MESSAGE, undefined, SSO_ONLY_MESSAGE);
