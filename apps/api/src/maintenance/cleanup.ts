import type { Database } from '../db/client.js';
import * as repo from './cleanup.repo.js';
import { createSchedule, type Schedule } from './schedule.js';

export interface CleanupLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** How many rows one pass removed, by kind. */
export interface CleanupCounts {
  mfaChallenges: number;
  webauthnChallenges: number;
  passwordTokens: number;
  ssoLogins: number;
  ssoHandoffs: number;
  sessions: number;
  rateLimits: number;
  signInThrottle: number;
  samlRequests: number;
  samlAssertions: number;
}

/**
 * One pass over the one-time rows no call can use any more. Under a transaction-scoped advisory
 * lock, so of several instances on one PostgreSQL database one does the work and the others skip
 * (answer null) rather than repeat it; the deletes are idempotent either way.
 */
export async function runCleanup(database: Database): Promise<CleanupCounts | null> {
  return database.db.transaction(async (tx) => {
    if (!(await repo.tryCleanupLock(tx))) return null;
    return {
      mfaChallenges: await repo.deleteEndedMfaChallenges(tx),
      webauthnChallenges: await repo.deleteEndedWebauthnChallenges(tx),
      passwordTokens: await repo.deleteEndedPasswordTokens(tx),
      ssoLogins: await repo.deleteEndedSsoLogins(tx),
      ssoHandoffs: await repo.deleteEndedSsoHandoffs(tx),
      sessions: await repo.deleteLongEndedSessions(tx),
      rateLimits: await repo.deleteEndedRateWindows(tx),
      signInThrottle: await repo.deleteQuietThrottleRows(tx),
      samlRequests: await repo.deleteEndedSamlRequests(tx),
      samlAssertions: await repo.deleteEndedSamlAssertions(tx),
    };
  });
}

export type Cleanup = Schedule<CleanupCounts | null>;

/** Runs `runCleanup` every `intervalMs` (0: never), a pass at a time. */
export function createCleanup(opts: { database: Database; intervalMs: number; log: CleanupLogger }): Cleanup {
  const { database, intervalMs, log } = opts;
  return createSchedule({
    intervalMs,
    run: async () => {
      const counts = await runCleanup(database);
      if (counts && Object.values(counts).some((n) => n > 0)) log.info(counts, 'one-time rows removed');
      return counts;
    },
    onError: (err) => log.error({ err: err.message }, 'cleanup pass failed'),
  });
}
