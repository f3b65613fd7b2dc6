import { afterAll, beforeAll, beforeEach } from 'vitest';
import { auditLog } from '../db/schema/index.js';
import { ensureCatalog } from '../db/seed/catalog.js';
import { type Auth, createTestApp, type TestApp } from './harness.js';

/**
 * The set-up most API test files share: one app on a fresh database for the file, emptied before
 * each test (`catalog`: with the app catalogue put back). The answer stands for the app once
 * beforeAll has built it, so a file keeps writing `t.app`, `t.db`, `t.signInStaff()`.
 */
export function useTestApp(opts: { catalog?: boolean; env?: Record<string, string> } = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await createTestApp({ env: opts.env });
  });
  afterAll(async () => built?.close());
  beforeEach(async () => {
    await built!.reset();
    if (opts.catalog) await ensureCatalog(built!.db);
  });
  return madeInBeforeAll(() => built);
}

/**
 * Stands for what `get` answers once beforeAll has made it, so a file can name it at its top and
 * keep writing `t.app`, `w.a.id` in its tests.
 */
export function madeInBeforeAll<T extends object>(get: () => T | undefined): T {
  return new Proxy({} as T, {
    get: (_, key) => {
      const made = get();
      if (!made) throw new Error('The test app is built in beforeAll; use it inside a test or a hook.');
      return Reflect.get(made, key);
    },
  });
}

/** `inject(auth, method, url, payload?)`: a call as a signed-in user. */
export const injector = (t: TestApp) => (auth: Auth, method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

/** The audit entries of one action, oldest first. */
export const auditReader = (t: TestApp) => async (action: string) =>
  (await t.db.select().from(auditLog)).filter((e) => e.action === action);

/** Two sponsors, ACME and BETA, and a signed-in staff member: where most people tests start. */
export async function twoSponsorsAndStaff(t: TestApp) {
  const a = await t.createSponsor('ACME');
  const b = await t.createSponsor('BETA');
  const staff = await t.signInStaff();
  return { a, b, staff };
}
