import type { Db } from '../../db/client.js';
import * as repo from './auth.repo.js';

/**
 * Throttling of failed sign-ins, kept in the database so every instance shares it. Blocks grow
 * (15 s, 30 s, 1 min … up to 15 min) instead of a fixed lockout, and are counted on three keys:
 * - the (account, address) pair: a guesser at one address soon waits, the owner elsewhere does not;
 * - the account across addresses: slows a guesser spread over many addresses, but does not hold
 *   back an address the account signed in from successfully in the last 90 days (the owner's);
 * - the address across accounts: slows one address trying many accounts.
 */
export const THROTTLE = {
  pair: { after: 5, baseSeconds: 15, capSeconds: 900 },
  account: { after: 10, baseSeconds: 15, capSeconds: 900 },
  address: { after: 20, baseSeconds: 15, capSeconds: 900 },
} satisfies Record<string, repo.ThrottleRule>;

/** Whether this sign-in is held back; a held-back try is refused before its password counts. */
export async function isThrottled(db: Db, account: string, address: string): Promise<boolean> {
  const rows = await repo.throttleState(db, account, address);
  const pair = rows.find((r) => r.account === account && r.address === address);
  const perAccount = rows.find((r) => r.account === account && r.address === '');
  const perAddress = rows.find((r) => r.account === '' && r.address === address);
  return !!pair?.blocked || !!perAddress?.blocked || (!!perAccount?.blocked && !pair?.known);
}

/** Counts a failure on all three keys; answers the pair's count (for the audit entry). */
export async function countFailure(db: Db, account: string, address: string): Promise<number> {
  const pair = await repo.recordFailure(db, account, address, THROTTLE.pair);
  await repo.recordFailure(db, account, '', THROTTLE.account);
  await repo.recordFailure(db, '', address, THROTTLE.address);
  return pair.failures;
}

/** Counts a failure that names no account (a passkey nobody registered) on the address alone. */
export async function countAddressFailure(db: Db, address: string): Promise<number> {
  return (await repo.recordFailure(db, '', address, THROTTLE.address)).failures;
}

export async function countSuccess(db: Db, account: string, address: string) {
  await repo.recordSuccess(db, account, address);
  await repo.sweepThrottle(db);
}
