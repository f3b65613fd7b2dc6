import type { Db } from '../../db/client.js';
import * as repo from './auth.repo.js';

/**
 * Throttling of failed sign-ins, kept in the database so every instance shares it. Blocks grow
 * (15 s, 30 s, 1 min … up to 15 min) instead of a fixed lockout, and are counted on three keys:
 * - the (account, address) pair: a guesser at one address soon waits, the owner elsewhere does not;
 * - the account across addresses: slows a guesser spread over many addresses, but does not hold
 *   back an address the account signed in from successfully in the last 90 days (the owner's);
 * - the address across accounts: slows one address trying many accounts.
 *
 * "May this attempt run" and "count it" are one step: an attempt is reserved (counted as a failure)
 * before its password, code or passkey is checked, and the reservation is taken back when it succeeds.
 * Checking first and counting later let concurrent guesses all pass the check (issue 30, defect 2).
 */
export const THROTTLE = {
  pair: { after: 5, baseSeconds: 15, capSeconds: 900 },
  account: { after: 10, baseSeconds: 15, capSeconds: 900 },
  address: { after: 20, baseSeconds: 15, capSeconds: 900 },
} satisfies Record<string, repo.ThrottleRule>;

export interface Reservation {
  /** Whether the attempt may be checked; a held-back attempt counts nowhere. */
  allowed: boolean;
  /** The failures counted on the attempt's narrowest key, this one included (for the audit entry). */
  failures: number;
  /** The keys this attempt counted on, taken back if it succeeds. */
  counted: repo.ThrottleKey[];
}

/**
 * Reserves one attempt for an account (e-mail, lower case) from an address; an attempt that names no
 * account (a passkey nobody registered) counts on the address alone.
 */
export async function reserveAttempt(db: Db, account: string, address: string): Promise<Reservation> {
  const keys: repo.ThrottleKey[] = account
    ? [
        { account, address, rule: THROTTLE.pair },
        { account, address: '', rule: THROTTLE.account },
        { account: '', address, rule: THROTTLE.address },
      ]
    : [{ account: '', address, rule: THROTTLE.address }];
  const rows = await repo.reserveAttempt(db, keys);
  const row = (k: repo.ThrottleKey) => rows.find((r) => r.account === k.account && r.address === k.address)!;
  const [narrowest] = keys;
  const pair = account ? row(keys[0]!) : null;
  const perAccount = account ? row(keys[1]!) : null;
  const perAddress = row(keys.at(-1)!);
  const allowed = perAddress.counted && (!pair || (pair.counted && (perAccount!.counted || pair.known)));
  const counted = keys.filter((k) => row(k).counted);
  if (!allowed) {
    await repo.releaseAttempt(db, counted);
    return { allowed, failures: row(narrowest!).failures, counted: [] };
  }
  return { allowed, failures: row(narrowest!).failures, counted };
}

/** The attempt succeeded (a right password or code): it was not a failure after all. */
export const attemptSucceeded = (db: Db, reservation: Reservation) => repo.releaseAttempt(db, reservation.counted);

/** A session opened: the pair's failures are cleared and its address marked as the owner's. */
export async function countSuccess(db: Db, account: string, address: string) {
  await repo.recordSuccess(db, account, address);
  await repo.sweepThrottle(db);
}
