import { STATUS } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, passwordTokens, sponsorAdmins, users } from '../../db/schema/index.js';
import { sendPasswordLink } from '../../lib/password-links.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

const logs: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => logs.push(line) } });
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
  logs.length = 0;
});

/** A pending sponsor administrator with an activation link in the outbox; returns the link's token. */
async function pendingAdmin(email = 'new@test.local') {
  const sponsor = await t.createSponsor('ALPHA');
  const [u] = await t.db
    .insert(users)
    .values({ role: 'sponsor_admin', sponsorId: sponsor.id, email, firstName: 'Nia', lastName: 'Lo' })
    .returning();
  await t.db.insert(sponsorAdmins).values({ userId: u!.id, sponsorId: sponsor.id });
  await sendPasswordLink(t.db, {
    publicUrl: 'http://portal.test',
    userId: u!.id,
    email,
    firstName: 'Nia',
    sponsorId: sponsor.id,
    purpose: 'activation',
  });
  const [mail] = await t.db.select().from(emailOutbox);
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.bodyText)![1]!;
  return { user: u!, token };
}

const setPassword = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/authentication/password', payload: { token, password } });

describe('set a password from an e-mailed link', () => {
  it('activates the account once; the link cannot be used again; the user can then sign in', async () => {
    const { user, token } = await pendingAdmin();
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const first = await setPassword(token, 'a long new password 1');
    expect(first.statusCode).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.statusId).toBe(STATUS.active);
    expect(after!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const again = await setPassword(token, 'another long password');
    expect(again.statusCode).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      payload: { username: 'new@test.local', password: 'a long new password 1' },
    });
    expect(login.statusCode).toBe(200);
    expect((await t.db.select().from(auditLog)).map((e) => e.action)).toContain('auth.activate');
  });

  it('refuses an expired link, a short password and an unknown token, changing nothing', async () => {
    const { user, token } = await pendingAdmin();
    expect((await setPassword(token, 'short')).statusCode).toBe(400);
    expect((await setPassword('x'.repeat(43), 'a long new password 1')).statusCode).toBe(400);
    await t.db.update(passwordTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await setPassword(token, 'a long new password 1');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/not valid any more/);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.statusId).toBe(STATUS.pending);
    expect(after!.passwordHash).toBeNull();
  });

  it('answers a forgotten-password request the same for known and unknown addresses', async () => {
    await t.signInStaff('known@test.local');
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/forgot-password',
      payload: { email: 'known@test.local' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/forgot-password',
      payload: { email: 'nobody@test.local' },
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    // Queued just after the answer, so that its timing tells nothing (forgot-password.test.ts).
    await expect.poll(async () => (await t.db.select().from(emailOutbox)).map((m) => m.toAddress)).toEqual(['known@test.local']);
  });
});

describe('what is never logged or leaked', () => {
  it('keeps tokens and passwords out of the request logs', async () => {
    const { token } = await pendingAdmin();
    const auth = await t.signInStaff();
    await setPassword(token, 'a long new password 1');
    await t.app.inject({ method: 'GET', url: `/set-password?token=${token}` });
    await t.app.inject({ method: 'GET', url: '/api/v1/sponsors', headers: auth.headers });
    await t.app.inject({ method: 'GET', url: '/api/v1/audit?actor=someone.searched%40test.local&limit=100', headers: auth.headers });
    const text = logs.join('\n');
    expect(text).toContain('/api/v1/sponsors');
    // A search's values (e-mail addresses, names) stay out too; the parameter names are kept.
    expect(text).toContain('/api/v1/audit?actor=[redacted]&limit=[redacted]');
    expect(text).not.toContain('someone.searched');
    expect(text).not.toContain(token);
    expect(text).not.toContain(auth.headers.authorization.slice(7));
    expect(text).not.toContain(auth.headers['x-xsrf-token']);
    expect(text).not.toContain('a long new password 1');
    expect(text).not.toContain('correct horse battery staple');
  });

  it('answers an oversized body with 413 JSON and a server error without its stack', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x', password: 'y'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'The request is too large.' });
  });
});
