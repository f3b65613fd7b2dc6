import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FIRST_SCREEN_COOKIE } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema/index.js';
import { createVault, resetVaultData, vaultBody, vaultWorld } from '../modules/vaults/vaults.fixtures.js';
import { type Auth, createTestApp, type TestApp } from '../test/harness.js';

// The portal's own renderer, from its source: the markup these tests read is what the build serves.
const RENDERER = resolve(import.meta.dirname, '../../../web/src/server/render-first-screen.tsx');
const INDEX =
  '<!doctype html><html><head><title>Vault Admin Portal</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
const HOSTILE = '</script><img src=x onerror=alert(1)>';
// Replacement patterns of String.replace: they must reach the page as they are.
const DOLLARS = "Dollar$'s $& Co";

let t: TestApp;
let dist: string;
let w: Awaited<ReturnType<typeof vaultWorld>>;
let admin: Auth;
let adminB: Auth;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'web-dist-'));
  await writeFile(join(dist, 'index.html'), INDEX);
  t = await createTestApp({ env: { WEB_DIST: dist, FIRST_SCREEN_RENDERER: RENDERER } });
  await t.reset();
  w = await vaultWorld(t);
  admin = await t.signInSponsorAdmin(w.a.id);
  adminB = await t.signInSponsorAdmin(w.b.id);
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});
beforeEach(async () => resetVaultData(t));

const tokenOf = (auth: Auth) => auth.headers.authorization.replace(/^Bearer /, '');
const cookieFor = (auth: Auth, sponsorId: number, extra: Record<string, unknown> = {}) =>
  encodeURIComponent(JSON.stringify({ token: tokenOf(auth), sponsorId, sponsorCode: 'AAA', columns: null, ...extra }));
const page = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie: `${FIRST_SCREEN_COOKIE}=${cookie}` } });
/** The data the page carries for the browser's app, or null for a page without a first screen. */
const embedded = (html: string) => {
  const m = html.match(/<script type="application\/json" id="first-screen-data">(.*?)<\/script>/s);
  return m ? (JSON.parse(m[1]!) as { sponsorId: number; path: string; list: { data: { email: string }[]; total: number } }) : null;
};

describe('the vault list sent with its rows (decision 0051)', () => {
  it('draws the first page the list route gives this session, never kept by a cache', async () => {
    const made = [];
    for (const first of ['Ada', 'Ben', 'Cy'])
      made.push(await createVault(t, admin, w.a.id, vaultBody({ firstName: first, packageId: w.gold.id })));
    const res = await page('/', cookieFor(admin, w.a.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const api = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vaultholders?limit=20&offset=0&sponsorId=${w.a.id}`,
      headers: admin.headers,
    });
    const data = embedded(res.body)!;
    expect(data).toEqual({ sponsorId: w.a.id, path: '/', list: api.json() });
    for (const m of made) expect(res.body).toContain(`>${m.email}</td>`);
    expect(res.body).toContain('1–3 of 3');
    // The page never carries the session's token.
    expect(res.body).not.toContain(tokenOf(admin));
  });

  it('draws the page and sort the address names, and leaves a list showing times to the browser', async () => {
    for (const first of ['Ada', 'Ben', 'Cy']) await createVault(t, admin, w.a.id, vaultBody({ firstName: first, packageId: w.gold.id }));
    const res = await page('/?sort=firstName&dir=desc', cookieFor(admin, w.a.id));
    const names = [...res.body.matchAll(/data-strong="true" href="\/vaultdetails\/\d+">(\w+)</g)].map((m) => m[1]);
    expect(names).toEqual(['Cy', 'Ben', 'Ada']);
    expect(embedded(res.body)!.path).toBe('/?sort=firstName&dir=desc');
    // "Last Sign-in" is written in the browser's time zone: chosen in the address or remembered.
    expect(embedded((await page('/?cols=id,email,lastLoginAt', cookieFor(admin, w.a.id))).body)).toBeNull();
    expect(embedded((await page('/', cookieFor(admin, w.a.id, { columns: ['email', 'lastLoginAt'] }))).body)).toBeNull();
    expect(embedded((await page('/?cols=id,email', cookieFor(admin, w.a.id, { columns: ['email', 'lastLoginAt'] }))).body)).not.toBeNull();
  });

  it('writes a hostile name as text, in the markup and in the data', async () => {
    const made = await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id }));
    await t.db.update(users).set({ lastName: HOSTILE, firstName: DOLLARS }).where(eq(users.id, made.id));
    const res = await page('/', cookieFor(admin, w.a.id));
    expect(res.body).not.toContain(HOSTILE);
    expect(res.body).toContain('>Dollar$&#x27;s $&amp; Co</a>');
    expect(embedded(res.body)!.list.data[0]).toMatchObject({ firstName: DOLLARS });
    expect(res.body.match(/<\/html>/g)).toHaveLength(1);
    expect(res.body).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(res.body).toContain('\\u003c/script\\u003e\\u003cimg');
    expect(JSON.stringify(embedded(res.body)!.list)).toContain(HOSTILE);
  });

  it("sends index.html alone for another portal's rows, an ended session, a bad cookie or another screen", async () => {
    const made = await createVault(t, adminB, w.b.id, vaultBody({ packageId: w.gold.id }));
    const plain = async (url: string, cookie?: string) => {
      const res = await page(url, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.body).not.toContain(made.email);
    };
    await plain('/', cookieFor(admin, w.b.id));
    await plain('/', cookieFor(admin, 987654));
    await plain('/');
    for (const bad of ['not-json', '%7B', encodeURIComponent('{"token":1}'), cookieFor(admin, w.a.id, { role: 'staff' }), 'x'.repeat(3000)])
      await plain('/', bad);
    await plain('/overview', cookieFor(adminB, w.b.id));
    await plain('/?field=email&q=a', cookieFor(adminB, w.b.id));
    // Its own portal, then the session ends: the next page comes without rows.
    expect(embedded((await page('/', cookieFor(adminB, w.b.id))).body)!.list.total).toBe(1);
    await t.db.delete(sessions).where(eq(sessions.userId, adminB.userId));
    await plain('/', cookieFor(adminB, w.b.id));
  });

  it('is no credential for the API, and signing out clears it', async () => {
    const cookie = { cookie: `${FIRST_SCREEN_COOKIE}=${cookieFor(admin, w.a.id)}` };
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/vaultholders?sponsorId=${w.a.id}`, headers: cookie });
    expect(list.statusCode).toBe(401);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/authentication/logout', headers: { ...admin.headers, ...cookie } });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === FIRST_SCREEN_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/');
    expect(new Date(cleared!.expires!).getTime()).toBeLessThan(Date.now());
  });
});
