import { randomBytes } from 'node:crypto';
import { SESSION_IDLE_MINUTES } from '@vault/contract';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ServerProcess, signIn, startServer } from './test/server-process.js';

/**
 * Two real instances started at the same moment on one empty PostgreSQL database behave as one:
 * first-start data once, sessions and their idle timeout shared, list totals current on both,
 * each import and each e-mail once, and no secret in anything either prints.
 */
const PASSWORD = 'instances-test-password-2026';
const baseUrl = process.env.TEST_DATABASE_URL!;
const dbName = `vault_instances_${randomBytes(5).toString('hex')}`;
const dbUrl = Object.assign(new URL(baseUrl), { pathname: `/${dbName}` }).toString();
let db: pg.Client;
let smtp: SMTPServer;
const delivered: string[] = [];
let a: ServerProcess;
let b: ServerProcess;
const startedAt = new Date();

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      stream.on('end', () => {
        delivered.push(/X-Vault-Outbox-Id: (\d+)/i.exec(raw)?.[1] ?? '?');
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const env = {
    DATABASE_URL: dbUrl,
    DEMO_DATA: 'true',
    ADMIN_PASSWORD: PASSWORD,
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`,
    LOG_LEVEL: 'info',
  };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
});

afterAll(async () => {
  for (const s of [a, b]) if (s?.child.exitCode === null) s.child.kill('SIGKILL');
  await db?.end();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
});

const count = async (text: string, params: unknown[] = []) => Number((await db.query(text, params)).rows[0].n);
const call = async (base: string, path: string, headers: Record<string, string>, init: { method?: string; body?: unknown } = {}) => {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: init.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> & { total?: number } };
};

it('apply migrations and first-start data once, and both answer ready', async () => {
  expect(await count(`select count(*) as n from users where role = 'staff'`)).toBe(1);
  expect(await count('select count(*) as n from sponsors')).toBe(8);
  expect(await count('select count(*) as n from app_integrations')).toBe(5);
  expect(await count('select count(*) as n from drizzle.__drizzle_migrations')).toBeGreaterThan(0);
  // Exactly one of them seeded the demo data and says so.
  expect([a, b].filter((s) => s.output().includes('Demo data:')).length).toBe(1);
  for (const s of [a, b]) expect((await call(s.url, '/api/health/ready', {})).json).toMatchObject({ status: 'ok', database: 'ok' });
});

it('share sessions and their idle timeout', async () => {
  const headers = await signIn(a.url, 'admin@vault.local', PASSWORD);
  expect((await call(b.url, '/api/v1/vaultholders?limit=1', headers)).status).toBe(200);
  await db.query(`update sessions set last_seen_at = now() - make_interval(mins => $1) where revoked_at is null`, [
    SESSION_IDLE_MINUTES + 1,
  ]);
  expect((await call(a.url, '/api/v1/vaultholders?limit=1', headers)).status).toBe(401);
  expect((await call(b.url, '/api/v1/vaultholders?limit=1', headers)).status).toBe(401);
});

it('refuse on one instance, at once, a session signed out or a user deactivated on the other (decision 0049)', async () => {
  for (let round = 0; round < 5; round++) {
    const headers = await signIn(a.url, 'admin@vault.local', PASSWORD);
    // Read twice on B, so B answers from the session it keeps.
    expect((await call(b.url, '/api/v1/vaultholders?limit=1', headers)).status).toBe(200);
    expect((await call(b.url, '/api/v1/vaultholders?limit=1', headers)).status).toBe(200);
    expect((await call(a.url, '/api/v1/authentication/logout', headers, { method: 'POST' })).status).toBeLessThan(300);
    expect((await call(b.url, '/api/v1/vaultholders?limit=1', headers)).status).toBe(401);
  }
  const headers = await signIn(a.url, 'admin@vault.local', PASSWORD);
  expect((await call(b.url, '/api/v1/vaultholders?limit=1', headers)).status).toBe(200);
  await db.query(`update users set status_id = 2 where email = 'admin@vault.local'`);
  expect((await call(b.url, '/api/v1/vaultholders?limit=1', headers)).status).toBe(401);
  await db.query(`update users set status_id = 1 where email = 'admin@vault.local'`);
});

it('import a file once when both confirm it, and show a new vault in the other instance’s list and total at once', async () => {
  const headers = await signIn(b.url, 'admin@vault.local', PASSWORD);
  const { rows } = await db.query(
    `select s.id, bp.name from sponsors s join package_sponsor ps on ps.sponsor_id = s.id join base_packages bp on bp.id = ps.package_id
      order by s.id limit 1`,
  );
  const sponsorId = Number(rows[0].id);
  const packageName = String(rows[0].name);
  // Enough holders for the totals to be kept (large portals' totals are cached).
  const csv = [
    'Email,First Name,Last Name,Package',
    ...Array.from({ length: 1200 }, (_, i) => `bulk${i}@instances.example,Bulk,Holder${i},${packageName}`),
  ].join('\n');
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'holders.csv');
  const preview = await fetch(`${a.url}/api/v1/users/import?sponsorId=${sponsorId}`, { method: 'POST', headers, body: form });
  expect(preview.status).toBe(200);
  const { jobId } = (await preview.json()) as { jobId: string };
  const before = await count('select count(*) as n from users where sponsor_id = $1', [sponsorId]);
  const confirms = await Promise.all(
    [a, b].map((s) => call(s.url, `/api/v1/users/import-vault?sponsorId=${sponsorId}`, headers, { method: 'POST', body: { jobId } })),
  );
  expect(confirms.map((c) => c.json.migrationStatus).sort()).toEqual(['AlreadyImported', 'Success']);
  expect(await count('select count(*) as n from users where sponsor_id = $1', [sponsorId])).toBe(before + 1200);

  const page2 = `/api/v1/vaultholders?sponsorId=${sponsorId}&offset=20&limit=20`;
  const total = (await call(a.url, page2, headers)).json.total!;
  expect((await call(a.url, page2, headers)).json.total).toBe(total);
  const [pkg] = (await db.query('select package_id from package_sponsor where sponsor_id = $1 limit 1', [sponsorId])).rows;
  for (const [i, via] of [b, a].entries()) {
    const created = await call(via.url, `/api/v1/users?sponsorId=${sponsorId}`, headers, {
      method: 'POST',
      body: {
        email: `fresh${i}@instances.example`,
        firstName: 'Fresh',
        lastName: 'Holder',
        packageId: Number(pkg.package_id),
        sponsoredAdvisorUserId: null,
        sendActivationEmail: true,
      },
    });
    expect(created.status).toBe(201);
    for (const s of [a, b]) expect((await call(s.url, page2, headers)).json.total).toBe(total + i + 1);
  }
});

it('send each e-mail once, print no password hash, and both stop cleanly on SIGTERM', async () => {
  // Both outbox workers run: wait until nothing is left to send, then every message arrived once.
  await expect
    .poll(() => count(`select count(*) as n from email_outbox where status in ('queued', 'sending', 'retrying')`), {
      timeout: 60_000,
      interval: 250,
    })
    .toBe(0);
  // The demo's queued messages and the two activation e-mails; the demo's "sent" ones are history.
  const { rows } = await db.query(`select id from email_outbox where status = 'sent' and sent_at >= $1 order by id`, [startedAt]);
  const sent = rows.map((r) => String(r.id));
  expect(sent.length).toBeGreaterThanOrEqual(5);
  expect([...delivered].sort((x, y) => Number(x) - Number(y))).toEqual(sent);

  for (const s of [a, b]) s.child.kill('SIGTERM');
  expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
  for (const s of [a, b]) expect(s.output()).not.toMatch(/\$argon2/);
});
