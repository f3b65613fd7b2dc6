import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { ensureStaffAdmin } from './db/seed/admin.js';
import { ensureCatalog } from './db/seed/catalog.js';
import { seedDemoIfEmpty } from './db/seed/demo.js';
import { createMailWorker } from './mail/worker.js';

const config = loadConfig();
if (!config.DATABASE_URL) mkdirSync(resolve(config.DATA_DIR), { recursive: true });
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: resolve(config.DATA_DIR) });
await migrate(database);
// The app-integration catalogue is product data: every start makes sure it is there.
await ensureCatalog(database.db);
const admin = await ensureStaffAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
const demo = config.demoData
  ? await seedDemoIfEmpty(database.db, { adminPassword: admin.generatedPassword ?? config.ADMIN_PASSWORD })
  : null;
const app = await buildApp({ config, database, logger: true });
await app.listen({ port: config.PORT, host: config.HOST });
// Every instance runs the outbox worker; FOR UPDATE SKIP LOCKED keeps them from sending a message twice.
const mail = createMailWorker({ database, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log.child({ component: 'mail' }) });
mail.start();

const address = `http://${config.HOST}:${(app.server.address() as { port: number }).port}`;
const lines = [
  '',
  `  Vault Admin Portal is running at ${address}`,
  `  Database: ${config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${resolve(config.DATA_DIR)}`}`,
  admin.generatedPassword
    ? `  Sign in as ${admin.email} with password ${admin.generatedPassword}  (shown once; keep it)`
    : `  Sign in as ${admin.email} with ${config.ADMIN_PASSWORD ? 'the password in ADMIN_PASSWORD' : 'the password printed when this database was created'}`,
  ...(demo?.lines ?? []),
  `  API documentation: ${address}/api/docs`,
  '',
];
console.log(lines.join('\n'));

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing running requests');
    // Fastify answers 503 to new requests while close() waits for the running ones.
    await mail.stop();
    await app.close();
    await database.close();
    process.exit(0);
  });
}
