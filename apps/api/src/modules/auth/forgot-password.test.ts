import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema/index.js';
import { useTestApp } from '../../test/per-file-app.js';

/** Issue 30, defect 6: forgot-password must not tell by its timing which addresses have accounts. */
const t = useTestApp();
const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/v1/authentication/forgot-password', payload: { email } });
const outbox = async () => (await t.db.select().from(emailOutbox)).map((m) => m.toAddress);

describe('forgot-password', () => {
  it('answers a known and an unknown address alike, and mails only the known one', async () => {
    await t.signInStaff('staff@test.local');
    const known = await forgot('staff@test.local');
    const unknown = await forgot('nobody@test.local');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    await expect.poll(outbox).toEqual(['staff@test.local']);
  });

  // Only a second connection can hold a lock the request would wait for; PGlite has one.
  it.runIf(process.env.TEST_DB === 'pg')(
    'answers before it looks the address up, so the look-up takes no time of the answer',
    async () => {
      await t.signInStaff('staff@test.local');
      const other = await t.database.pool!.connect();
      try {
        await other.query('begin');
        await other.query('lock table users in access exclusive mode');
        // Before the fix the look-up waited on this lock inside the request: no answer until released.
        const answer = await Promise.race([
          forgot('staff@test.local').then((r) => r.statusCode),
          new Promise<string>((resolve) => setTimeout(() => resolve('no answer while the look-up waited'), 10_000)),
        ]);
        expect(answer).toBe(202);
        expect(await outbox()).toEqual([]);
      } finally {
        await other.query('rollback');
        other.release();
      }
      await expect.poll(outbox).toEqual(['staff@test.local']);
    },
    30_000,
  );
});
