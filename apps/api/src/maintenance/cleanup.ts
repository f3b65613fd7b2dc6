import type { Database } from '../db/client.js';
import * as repo from './cleanup.repo.js';

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

export interface Cleanup {
  runOnce(): Promise<CleanupCounts | null>;
  start(): void;
  /** Ends the schedule and waits for a pass under way. */
  stop(): Promise<void>;
}

/** Runs `runCleanup` every `intervalMs` (0: never), a pass at a time. */
export function createCleanup(opts: { database: Database; intervalMs: number; log: CleanupLogger }): Cleanup {
  const { database, intervalMs, log } = opts;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  const runOnce = async () => {
    const counts = await runCleanup(database);
    if (counts && Object.values(counts).some((n) => n > 0)) log.info(counts, 'one-time rows removed');
    return counts;
  };

  const schedule = () => {
    // A pending pass never keeps the process alive: stopping is the shutdown's job, not the timer's.
    timer = setTimeout(pass, intervalMs).unref();
  };
  const pass = () => {
    if (stopped) return;
    running = runOnce()
      .catch((err) => log.error({ err: (err as Error).message }, 'cleanup pass failed'))
      .finally(() => {
        running = null;
        if (!stopped) schedule();
      });
  };

  return {
    runOnce,
    start() {
      if (!stopped || intervalMs <= 0) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
