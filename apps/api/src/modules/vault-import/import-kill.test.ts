import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.js';
import { basePackages, packageSponsor, sponsors, users } from '../../db/schema/index.js';
import { multipartBody } from '../../test/multipart.js';

/**
 * A server process killed (SIGKILL) while it imports a large CSV leaves nothing half-imported:
 * after a restart either every valid row is there or none is. A real process on a real PostgreSQL
 * (the CI's TEST_DATABASE_URL), since only a real kill shows what a transaction keeps.
 */
describe.runIf(process.env.TEST_DB === 'pg')('vault-holder import killed mid-way', () => {
  const ROWS = 50_000;
  const PASSWORD = 'kill-test-password-1234';
  const port = Number(process.env.KILL_TEST_PORT ?? 9204);
  const base = `http://127.0.0.1:${port}`;
  const name = `vault_kill_${randomBytes(5).toString('hex')}`;
  // The body is read even when the suite is skipped (no PostgreSQL): it must not throw then.
  const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/unused';
  const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  let server: ChildProcess | undefined;
  let database: Database;

  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };

  async function startServer() {
    server = spawn('node_modules/.bin/tsx', ['apps/api/src/server.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_EMAIL: 'staff@kill.test',
        ADMIN_PASSWORD: PASSWORD,
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
      // Its own process group: tsx runs the server in a child process, and the kill must reach it.
      detached: true,
    });
    const exited = new Promise<never>((_, reject) => server!.once('exit', (code) => reject(new Error(`server exited (${code})`))));
    for (;;) {
      const up = await Promise.race([
        fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        ),
        exited,
      ]);
      if (up) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const killServer = () =>
    new Promise<void>((resolve) => {
      if (!server || server.exitCode !== null || server.signalCode !== null) return resolve();
      server.once('exit', () => resolve());
      process.kill(-server.pid!, 'SIGKILL');
    });

  async function signIn() {
    const res = await fetch(`${base}/api/v1/authentication/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'staff@kill.test', password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
    const { accessToken } = (await res.json()) as { accessToken: string };
    return { authorization: `Bearer ${accessToken}`, 'x-xsrf-token': xsrf };
  }

  beforeAll(async () => {
    await admin(`create database ${name}`);
    await startServer();
    database = await openDatabase({ url, poolSize: 2 });
  }, 120_000);
  afterAll(async () => {
    await killServer();
    await database?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('keeps all of the rows or none of them, and the import can be confirmed again', async () => {
    const [sponsor] = await database.db.insert(sponsors).values({ sponsorCode: 'KILL', name: 'Kill Wealth' }).returning();
    const [gold] = await database.db
      .insert(basePackages)
      .values({ name: 'Gold Plan', storageQuotaBytes: 5e9, listPriceCents: 1000 })
      .returning();
    await database.db.insert(packageSponsor).values({ packageId: gold!.id, sponsorId: sponsor!.id, priceSaleCents: 900 });
    const holders = async () =>
      (
        await database.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, 'vault_holder'), eq(users.sponsorId, sponsor!.id)))
      ).length;

    const headers = await signIn();
    const csv = `email,firstName,lastName,package\n${Array.from({ length: ROWS }, (_, i) => `holder${i}@kill.test,Ann,Lee${i},Gold Plan`).join('\n')}`;
    const { payload, headers: form } = multipartBody({ name: 'holders.csv', content: csv });
    const preview = await fetch(`${base}/api/v1/users/import?sponsorId=${sponsor!.id}`, {
      method: 'POST',
      headers: { ...headers, ...form },
      // A plain byte array: the XML DOM types SAML brings in (decision 0039) type fetch's body without Buffer.
      body: new Uint8Array(payload),
    });
    expect(preview.status).toBe(200);
    const { jobId, validRows } = (await preview.json()) as { jobId: string; validRows: number };
    expect(validRows).toBe(ROWS);

    const confirm = () =>
      fetch(`${base}/api/v1/users/import-vault?sponsorId=${sponsor!.id}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ jobId }),
      });
    const running = confirm().catch(() => null);
    // Killed once the import's transaction has written rows that no one else can see yet.
    for (;;) {
      const [row] = await database.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_xid is not null and pid <> pg_backend_pid()',
      );
      if (row!.n > 0) break;
      expect(await holders()).toBe(0);
    }
    await killServer();
    // The kill lands while the import writes; should its commit win the race, the answer arrives.
    expect([null, 200]).toContain((await running)?.status ?? null);

    await startServer();
    const after = await holders();
    expect([0, ROWS]).toContain(after);
    if (after === 0) {
      const again = await confirm();
      expect(again.status).toBe(200);
      expect(await holders()).toBe(ROWS);
    }
  }, 300_000);
});
