import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sweepThrottle } from '../modules/auth/auth.repo.js';

/** Any fixed number shared by every instance of this service, other than the start-up lock's. */
const CLEANUP_LOCK = 815_104_734;

/**
 * Ended sessions are kept this long after they ended: their address and browser help answer "who
 * was signed in" about an incident for a week, and nothing else reads them.
 */
export const ENDED_SESSIONS_KEPT = '7 days';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Takes the cleanup's lock for the rest of the transaction, or answers false at once if another instance holds it. */
export const tryCleanupLock = async (tx: Db) =>
  rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${CLEANUP_LOCK}) as locked`))[0]!.locked;

const deleted = async (tx: Db, statement: SQL) =>
  rowsOf<{ n: number }>(await tx.execute(sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`))[0]!.n;

/**
 * Each statement deletes only rows that no call can use any more, by the database's clock, so
 * running it twice, or on two instances at once, deletes nothing more.
 */
export const deleteEndedMfaChallenges = (tx: Db) =>
  deleted(tx, sql`delete from mfa_challenges where used_at is not null or expires_at < now()`);

export const deleteEndedWebauthnChallenges = (tx: Db) =>
  deleted(tx, sql`delete from webauthn_challenges where used_at is not null or expires_at < now()`);

export const deleteEndedPasswordTokens = (tx: Db) =>
  deleted(tx, sql`delete from password_tokens where used_at is not null or expires_at < now()`);

export const deleteEndedSsoLogins = (tx: Db) => deleted(tx, sql`delete from sso_logins where used_at is not null or expires_at < now()`);

export const deleteEndedSsoHandoffs = (tx: Db) =>
  deleted(tx, sql`delete from sso_handoffs where used_at is not null or expires_at < now()`);

export const deleteLongEndedSessions = (tx: Db) =>
  deleted(
    tx,
    sql`delete from sessions
         where expires_at < now() - ${ENDED_SESSIONS_KEPT}::interval
            or revoked_at < now() - ${ENDED_SESSIONS_KEPT}::interval`,
  );

/** The same rule as the rate-limit store's own sweep, for instances that take no rate-limited call. */
export const deleteEndedRateWindows = (tx: Db) =>
  deleted(tx, sql`delete from rate_limits where window_ends_at < now() - interval '1 minute'`);

/** SAML AuthnRequests never answered, and used assertions past their expiry (a replay of one is refused as expired). */
export const deleteEndedSamlRequests = (tx: Db) => deleted(tx, sql`delete from saml_requests where expires_at < now()`);

export const deleteEndedSamlAssertions = (tx: Db) => deleted(tx, sql`delete from saml_used_assertions where expires_at < now()`);

export const deleteQuietThrottleRows = async (tx: Db) => {
  const result = (await sweepThrottle(tx)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
};
