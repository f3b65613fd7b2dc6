import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client.js';
import { databaseExecutor, type SqlExecutor, transactionExecutor } from './queue.repo.js';

/**
 * The service's job queue: pg-boss 10 (decision 0042) in its own schema of the service's database,
 * PGlite or PostgreSQL, shared by every instance. Jobs are rows: one is enqueued in the transaction
 * of the change it belongs to, so it exists exactly when the change commits; a worker takes it
 * with FOR UPDATE SKIP LOCKED; a job whose instance died is expired by pg-boss's maintenance and
 * offered again.
 */
export const QUEUE_SCHEMA = 'pgboss';

export const QUEUES = {
  /** data `{ outboxId }`: send one row of email_outbox (mail/worker.ts). */
  email: 'email',
  /** data `{ deliveryId }`: post one row of webhook_deliveries (modules/webhooks/delivery.ts). */
  webhook: 'webhook',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * How pg-boss itself treats a job. The handlers plan their own waits (each failed attempt enqueues
 * the next one with its start time, in the transaction that records the failure), so pg-boss's
 * retries only cover a handler that threw (database unreachable) or an instance that died with the
 * job in hand (expired after `expireInSeconds`).
 */
const QUEUE_OPTIONS: Record<QueueName, PgBoss.Queue> = {
  email: { name: 'email', retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  webhook: { name: 'webhook', retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 2 * 60 },
};

const bossOptions = (db: SqlExecutor, extra: Partial<PgBoss.ConstructorOptions> = {}): PgBoss.ConstructorOptions => ({
  db,
  schema: QUEUE_SCHEMA,
  // The schema is installed by the service's migrations (installQueue), under their start-up lock.
  migrate: false,
  // No cron schedules: the service has none, and the timekeeper would poll for them.
  schedule: false,
  ...extra,
});

/**
 * Installs or upgrades pg-boss's schema and creates the service's queues; run by the migrations
 * (db/migrate.ts) on their locked connection, so instances starting together take turns.
 */
export async function installQueue(database: Database, client?: pg.PoolClient): Promise<void> {
  const boss = new PgBoss(bossOptions(databaseExecutor(database, client), { migrate: true, supervise: false }));
  await boss.start();
  try {
    const existing = new Set((await boss.getQueues()).map((q) => q.name));
    for (const options of Object.values(QUEUE_OPTIONS)) {
      if (!existing.has(options.name)) await boss.createQueue(options.name, options);
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

export interface JobQueueOptions {
  /** How often an idle worker looks for due jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often expired jobs (of a dead instance) are offered again. */
  maintenanceIntervalSeconds?: number;
  onError?: (err: Error) => void;
}

/**
 * A pg-boss instance on the service's database. `start()` begins maintenance (one instance at a
 * time does it, by pg-boss's own advisory lock); workers are added by the mail and webhook
 * modules; `stop()` ends the workers, waits for running jobs, and leaves the database open.
 */
export function createJobQueue(database: Database, opts: JobQueueOptions = {}): PgBoss {
  const boss = new PgBoss(
    bossOptions(databaseExecutor(database), {
      supervise: true,
      maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 60,
      pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2,
    }),
  );
  boss.on('error', (err) => opts.onError?.(err));
  return boss;
}

// Sending only builds SQL: one instance, never started, serves every enqueue in every transaction.
const sender = new PgBoss(
  bossOptions({
    executeSql: () => {
      throw new Error('Jobs are enqueued with a database (enqueueJob).');
    },
  }),
);

/** Enqueues one job in the caller's transaction (or on the database, outside one). */
export async function enqueueJob(db: Db, name: QueueName, data: object, options: { startAfter?: Date | string } = {}): Promise<string> {
  const id = await sender.send(name, data, { ...options, db: transactionExecutor(db) });
  if (!id) throw new Error(`The job queue "${name}" does not exist (migrations not applied?)`);
  return id;
}

/** Enqueues many jobs of one queue in the caller's transaction, in one statement. */
export async function enqueueJobs(db: Db, name: QueueName, jobs: { data: object; startAfter?: Date | string }[]): Promise<void> {
  if (jobs.length === 0) return;
  await sender.insert(
    jobs.map((j) => ({ name, data: j.data, startAfter: j.startAfter instanceof Date ? j.startAfter.toISOString() : j.startAfter })),
    { db: transactionExecutor(db) },
  );
}
