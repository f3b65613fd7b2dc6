import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { users } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$notarealhashbutlookslikeone';

/** A real failing query: the driver's error, as Drizzle wraps it, with personal data in its parameters. */
async function failingInsert(): Promise<unknown> {
  const values = {
    email: 'dana.secret@client.test',
    role: 'staff' as const,
    firstName: 'Dana',
    lastName: 'Secret',
    statusId: 1,
    passwordHash: HASH,
  };
  await t.db.insert(users).values(values);
  return t.db
    .insert(users)
    .values(values)
    .then(
      () => expect.fail('the second insert should fail'),
      (err: unknown) => err,
    );
}

describe('errors in the log', () => {
  it('never carry the SQL, its parameters or a password hash', async () => {
    const error = await failingInsert();
    const lines: string[] = [];
    const config = loadConfig({ LOG_LEVEL: 'info' } as NodeJS.ProcessEnv);
    const app = await buildApp({ config, database: t.database, logger: true, logStream: { write: (l) => lines.push(l) } });
    app.get('/api/fails', { config: { auth: 'public' } }, async () => {
      // A failure the error model has no mapping for, carrying the database error as its cause.
      throw new Error('could not save the user', { cause: error });
    });
    const res = await app.inject({ method: 'GET', url: '/api/fails' });
    await app.close();
    expect(res.statusCode).toBe(500);
    const log = lines.join('\n');
    expect(log).toContain('unhandled error');
    for (const secret of [HASH, 'dana.secret@client.test', 'insert into', 'params']) expect(log).not.toContain(secret);
    // What is kept still tells an operator what failed.
    expect(log).toContain('23505');
  });
});
