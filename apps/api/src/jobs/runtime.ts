import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { describeError } from '../lib/safe-error.js';
import { createMailWorker } from '../mail/worker.js';
import { createWebhookWorker, type WebhookWorkerOptions } from '../modules/webhooks/webhooks.delivery.js';
import { createJobQueue, type JobQueueOptions } from './queue.js';

export interface Jobs {
  queue: PgBoss;
  stop(): Promise<void>;
}

/** Longest wait for running jobs on stop; the rest are failed back to the queue (offered again). */
const STOP_WAIT_MS = 5_000;

/**
 * The queue and its workers on this instance (every instance runs them): e-mails and webhook
 * deliveries. Started by the server after migrations; stopped on SIGTERM within its grace period.
 */
export async function startJobs(opts: {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  queue?: JobQueueOptions;
  webhooks?: Partial<WebhookWorkerOptions>;
}): Promise<Jobs> {
  const { database, config, log } = opts;
  const queueLog = log.child({ component: 'jobs' });
  const queue = createJobQueue(database, {
    onError: (err) => queueLog.error({ err: describeError(err) }, 'job queue error'),
    ...opts.queue,
  });
  await queue.start();
  const mail = createMailWorker({
    database,
    queue,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    log: log.child({ component: 'mail' }),
  });
  await mail.start();
  const webhooks = createWebhookWorker({ database, queue, config, log: log.child({ component: 'webhooks' }), ...opts.webhooks });
  await webhooks.start();
  return {
    queue,
    async stop() {
      // Stops fetching, waits for running jobs (then fails the rest back to the queue), then closes the transports.
      await queue.stop({ graceful: true, timeout: STOP_WAIT_MS, close: false });
      await Promise.all([mail.stop(), webhooks.stop()]);
    },
  };
}
