import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth, createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let staff: Auth;
let sponsorId: number;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => lines.push(line) } });
  sponsorId = (await t.createSponsor('AAA')).id;
  staff = await t.signInStaff();
});
afterAll(async () => t.close());

const UNSTORABLE = { nul: 'ann\u0000@x.test', 'lone high surrogate': 'ann\ud800', 'lone low surrogate': '\udc00ann' };

describe('text the database cannot store', () => {
  for (const [name, text] of Object.entries(UNSTORABLE)) {
    it(`answers 400 for a ${name} in a JSON string, and logs no SQL`, async () => {
      lines.length = 0;
      for (const url of [`/api/v1/vaultholders/search?sponsorId=${sponsorId}`, `/api/v1/invitations/search?sponsorid=${sponsorId}`]) {
        const res = await t.app.inject({ method: 'POST', url, headers: staff.headers, payload: { fieldName: 'email', fieldValue: text } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({ message: expect.any(String), details: [{ field: 'fieldValue', message: expect.any(String) }] });
      }
      expect(lines.join('\n')).not.toMatch(/Failed query|select |params:/i);
    });
  }

  it('answers 400 for a NUL in a path parameter and in a query parameter', async () => {
    const path = await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/AAA%00/sponsor-group', headers: staff.headers });
    expect(path.statusCode).toBe(400);
    expect(path.json().message).toEqual(expect.any(String));
    const query = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vaultholders/export?sponsorId=${sponsorId}&fieldName=email&fieldValue=a%00b`,
      headers: staff.headers,
    });
    expect(query.statusCode).toBe(400);
  });

  it('answers 400 for percent-encoded bytes that are not UTF-8, and takes a lone % literally', async () => {
    const url = `/api/v1/vaultholders/export?sponsorId=${sponsorId}&fieldName=email&fieldValue=`;
    expect((await t.app.inject({ method: 'GET', url: `${url}a%ED%A0%80b`, headers: staff.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${url}50%`, headers: staff.headers })).statusCode).toBe(200);
  });

  it('keeps characters outside the basic plane when they are paired', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/vaultholders/search?sponsorId=${sponsorId}`,
      headers: staff.headers,
      payload: { fieldName: 'firstName', fieldValue: 'Zoë 😀' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('search field names', () => {
  it('refuses an invitation search by a field that is not searchable', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/invitations/search?sponsorid=${sponsorId}`,
      headers: staff.headers,
      payload: { fieldName: 'x'.repeat(100_000), fieldValue: 'a' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('fieldName');
  });
});

describe('a path that no route serves', () => {
  // The query and body rules are the call's; with no call there is nothing to check them against.
  const NO_ROUTE = { statusCode: 404, message: expect.stringMatching(/^No route /) };
  const answer = (res: { statusCode: number; json(): { message: string } }) => ({
    statusCode: res.statusCode,
    message: res.json().message,
  });

  it('answers 404 whatever its query', async () => {
    for (const url of ['/api/v1/nope?x=1', '/api/v1/nope?sponsorId=1&x=a%00b', '/api/v1/nope?x=a%ED%A0%80b']) {
      const res = await t.app.inject({ method: 'GET', url, headers: staff.headers });
      expect(answer(res), url).toEqual(NO_ROUTE);
      expect(res.json().message, url).toBe('No route GET /api/v1/nope.');
    }
  });

  it('answers 404 whatever its body', async () => {
    for (const method of ['PUT', 'POST', 'PATCH', 'DELETE'] as const) {
      const json = await t.app.inject({ method, url: '/api/v1/nope?x=1', headers: staff.headers, payload: { a: 1, b: 'c\u0000' } });
      expect(answer(json), method).toEqual(NO_ROUTE);
      const text = await t.app.inject({
        method,
        url: '/api/v1/nope',
        headers: { ...staff.headers, 'content-type': 'text/plain' },
        payload: 'anything',
      });
      expect(answer(text), method).toEqual(NO_ROUTE);
      const broken = await t.app.inject({
        method,
        url: '/api/v1/nope',
        headers: { ...staff.headers, 'content-type': 'application/json' },
        payload: '{"a":',
      });
      expect(answer(broken), method).toEqual(NO_ROUTE);
    }
  });

  it('still checks the query of a call that exists', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/sponsors?x=1`, headers: staff.headers });
    expect(res.statusCode).toBe(400);
  });
});
