import { errorBody } from '@vault/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from './db/seed/catalog.js';
import { scimErrorBody } from './modules/scim/scim.schemas.js';
import { type Auth, createTestApp, type TestApp } from './test/harness.js';
import { hostileRequests, type JsonSchema, type Operation, operationsOf, withUnknownQuery } from './test/hostile-arbitraries.js';
import { integrationKey } from './test/integration-key.js';

/**
 * Hostile input, property-based: every operation of the served OpenAPI document that takes input
 * gets random, oversized, wrongly typed and unexpected bodies, queries and path values. Every answer
 * is a 4xx in the error model, and afterwards the database is exactly as it was.
 */

// Bounded so the file stays within about a minute per database.
const RUNS_PER_OPERATION = Number(process.env.HOSTILE_RUNS ?? 10);

let t: TestApp;
let ops: Operation[];
let staff: Auth;
let admin: Auth;
let sponsor: { id: number; sponsorCode: string };
/** The integration's key: X-Api-Key on integration calls, a bearer token on SCIM (scope scim). */
let key: string;
const isScim = (path: string) => path.startsWith('/scim/');
const keyHeaders = (path: string): Record<string, string> => (isScim(path) ? { authorization: `Bearer ${key}` } : { 'x-api-key': key });

/** A digest of every row of every table; sessions' activity times change on each call and are left out. */
async function fingerprint(): Promise<string> {
  const tables = await t.database.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  );
  const parts: string[] = [];
  for (const { tablename } of tables) {
    // Per-address request counters move with every request, refused or not: that is the rate limit
    // working, not a change the request made.
    if (tablename === 'rate_limits') continue;
    // Sessions and integration keys note when they were last used, on every call they make.
    const select =
      tablename === 'sessions'
        ? 'select id, user_id, token_hash from sessions'
        : tablename === 'sponsor_authorizations'
          ? 'select id, sponsor_id, sponsor_integration_id, scopes, expires_at, revoked_at from sponsor_authorizations'
          : `select * from "${tablename}"`;
    const [row] = await t.database.query<{ digest: string | null; n: number }>(
      `select md5(string_agg(r::text, '|' order by r::text)) as digest, count(*)::int as n from (${select}) r`,
    );
    parts.push(`${tablename}:${row?.n}:${row?.digest}`);
  }
  return parts.join('\n');
}

beforeAll(async () => {
  t = await createTestApp();
  sponsor = await t.createSponsor('AAA');
  await t.createSponsor('BBB');
  staff = await t.signInStaff();
  const flags = ['hasManageMfaAccess', 'hasArchiveVaultAccess', 'hasSubPortalManagePermission', 'hasIntegrationAccess'];
  admin = await t.signInSponsorAdmin(sponsor.id, Object.fromEntries(flags.map((f) => [f, true])));
  // The calls an integration makes, with its key.
  await ensureCatalog(t.db);
  key = await integrationKey(t, staff, sponsor.id, ['report_failed_uploads', 'redeem_invitations', 'scim']);
  ops = operationsOf(t.app.swagger()).filter((op) => op.method !== 'GET' || Object.keys(op.query).length > 0);
}, 120_000);
afterAll(async () => t.close());

const ctx = {
  sponsorQuery: (name: string) =>
    /^sponsor_?(id|code)$/i.test(name) ? (/code/i.test(name) ? sponsor.sponsorCode : sponsor.id) : undefined,
  pathValue: (name: string) =>
    /sponsorcode/i.test(name)
      ? sponsor.sponsorCode
      : /sponsorid/i.test(name)
        ? String(sponsor.id)
        : /jobid/i.test(name)
          ? crypto.randomUUID()
          : '1',
};

const ALLOWED_KEYS = new Set(['message', 'details', 'errorMsg']);

describe('hostile input', () => {
  it('every body schema refuses unknown fields', () => {
    const open: string[] = [];
    const walk = (s: JsonSchema | undefined, where: string) => {
      if (!s) return;
      for (const b of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(b, where);
      if (s.type === 'object' && s.properties && s.additionalProperties !== false) open.push(where);
      for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, `${where}.${k}`);
      if (s.items) walk(s.items, `${where}[]`);
    };
    for (const op of ops) walk(op.body, `${op.method} ${op.path}`);
    expect(open).toEqual([]);
  });

  it('refuses a query parameter a call does not declare, naming it, on every call, and changes nothing', async () => {
    const before = await fingerprint();
    const all = operationsOf(t.app.swagger());
    const accepted: string[] = [];
    for (const op of all) {
      const req = withUnknownQuery(op, ctx, 'zzUnknown');
      const send = (headers: Record<string, string>) =>
        t.app.inject({
          method: req.method as never,
          url: req.url,
          headers: { ...headers, 'content-type': 'application/json' },
          ...(req.payload !== undefined ? { payload: req.payload } : {}),
        });
      let res = await send(staff.headers);
      if (res.statusCode === 401) res = await send(keyHeaders(req.url));
      // SCIM words its errors as RFC 7644 3.12 does: the message is its `detail`.
      const said: string | undefined = res.json().message ?? res.json().detail;
      if (res.statusCode !== 400 || !said?.includes('zzUnknown'))
        accepted.push(`${req.method} ${req.url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(all.length).toBeGreaterThan(100);
    expect(accepted).toEqual([]);
    expect(await fingerprint()).toBe(before);
  }, 120_000);

  it('answers every hostile request with a 4xx in the error model and changes nothing', async () => {
    expect(ops.length).toBeGreaterThan(60);
    const before = await fingerprint();
    const seen: string[] = [];
    for (const op of ops) {
      const requests = hostileRequests(op, ctx);
      if (!requests) continue;
      seen.push(`${op.method} ${op.path}`);
      await fc.assert(
        fc.asyncProperty(requests, fc.constantFrom(staff, admin), async (req, who) => {
          // SCIM is called by an identity provider with the key; a session would stop at 401.
          const caller = isScim(req.url) ? keyHeaders(req.url) : who.headers;
          const res = await t.app.inject({
            method: req.method as never,
            url: req.url,
            headers: { ...caller, ...(req.contentType ? { 'content-type': req.contentType } : {}) },
            ...(req.payload !== undefined ? { payload: req.payload } : {}),
          });
          const where = `${req.method} ${req.url.slice(0, 200)} with ${req.what}: ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, where).toBeLessThan(500);
          const body = res.json();
          if (isScim(req.url)) {
            expect(scimErrorBody.safeParse(body).success, where).toBe(true);
            expect(body.status, where).toBe(String(res.statusCode));
            return;
          }
          expect(errorBody.safeParse(body).success, where).toBe(true);
          expect(
            Object.keys(body).filter((k) => !ALLOWED_KEYS.has(k)),
            where,
          ).toEqual([]);
        }),
        { numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
    }
    expect(seen.length).toBeGreaterThan(60);
    expect(await fingerprint()).toBe(before);
  }, 180_000);
});
