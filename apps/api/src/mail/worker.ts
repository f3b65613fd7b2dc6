import type { Transporter } from 'nodemailer';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { enqueueJob, enqueueJobs, QUEUE_SCHEMA, QUEUES } from '../jobs/queue.js';
import { htmlWithoutLinks, recipientDomain, withoutLinks } from '../lib/outbox.js';
import type { OutboxRow } from './outbox.repo.js';
import * as repo from './outbox.repo.js';
import { retryLater } from './outbox-retry.repo.js';
import { createSmtpTransport } from './transport.js';

/** What rests in the outbox once a message left or was given up: no single-use link. */
const storedCopy = (r: OutboxRow) => ({ text: withoutLinks(r.body_text), html: r.body_html ? htmlWithoutLinks(r.body_html) : null });

export interface MailLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface MailWorkerOptions {
  database: Database;
  /** The job queue (jobs/queue.ts) whose `email` jobs this worker takes. */
  queue: PgBoss;
  /** Without it nothing is sent: messages stay in the outbox (links are never logged). */
  smtpUrl?: string;
  from: string;
  log: MailLogger;
  /** A ready transport (tests); otherwise one is built from smtpUrl. */
  transport?: Transporter;
  batchSize?: number;
  /** After this many attempts a message is marked failed (shown on App Status). */
  maxAttempts?: number;
  /** Wait before attempt n + 1 after n failed attempts. */
  backoffMs?: (attempts: number) => number;
  /** A message claimed but not finished within this time (crashed instance) is offered again. */
  leaseMs?: number;
}

export interface MailWorker {
  /** One pass: takes up to batchSize due jobs, sends and settles their messages; answers how many jobs it took. */
  runOnce(): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const DEFAULT_MAX_ATTEMPTS = 6;
/** 1 min, 2, 4, 8, 16 … capped at one hour. */
export const defaultBackoff = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/** A 5xx reply is permanent (no such mailbox, refused): retrying will not help. */
const isPermanent = (err: unknown) => {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/**
 * The e-mail worker (DESIGN 5) on the job queue: every `email` job names one outbox row. Every
 * instance may run one: pg-boss hands a job to one worker (FOR UPDATE SKIP LOCKED), and the row
 * itself is claimed in one statement, so a message is sent once even when two jobs name it. A
 * failure records the mail server's answer and enqueues the next attempt with its growing wait in
 * the same transaction; a crash after claiming leaves the row 'sending' until its lease ends, then
 * pg-boss offers the expired job again (at-least-once only in that crash window).
 */
export function createMailWorker(opts: MailWorkerOptions): MailWorker {
  const { database, log, queue } = opts;
  const batchSize = opts.batchSize ?? 10;
  const maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const backoff = opts.backoffMs ?? defaultBackoff;
  const leaseMs = opts.leaseMs ?? 10 * 60_000;
  const transport = opts.transport ?? (opts.smtpUrl ? createSmtpTransport(opts.smtpUrl) : null);
  let workerId: string | null = null;

  /** What a log line says about a message: never its text, its links or the full address. */
  const about = (r: Pick<OutboxRow, 'id' | 'template' | 'to_address'>) => ({
    outboxId: Number(r.id),
    template: r.template,
    toDomain: recipientDomain(r.to_address),
  });

  /**
   * Messages left without a job (queued while SMTP_URL was not set, or before this queue existed)
   * get one when a transport is there; once per worker, before its first pass.
   */
  let offered: Promise<void> | null = null;
  const offerOpen = () => {
    offered ??= (async () => {
      if (!transport) return;
      const rows = await repo.openWithoutJob(database, QUEUE_SCHEMA);
      await enqueueJobs(
        database.db,
        QUEUES.email,
        rows.map((r) => ({ data: { outboxId: Number(r.id) }, startAfter: new Date(r.next_attempt_at) })),
      );
    })();
    return offered;
  };

  async function deliver(r: OutboxRow) {
    try {
      await transport!.sendMail({
        from: opts.from,
        to: r.to_address,
        subject: r.subject,
        text: r.body_text,
        ...(r.body_html ? { html: r.body_html } : {}),
        ...(r.reply_to ? { replyTo: r.reply_to } : {}),
        headers: { 'X-Vault-Outbox-Id': String(r.id) },
      });
      await repo.markSent(database, r.id, storedCopy(r));
      log.info(about(r), 'e-mail sent');
    } catch (err) {
      const message = `${(err as Error).message ?? err}`.slice(0, 500);
      const attempts = Number(r.attempts);
      if (isPermanent(err) || attempts >= maxAttempts) {
        // A message given up is not retried: its links need not rest in the database either.
        await repo.markFailed(database, r.id, message, storedCopy(r));
        log.error({ ...about(r), attempts, err: message }, 'e-mail given up');
      } else {
        await database.db.transaction(async (tx) => {
          const due = await retryLater(tx, r.id, message, backoff(attempts));
          await enqueueJob(tx, QUEUES.email, { outboxId: Number(r.id) }, { startAfter: due });
        });
        log.warn({ ...about(r), attempts, err: message }, 'e-mail not sent; will retry');
      }
    }
  }

  async function handle(outboxId: number) {
    if (!transport) {
      // No SMTP: the message stays queued in the outbox (its text and link there only); noted once.
      const [r] = await repo.about(database, outboxId);
      if (r) log.info(about(r), 'e-mail queued; kept in the outbox (SMTP_URL is not set)');
      return;
    }
    const [row] = await repo.claim(database, outboxId, leaseMs);
    // Sent already, being sent by another instance, or not due yet (its own job comes then).
    if (row) await deliver(row);
  }

  const handleAll = async (jobs: PgBoss.Job<{ outboxId: number }>[]) => {
    for (const job of jobs) await handle(Number(job.data.outboxId));
  };

  return {
    async runOnce() {
      await offerOpen();
      const jobs = await queue.fetch<{ outboxId: number }>(QUEUES.email, { batchSize });
      if (jobs.length === 0) return 0;
      try {
        await handleAll(jobs);
        await queue.complete(
          QUEUES.email,
          jobs.map((j) => j.id),
        );
      } catch (err) {
        // pg-boss offers them again after its retry delay.
        await queue.fail(
          QUEUES.email,
          jobs.map((j) => j.id),
        );
        throw err;
      }
      return jobs.length;
    },
    async start() {
      if (workerId) return;
      if (!transport) log.info({}, 'SMTP_URL is not set: e-mails stay in the outbox, unsent');
      await offerOpen();
      workerId = await queue.work<{ outboxId: number }>(QUEUES.email, { batchSize }, handleAll);
    },
    async stop() {
      if (workerId) await queue.offWork({ id: workerId });
      workerId = null;
      transport?.close();
    },
  };
}
