import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

const INDEX = '<!doctype html><html><head><title>Vault Admin Portal</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16"/></svg>';
const HASHED = '/assets/index-Ab12Cd34.js';

let t: TestApp;
let dist: string;

/** A built portal as Vite and its precompress step leave it: each file with its .br and .gz copy. */
async function writeDist(dir: string) {
  await mkdir(join(dir, 'assets'), { recursive: true });
  for (const [path, body] of [
    ['index.html', INDEX],
    [HASHED.slice(1), SCRIPT],
    ['favicon.svg', ICON],
  ] as const) {
    await writeFile(join(dir, path), body);
    await writeFile(join(dir, `${path}.br`), brotliCompressSync(body));
    await writeFile(join(dir, `${path}.gz`), gzipSync(body));
  }
}

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'web-dist-'));
  await writeDist(dist);
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...headers } });

describe('the built portal', () => {
  it('sends a hashed asset as Brotli when accepted, cached for a year and immutable', async () => {
    const res = await get(HASHED, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gz = await get(HASHED, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get(HASHED);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('has index.html, the history fallback and unhashed files revalidated, so a release reaches users', async () => {
    for (const url of ['/', '/index.html', '/vaultdetails/12', '/favicon.svg']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      const body = brotliDecompressSync(res.rawPayload).toString();
      expect(body, url).toBe(url === '/favicon.svg' ? ICON : INDEX);
    }
    const page = await get('/vaultdetails/12');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toBe(INDEX);
  });

  it('answers an unknown API path with a JSON 404, not the portal', async () => {
    const res = await get('/api/v1/nothing-here', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No route GET /api/v1/nothing-here.' });
    // The history fallback serves no API call, so a query the API would refuse changes nothing.
    for (const url of ['/api/v1/nothing-here?x=1', '/api/v1/nothing-here?x=a%00b']) {
      const withQuery = await get(url);
      expect(withQuery.statusCode, url).toBe(404);
      expect(withQuery.json(), url).toEqual({ message: 'No route GET /api/v1/nothing-here.' });
    }
  });
});

describe('API answers', () => {
  it('compresses JSON over 1 KB for a client that accepts it and keeps it out of every cache', async () => {
    await t.reset();
    for (let i = 0; i < 30; i++) await t.createSponsor(`ZP${String(i).padStart(2, '0')}`, `Compression test sponsor number ${i}`);
    const staff = await t.signInStaff();
    const plain = await get('/api/v1/sponsors', undefined, staff.headers);
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get('/api/v1/sponsors', 'gzip, br', staff.headers);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.rawPayload.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a compressed answer whole, with its length, in the encoding the client prefers', async () => {
    await t.reset();
    for (let i = 0; i < 30; i++) await t.createSponsor(`ZG${String(i).padStart(2, '0')}`, `Compression test sponsor number ${i}`);
    const staff = await t.signInStaff();
    const plain = await get('/api/v1/sponsors', undefined, staff.headers);
    // What Node's fetch sends.
    const gz = await get('/api/v1/sponsors', 'gzip, deflate', staff.headers);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['transfer-encoding']).toBeUndefined();
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    expect((await get('/api/v1/sponsors', 'br;q=0.5, gzip', staff.headers)).headers['content-encoding']).toBe('gzip');
    expect((await get('/api/v1/sponsors', 'identity', staff.headers)).headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers uncompressed', async () => {
    const res = await get('/api/health', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });
});
