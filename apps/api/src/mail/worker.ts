import type { Transporter } from 'nodemailer';
import type { Database } from '../db/client.js';
import { htmlWithoutLinks, recipientDomain, withoutLinks } from '../lib/outbox.js';
import type { OutboxRow } from './outbox.repo.js';
import * as repo from './outbox.repo.js';
import { createSmtpTransport } from './transport.js';

export interface MailLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface MailWorkerOptions {
  database: Database;
  /** Without it nothing is sent: messages stay in the outbox (links are never logged). */
  smtpUrl?: string;
  from: string;
  log: MailLogger;
  /** A ready transport (tests); otherwise one is built from smtpUrl. */
  transport?: Transporter;
  batchSize?: number;
  pollMs?: number;
  /** After this many attempts a message is marked failed (shown on App Status). */
  maxAttempts?: number;
  /** Wait before attempt n + 1 after n failed attempts. */
  backoffMs?: (attempts: number) => number;
  /** A message claimed but not finished within this time (crashed instance) is offered again. */
  leaseMs?: number;
}

export interface MailWorker {
  /** One pass: claims, sends and settles up to batchSize messages; answers how many were processed. */
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

const storedCopy = (r: OutboxRow) => ({ text: withoutLinks(r.body_text), html: r.body_html ? htmlWithoutLinks(r.body_html) : null });

export const DEFAULT_MAX_ATTEMPTS = 6;
/** 1 min, 2, 4, 8, 16 … capped at one hour. */
export const defaultBackoff = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/** A 5xx reply is permanent (no such mailbox, refused): retrying will not help. */
const isPermanent = (err: unknown) => {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/**
 * The e-mail outbox worker (DESIGN 5). Every instance may run one: a message is claimed with
 * FOR UPDATE SKIP LOCKED and moved to 'sending' in one statement, so two instances never take the
 * same message. A crash after claiming leaves it in 'sending' until its lease ends, then it is
 * offered again (at-least-once only in that crash window).
 */
export function createMailWorker(opts: MailWorkerOptions): MailWorker {
  const { database, log } = opts;
  const batchSize = opts.batchSize ?? 10;
  const pollMs = opts.pollMs ?? 2_000;
  const maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const backoff = opts.backoffMs ?? defaultBackoff;
  const leaseMs = opts.leaseMs ?? 10 * 60_000;
  const transport = opts.transport ?? (opts.smtpUrl ? createSmtpTransport(opts.smtpUrl) : null);
  let lastLoggedId = 0;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  /** What a log line says about a message: never its text, its links or the full address. */
  const about = (r: Pick<OutboxRow, 'id' | 'template' | 'to_address'>) => ({
    outboxId: Number(r.id),
    template: r.template,
    toDomain: recipientDomain(r.to_address),
  });

  /** No SMTP: note each new pending message once; its text (and link) stays in the outbox only. */
  async function logPending(): Promise<number> {
    const rows = await repo.pendingAfter(database, lastLoggedId, 100);
    for (const r of rows) {
      log.info(about(r), 'e-mail queued; kept in the outbox (SMTP_URL is not set)');
      lastLoggedId = Math.max(lastLoggedId, Number(r.id));
    }
    return rows.length;
  }

  let lastReclaim = 0;
  async function claim(): Promise<OutboxRow[]> {
    if (Date.now() - lastReclaim > 60_000) {
      lastReclaim = Date.now();
      await repo.reclaimExpired(database);
    }
    return repo.claimBatch(database, batchSize, leaseMs);
  }

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
        await repo.retryLater(database, r.id, message, backoff(attempts));
        log.warn({ ...about(r), attempts, err: message }, 'e-mail not sent; will retry');
      }
    }
  }

  async function runOnce(): Promise<number> {
    if (!transport) return logPending();
    const rows = await claim();
    for (const r of rows) await deliver(r);
    return rows.length;
  }

  const loop = () => {
    if (stopped) return;
    running = runOnce()
      .catch((err) => log.error({ err: (err as Error).message }, 'e-mail worker pass failed'))
      .then((n) => {
        running = null;
        if (stopped) return;
        // A full batch means more may be waiting: go again at once.
        timer = setTimeout(loop, typeof n === 'number' && n >= batchSize && transport ? 0 : pollMs);
      });
  };

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      if (!transport) log.info({}, 'SMTP_URL is not set: e-mails stay in the outbox, unsent');
      loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      transport?.close();
    },
  };
}
