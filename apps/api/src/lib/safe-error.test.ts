import { STATUS } from '@vault/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { describeError } from './safe-error.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
});
afterAll(async () => t.close());

it('describes a failed insert by its database error, without the query or its parameters', async () => {
  const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$c2VjcmV0aGFzaA';
  const row = {
    role: 'staff' as const,
    email: 'twice@vault.local',
    firstName: 'A',
    lastName: 'B',
    passwordHash: hash,
    statusId: STATUS.active,
  };
  await t.db.insert(users).values(row);
  const err = await t.db
    .insert(users)
    .values(row)
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect(String((err as Error).message)).toContain(hash);
  const text = describeError(err);
  expect(text).toMatch(/23505: duplicate key value violates unique constraint/);
  expect(text).not.toContain('argon2');
  expect(text).not.toContain('twice@vault.local');
  expect(text).not.toMatch(/insert into/i);
});
