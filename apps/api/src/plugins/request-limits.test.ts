import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { MAX_LIST_OFFSET } from '@vault/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/per-file-app.js';
import { MAX_JSON_DEPTH, PUBLIC_BODY_LIMIT } from './json-body.js';

/** Issue 30, defects 4 and 5, and the bound on list offsets. */
const t = useTestApp();
const json = { 'content-type': 'application/json' };
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const TOO_DEEP = `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`;

describe('JSON bodies', () => {
  it('refuses a body nested deeper than the limit with 400, on public and signed-in routes alike', async () => {
    const deep = await t.app.inject({ method: 'POST', url: '/api/v1/authentication/login', headers: json, payload: nested(5_000) });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe(TOO_DEEP);

    const staff = await t.signInStaff();
    const inner = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sponsors/admin',
      headers: { ...staff.headers, ...json },
      payload: `{"email": ${nested(MAX_JSON_DEPTH)}}`,
    });
    expect(inner.statusCode).toBe(400);
    expect(inner.json().message).toBe(TOO_DEEP);
  });

  it('counts no brackets inside strings, and takes bodies as deep as the limit', async () => {
    const username = `${'['.repeat(40)}\\"${'{'.repeat(40)}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      headers: json,
      payload: `{"username": "${username}", "password": "x"}`,
    });
    expect(res.statusCode).toBe(401);
    const atLimit = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      headers: json,
      payload: `{"username": "a@example.com", "password": "x", "x": ${nested(MAX_JSON_DEPTH - 1)}}`,
    });
    // Parsed, then refused by the schema for its unknown field, not by the depth check.
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().message).not.toBe(TOO_DEEP);
  });

  it('gives the public sign-in routes a body limit of a few kilobytes', async () => {
    const big = JSON.stringify({ username: 'a@example.com', password: 'x'.repeat(PUBLIC_BODY_LIMIT) });
    for (const url of [
      '/api/v1/authentication/login',
      '/api/v1/authentication/second-factor',
      '/api/v1/authentication/forgot-password',
      '/api/v1/authentication/password',
      '/api/v1/authentication/passkey',
      '/api/v1/authentication/passkey/options',
    ]) {
      const res = await t.app.inject({ method: 'POST', url, headers: json, payload: big });
      expect(res.statusCode, url).toBe(413);
    }
    // A signed-in call still takes an ordinary body (refused here for its content, not its size).
    const staff = await t.signInStaff();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/sponsors/admin', headers: { ...staff.headers, ...json }, payload: big });
    expect(res.statusCode).toBe(400);
  });
});

describe('slow requests', () => {
  it('cuts off a body trickled a byte at a time with 408, instead of holding the connection', async () => {
    const server = await t.addInstance({ REQUEST_TIMEOUT_MS: '1000' });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    socket.write(
      'POST /api/v1/authentication/login HTTP/1.1\r\nHost: portal.test\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
    );
    // 200 bytes at one every 100 ms would take 20 s: the server must end it long before.
    const trickle = setInterval(() => socket.writable && socket.write(' '), 100);
    const answer = await new Promise<string>((resolve) => {
      let data = '';
      socket.on('data', (d) => {
        data += d.toString();
      });
      socket.on('close', () => resolve(data));
      socket.on('error', () => resolve(data));
    });
    clearInterval(trickle);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 15_000);
});

describe('list offsets', () => {
  it('are bounded: past the deepest page a list serves, 400 and nothing asked of the database', async () => {
    const staff = await t.signInStaff();
    const s = await t.createSponsor('ACME');
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vaultholders?sponsorId=${s.id}&offset=${MAX_LIST_OFFSET}`,
      headers: staff.headers,
    });
    expect(ok.statusCode).toBe(200);
    for (const url of [
      `/api/v1/vaultholders?sponsorId=${s.id}&offset=${MAX_LIST_OFFSET + 1}`,
      `/api/v1/vaultholders?sponsorId=${s.id}&offset=1e300`,
      `/api/v1/sponsors?offset=99999999999999999999`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: staff.headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().details?.[0]?.field, url).toBe('offset');
    }
  });
});
