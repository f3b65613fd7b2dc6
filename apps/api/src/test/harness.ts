import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type AdminFlag, SESSION_MAX_HOURS, STATUS } from '@vault/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { sessions, sponsorAdmins, sponsors, users } from '../db/schema/index.js';
import { hashPassword, randomToken, sha256 } from '../lib/crypto.js';
import { xsrfTokenFor } from '../plugins/auth.js';

export const TEST_PASSWORD = 'correct horse battery staple';
let passwordHash: Promise<string> | undefined;

export interface Auth {
  userId: number;
  email: string;
  /** Headers a signed-in portal sends: bearer token and the XSRF echo. */
  headers: { authorization: string; 'x-xsrf-token': string };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  /** A second app on the same database, as a second instance would run (closed with this one). */
  addInstance(env?: Record<string, string>): Promise<FastifyInstance>;
  /** Empties every table (the migration-owned ones excepted) between tests. */
  reset(): Promise<void>;
  /** Runs `truncate <tables>`; audit_log refuses TRUNCATE, so this bypasses its trigger (tests only). */
  truncate(tables: string): Promise<void>;
  close(): Promise<void>;
  createSponsor(code: string, name?: string): Promise<{ id: number; sponsorCode: string }>;
  signInStaff(email?: string): Promise<Auth>;
  signInSponsorAdmin(sponsorId: number, flags?: Partial<Record<AdminFlag, boolean>>, email?: string): Promise<Auth>;
  /** Another session of a person already made (a second device, or a thief's copy). */
  signInAgain(email: string): Promise<Auth>;
}

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DB === 'pg' ? process.env.TEST_DATABASE_URL : undefined;
  if (url) {
    // A database of its own per test file, so files run in parallel without seeing each other.
    const name = `vault_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({
      url: u.toString(),
      poolSize: 5,
      // 57P01 is the termination our own `drop database … with (force)` causes at the end of a file.
      onPoolError: (err) => {
        if (err.code !== '57P01') throw err;
      },
    });
    await migrate(database);
    return {
      database,
      drop: async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const template = process.env.VAULT_TEST_TEMPLATE;
  if (!template) throw new Error('VAULT_TEST_TEMPLATE is not set: run the tests through vitest (global setup).');
  const database = await openDatabase({ loadDataDir: new Blob([await readFile(template)]) });
  return { database, drop: async () => {} };
}

/** Builds the real app on a real database (PGlite, or PostgreSQL with TEST_DB=pg). */
export async function createTestApp(
  opts: {
    logStream?: { write(line: string): void };
    env?: Record<string, string>;
    /** A migrated database the caller owns (and closes). */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const { database, drop } = opts.database ? { database: opts.database, drop: async () => {} } : await openTestDatabase();
  // Test apps keep sessions for reads as a deployed instance does (decisions 0049, 0053): tests
  // change sessions, users and rights with SQL of their own and call at once, so every API test
  // also proves that a revocation is refused by the very next request.
  const configFor = (env: Record<string, string> = {}) =>
    loadConfig({
      ADMIN_EMAIL: 'admin@test.local',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://portal.test',
      ...env,
    } as NodeJS.ProcessEnv);
  const app = await buildApp({
    config: configFor(opts.env),
    database,
    ...(opts.logStream ? { logger: true, logStream: opts.logStream } : {}),
  });
  await app.ready();
  const others: FastifyInstance[] = [];
  const tables = (
    await database.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public' and tablename not in ('statuses', 'app_settings')",
    )
  ).map((r) => `"${r.tablename}"`);
  // The job queue's jobs (jobs/queue.ts) go with the rows they name.
  tables.push('pgboss.job', 'pgboss.archive');

  const createUser = async (values: Partial<typeof users.$inferInsert> & { email: string; role: 'staff' | 'sponsor_admin' }) => {
    passwordHash ??= hashPassword(TEST_PASSWORD);
    const [u] = await database.db
      .insert(users)
      .values({ firstName: 'Test', lastName: 'User', statusId: STATUS.active, passwordHash: await passwordHash, ...values })
      .returning();
    return u!;
  };
  // Sessions are made as login makes them, without the login route: its rate limit and argon2 cost
  // would slow and flake files that sign in often. Login itself is tested in modules/auth.
  const signIn = async (email: string): Promise<Auth> => {
    const [u] = await database.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    const token = randomToken();
    const tokenHash = sha256(token);
    await database.db.insert(sessions).values({ tokenHash, userId: u!.id, expiresAt: new Date(Date.now() + SESSION_MAX_HOURS * 3600_000) });
    return { userId: u!.id, email, headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrfTokenFor(app.xsrfKey, tokenHash) } };
  };

  // Test-only: the append-only audit log refuses TRUNCATE. A replica session fires no ordinary
  // trigger; `set local` limits that to this transaction, and only a superuser may set it.
  // A replica session fires no trigger either, so no instance hears of it (migration 0034): the
  // test's instances forget their sessions as every instance would after a plain TRUNCATE.
  const truncate = async (what: string) => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw("set local session_replication_role = 'replica'"));
      await tx.execute(sql.raw(`truncate ${what}`));
    });
    for (const instance of [app, ...others]) instance.sessionCache.revoke('*');
  };

  return {
    app,
    database,
    db: database.db,
    reset: async () => truncate(`${tables.join(', ')} restart identity cascade`),
    truncate,
    addInstance: async (env) => {
      const other = await buildApp({ config: configFor({ ...opts.env, ...env }), database });
      await other.ready();
      others.push(other);
      return other;
    },
    close: async () => {
      for (const other of others) await other.close();
      await app.close();
      await database.close();
      await drop();
    },
    createSponsor: async (code, name) => {
      const [s] = await database.db
        .insert(sponsors)
        .values({ sponsorCode: code, name: name ?? `${code} Wealth` })
        .returning();
      return { id: s!.id, sponsorCode: s!.sponsorCode };
    },
    signInStaff: async (email = 'staff@test.local') => {
      await createUser({ email, role: 'staff' });
      return signIn(email);
    },
    signInSponsorAdmin: async (sponsorId, flags = {}, email = `admin${sponsorId}@test.local`) => {
      const u = await createUser({ email, role: 'sponsor_admin', sponsorId });
      await database.db.insert(sponsorAdmins).values({ userId: u.id, sponsorId, ...flags });
      return signIn(email);
    },
    signInAgain: signIn,
  };
}
