import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { prepareDatabase } from './db/seed/first-start.js';
import { startJobs } from './jobs/runtime.js';
import { describeError } from './lib/safe-error.js';
import { createAuditCheckpoints } from './maintenance/audit-checkpoints.js';
import { createAuditRetention } from './maintenance/audit-retention.js';
import { createCleanup } from './maintenance/cleanup.js';

/** Longest wait for running requests on SIGTERM before their connections are cut (then exit 1). */
const SHUTDOWN_GRACE_MS = 8_000;

// Whatever stops the process prints no query parameters (they may hold a password hash).
const crash = (err: unknown) => {
  console.error(`Vault Admin Portal stopped on an error: ${describeError(err)}`);
  process.exit(1);
};
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);

const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    // The whole list of what is wrong (names and rules, never a value), not just its first line.
    console.error(`Vault Admin Portal cannot start. ${(err as Error).message}`);
    process.exit(1);
  }
})();
if (!config.DATABASE_URL) mkdirSync(resolve(config.DATA_DIR), { recursive: true });
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE } : { dataDir: resolve(config.DATA_DIR) },
);
const { admin, demo } = await prepareDatabase(database, config);
// Run from source (npm start, npm run dev) a request is a debug line; compiled, an info line.
const fromSource = import.meta.url.endsWith('.ts');
const app = await buildApp({ config, database, logger: true, requestLogLevel: fromSource ? 'debug' : 'info' });
await app.listen({ port: config.PORT, host: config.HOST });
// Every instance runs the job queue's workers (e-mail, webhooks); a job goes to one of them (jobs/queue.ts).
const jobs = await startJobs({ database, config, log: app.log });
// Every instance schedules it; an advisory lock lets one pass run at a time across them.
const cleanup = createCleanup({
  database,
  intervalMs: config.CLEANUP_INTERVAL_SECONDS * 1000,
  log: app.log.child({ component: 'cleanup' }),
});
cleanup.start();
// The audit chains' heads are signed at least daily; every instance looks hourly, one signs.
const checkpoints = createAuditCheckpoints({ database, signer: app.auditSigner, log: app.log.child({ component: 'audit-checkpoints' }) });
checkpoints.start();
// Expired audit months are dropped whole and the coming months' partitions made (decision 0045).
const retention = createAuditRetention({ database, signer: app.auditSigner, log: app.log.child({ component: 'audit-retention' }) });
retention.start();

const address = `http://${config.HOST}:${(app.server.address() as { port: number }).port}`;
const lines = [
  '',
  `  Vault Admin Portal is running at ${address}`,
  `  Database: ${config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${resolve(config.DATA_DIR)}`}`,
  admin.generatedPassword
    ? `  Sign in as ${admin.email} with password ${admin.generatedPassword}  (shown once; keep it)`
    : `  Sign in as ${admin.email} with ${config.ADMIN_PASSWORD ? 'the password in ADMIN_PASSWORD' : 'the password printed when this database was created'}`,
  ...(demo?.lines ?? []),
  ...(config.apiDocs ? [`  API documentation: ${address}/api/docs`] : []),
  '',
];
console.log(lines.join('\n'));

let stopping = false;
async function shutdown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: finishing running requests');
  let forced = false;
  const deadline = setTimeout(() => {
    forced = true;
    app.log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'requests still running after the grace period: closing their connections');
    app.server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  deadline.unref();
  // close() stops accepting at once, answers 503 to requests arriving on open connections, and
  // resolves when the running ones (an import's transaction included) have finished.
  await Promise.all([app.close(), jobs.stop(), cleanup.stop(), checkpoints.stop(), retention.stop()]);
  clearTimeout(deadline);
  await database.close();
  app.log.info({ signal }, 'stopped');
  process.exit(forced ? 1 : 0);
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutdown(signal).catch(crash));
