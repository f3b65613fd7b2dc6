import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth, createTestApp, type TestApp } from '../test/harness.js';
import { OwnPostgres } from '../test/own-postgres.js';
import { type Database, openDatabase } from './client.js';
import { migrate } from './migrate.js';

/**
 * PostgreSQL stopped and restarted under load, on a cluster of this test's own (the machine's
 * shared server is never stopped). Runs with the PostgreSQL project (CI sets TEST_DATABASE_URL).
 */
describe.runIf(process.env.TEST_DB === 'pg')('database outage', () => {
  let cluster: OwnPostgres;
  let database: Database;
  let t: TestApp;
  let staff: Auth;
  let sponsorId: number;
  const lines: string[] = [];

  beforeAll(async () => {
    cluster = new OwnPostgres();
    cluster.start();
    database = await openDatabase({ url: cluster.url, poolSize: 5, connectionTimeoutMillis: 2000 });
    await migrate(database);
    t = await createTestApp({ database, logStream: { write: (line) => lines.push(line) } });
    sponsorId = (await t.createSponsor('AAA')).id;
    staff = await t.signInStaff();
  }, 120_000);
  afterAll(async () => {
    await t?.app.close();
    await database?.close();
    cluster?.destroy();
  });

  const call = () =>
    t.app.inject({ method: 'GET', url: `/api/v1/vaultholders?sponsorId=${sponsorId}`, headers: staff.headers }).then((r) => ({
      status: r.statusCode,
      retryAfter: r.headers['retry-after'],
      body: r.body,
    }));
  /** Several clients calling at once, `rounds` times each. */
  const load = async (rounds: number) =>
    (
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          const out = [];
          for (let i = 0; i < rounds; i++) out.push(await call());
          return out;
        }),
      )
    ).flat();
  const warnings = () => lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level >= 40);

  it('answers 503 with Retry-After while the database is away, logs the change once, and recovers by itself', async () => {
    expect((await load(2)).every((r) => r.status === 200)).toBe(true);

    // Stopped while requests run: each answer is a 200 from before or a 503, never a 500.
    const during = load(25);
    cluster.stop();
    const answers = [...(await during), ...(await load(25))];
    expect(answers.filter((r) => r.status !== 200 && r.status !== 503)).toEqual([]);
    const unavailable = answers.filter((r) => r.status === 503);
    expect(unavailable.length).toBeGreaterThan(100);
    for (const r of unavailable) {
      expect(r.retryAfter).toMatch(/^\d+$/);
      expect(JSON.parse(r.body)).toEqual({ message: expect.any(String) });
    }
    // Hundreds of failed requests, one line: the change of state.
    expect(warnings().map((l) => l.msg)).toEqual(['database unreachable; answering 503 until it is back']);
    expect(lines.join('\n')).not.toMatch(/Failed query|select /);

    cluster.start();
    // The pool opens new connections by itself; the first calls may still meet the old ones.
    let recovered = false;
    for (let i = 0; i < 50 && !recovered; i++) recovered = (await call()).status === 200;
    expect(recovered).toBe(true);
    expect((await load(3)).every((r) => r.status === 200)).toBe(true);
    expect(lines.filter((l) => l.includes('database reachable again'))).toHaveLength(1);
    expect(warnings()).toHaveLength(1);
  }, 120_000);
});
