import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';
import { A_MARKER, freshSession, tenantWorld } from './tenant-matrix.fixtures.js';
import { buildRequest, type MatrixOperation, type Operation, type Schema, squash } from './tenant-matrix.requests.js';

/**
 * The tenant matrix: every operation of the served OpenAPI document, called as nobody, as A's
 * administrator (every flag, and none), as B's administrator and as staff. Requests are built
 * from the schemas; ids are A's real objects. Expectations are generic, so a route added later
 * without a tenant check fails here by itself.
 */

/** Routes nobody signs in for, each with why. */
const PUBLIC: Record<string, string> = {
  'POST /api/v1/authentication/login': 'signing in',
  'POST /api/v1/authentication/second-factor': 'the second sign-in step, with the challenge token the password step answered',
  'POST /api/v1/authentication/second-factor/passkey/options':
    'the second sign-in step with a passkey, for the password step’s challenge token',
  'POST /api/v1/authentication/second-factor/passkey': 'the second sign-in step with a passkey, for the password step’s challenge token',
  'POST /api/v1/authentication/passkey/options': 'signing in with a passkey alone',
  'POST /api/v1/authentication/passkey': 'signing in with a passkey alone',
  'POST /api/v1/authentication/password': 'setting a password with an e-mailed token',
  'POST /api/v1/authentication/forgot-password': 'asking for a reset link',
  'POST /api/v1/invitations/redeem': 'a vault holder redeeming an invitation code',
  'GET /api/v1/sso/start': 'signing in with SSO: the e-mail domain picks the portal',
  'GET /api/v1/sso/oidc/callback': "the identity provider sends the browser back, bound to the browser's cookie",
  'POST /api/v1/sso/finish': "the portal page collects the SSO sign-in with the hand-over cookie the provider's answer left",
  'GET /api/v1/sso/saml/{sponsorCode}/metadata': "the portal's SAML service-provider metadata, for the firm's IT to import",
  'POST /api/v1/sso/saml/{sponsorCode}/acs': "the identity provider's signed SAML answer, posted by the browser",
  'GET /api/v1/audit/public-key': 'the public key an auditor checks an audit export with, offline',
  'GET /api/v1/message-logos/{owner}': "a portal's logo, fetched by the mail clients its messages reach",
};
/** Health probes (`/api/health` and anything under it) answer the load balancer without a session. */
const isPublic = (key: string) => key in PUBLIC || /^GET \/api\/health(\/|$)/.test(key);
/** Routes a portal session does not call: they take an integration's API key instead. */
const INTEGRATION_KEY: Record<string, string> = {
  'POST /api/v1/upload-failed-files': "the vault service reports a failed upload with its integration's key",
};
/** SCIM (decision 0036): identity providers call it with an integration key of the scim scope, never a session. */
const isScim = (key: string) => / \/scim\/v2\//.test(key);
const takesKey = (key: string) => key in INTEGRATION_KEY || isScim(key);
/** Routes only the service staff may call: A's administrator with every flag gets 403 too. */
const STAFF_ONLY: Record<string, string> = {
  'POST /api/v1/sponsors': 'creating a portal',
  'POST /api/v1/basepackages': 'the base package catalogue is the operator’s',
  'PUT /api/v1/basepackages/{id}': 'the base package catalogue is the operator’s',
  'DELETE /api/v1/basepackages/{id}': 'the base package catalogue is the operator’s',
  'POST /api/v1/basepackages/{id}/retire': 'the base package catalogue is the operator’s',
  'POST /api/v1/basepackages/{id}/restore': 'the base package catalogue is the operator’s',
  'POST /api/v1/packagesponsor': 'assigning packages and setting prices is staff’s (decision 0008)',
  'PUT /api/v1/packagesponsor': 'assigning packages and setting prices is staff’s (decision 0008)',
  'DELETE /api/v1/packagesponsor/{id}': 'assigning packages and setting prices is staff’s (decision 0008)',
  'PUT /api/v1/sponsors/{sponsorCode}/audit-retention/hold': 'a legal hold is the service’s decision, not the firm’s (decision 0045)',
  'GET /api/v1/audit/retention-policy': 'the service-wide minimum retention is the operator’s (decision 0045)',
  'PUT /api/v1/audit/retention-policy': 'the service-wide minimum retention is the operator’s (decision 0045)',
};
/** Not called with a session of the matrix: it would end the caller's session (covered in modules/auth). */
const SESSION_ENDING = new Set(['POST /api/v1/authentication/logout']);

let t: TestApp;
let w: Awaited<ReturnType<typeof tenantWorld>>;
let ops: MatrixOperation[];
type Request = ReturnType<typeof buildRequest>;
/** The request one caller sends: A's ids or missing ones (`swap`), naming sponsor `sponsor`. */
const build = (o: MatrixOperation, sponsor: 'A' | 'B', swap: boolean) => buildRequest(w.ids, o, sponsor, swap);

beforeAll(async () => {
  t = await createTestApp();
  w = await tenantWorld(t);
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([m, op]) => ({ key: `${m.toUpperCase()} ${path}`, method: m.toUpperCase(), path, op })),
  );
}, 120_000);
afterAll(async () => t?.close());

async function call(auth: { headers: Record<string, string> } | null, req: Request) {
  const res = await t.app.inject({ ...req, headers: { ...(auth?.headers ?? {}), ...req.headers } });
  let body: unknown = res.body;
  try {
    body = res.json();
  } catch {}
  return { status: res.statusCode, body, text: res.body };
}

/** A hash of everything sponsor A holds, its people's own records included. */
async function fingerprintOfA(): Promise<string> {
  const a = w.ids.sponsorA;
  const people = `(select id from users where sponsor_id = ${a} union select user_id from sponsored_advisors where sponsor_id = ${a})`;
  const tables = await t.database.query<{ table_name: string }>(
    "select table_name from information_schema.columns where table_schema = 'public' and column_name = 'sponsor_id' and table_name <> 'users' order by 1",
  );
  const parts = [
    ...tables.map(
      (r) =>
        `select '${r.table_name}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${r.table_name}" x where sponsor_id = ${a}`,
    ),
    `select 'sponsors', md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from sponsors x where id = ${a}`,
    `select 'users', md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from users x where id in ${people}`,
    `select 'advisors', md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from advisors x where user_id in ${people}`,
    `select 'mfa_passkeys', md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from mfa_passkeys x where user_id in ${people}`,
    `select 'password_tokens', md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from password_tokens x where user_id in ${people}`,
    `select 'documents', md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from documents x where vault_id in (select id from vaults where sponsor_id = ${a})`,
    `select 'base_packages', md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from base_packages x`,
  ];
  const rows = await t.database.query<{ t: string; h: string }>(parts.join(' union all '));
  return rows.map((r) => `${r.t}:${r.h}`).join(' ');
}

/** The keys of an answer, recursively, so that two answers can be compared by shape. */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.length ? [shape(v[0])] : [];
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .filter((k) => k !== 'details')
        .sort()
        .map((k) => [k, shape((v as Record<string, unknown>)[k])]),
    );
  return typeof v;
}

const namesSponsor = (req: Request) =>
  new RegExp(`[?&](sponsor_?id|sponsorcode|id)=${w.ids.sponsorA}\\b|/${w.ids.codeA}\\b|sponsors/${w.ids.sponsorA}\\b`, 'i').test(req.url) ||
  JSON.stringify(req.payload ?? {}).includes(`:${w.ids.sponsorA}`);

describe('tenant matrix', () => {
  it('reads the operations from the OpenAPI document', () => {
    expect(ops.length).toBeGreaterThan(80);
    for (const key of [...Object.keys(PUBLIC), ...Object.keys(INTEGRATION_KEY), ...Object.keys(STAFF_ONLY)])
      expect(
        ops.map((o) => o.key),
        key,
      ).toContain(key);
  });

  it('answers 401 to nobody, except on the public and integration-key routes', async () => {
    const failures: string[] = [];
    for (const o of ops) {
      const res = await call(null, build(o, 'A', false));
      if (isPublic(o.key)) {
        if (res.status >= 500) failures.push(`${o.key}: ${res.status}`);
      } else if (res.status !== 401) failures.push(`${o.key}: ${res.status} without a session`);
    }
    expect(failures).toEqual([]);
  });

  it("gives B nothing of A's: naming A is refused, A's ids answer as missing ones, and A is unchanged", async () => {
    const failures: string[] = [];
    for (const o of ops) {
      if (isPublic(o.key) || takesKey(o.key) || SESSION_ENDING.has(o.key)) continue;
      const before = await fingerprintOfA();
      // B naming sponsor A (with A's ids).
      const asA = build(o, 'A', false);
      if (namesSponsor(asA)) {
        const res = await call(w.callers.adminB, asA);
        // 400: the probe body failed validation, which runs before any lookup and tells nothing of A.
        if (![400, 403, 404].includes(res.status)) failures.push(`${o.key} naming A: ${res.status}`);
        if (A_MARKER.test(res.text)) failures.push(`${o.key} naming A: the answer shows A's data`);
      }
      // B in its own portal, with A's ids and with missing ids: the same answer.
      const missing = build(o, 'B', true);
      const theirs = build(o, 'B', false);
      if (missing.url !== theirs.url || JSON.stringify(missing.payload) !== JSON.stringify(theirs.payload)) {
        const m = await call(w.callers.adminB, missing);
        const r = await call(w.callers.adminB, theirs);
        if (r.status !== m.status) failures.push(`${o.key} with A's ids: ${r.status}, with a missing id: ${m.status}`);
        else if (JSON.stringify(shape(r.body)) !== JSON.stringify(shape(m.body)))
          failures.push(`${o.key} with A's ids answers another shape than a missing id`);
        if (A_MARKER.test(r.text)) failures.push(`${o.key} with A's ids: the answer shows A's data`);
      } else {
        const r = await call(w.callers.adminB, theirs);
        if (A_MARKER.test(r.text)) failures.push(`${o.key} in B: the answer shows A's data`);
        if (r.status >= 500) failures.push(`${o.key} in B: ${r.status}`);
      }
      if ((await fingerprintOfA()) !== before) failures.push(`${o.key}: B's calls changed A's data`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses what a flag or staff guards to A’s administrator without flags, naming the permission, and changes nothing', async () => {
    const failures: string[] = [];
    for (const o of ops) {
      if (isPublic(o.key) || takesKey(o.key) || SESSION_ENDING.has(o.key)) continue;
      const before = await fingerprintOfA();
      const res = await call(w.callers.flagless, build(o, 'A', false));
      if (res.status >= 500) failures.push(`${o.key}: ${res.status}`);
      if (res.status === 403) {
        const message = (res.body as { message?: string }).message ?? '';
        if (!/permission|staff|has[A-Z]\w+/.test(message)) failures.push(`${o.key}: 403 without naming what is missing: ${message}`);
        if ((await fingerprintOfA()) !== before) failures.push(`${o.key}: refused, yet A's data changed`);
      }
      if (o.key in STAFF_ONLY && res.status !== 403) failures.push(`${o.key}: staff-only, answered ${res.status}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("lets A's administrator with every flag work in A (staff-only routes excepted), and staff everywhere, without a 5xx", async () => {
    const failures: string[] = [];
    for (const o of ops) {
      if (isPublic(o.key) || takesKey(o.key) || SESSION_ENDING.has(o.key)) continue;
      const req = build(o, 'A', false);
      const admin = await call(await freshSession(t, w.callers.adminA.userId), req);
      if (admin.status >= 500) failures.push(`${o.key} as A: ${admin.status}`);
      if (o.key in STAFF_ONLY) {
        if (admin.status !== 403) failures.push(`${o.key}: staff-only, A's administrator got ${admin.status}`);
      } else if (admin.status === 401 || (admin.status === 403 && /may not work in this portal/i.test(admin.text)))
        failures.push(`${o.key}: A's own administrator refused (${admin.status} ${admin.text})`);
      const staff = await call(await freshSession(t, w.callers.staff.userId), build(o, 'A', false));
      if (staff.status >= 500 || staff.status === 401 || staff.status === 403)
        failures.push(`${o.key} as staff: ${staff.status} ${staff.text}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers allPortals=true (every portal, decision 0052) to staff only: 403 to both administrators with nothing of A, 400 beside a portal', async () => {
    // A list takes `allPortals` in its query exactly when its route declares it.
    const lists = ops.filter((o) => o.op.parameters?.some((p) => p.in === 'query' && p.name === 'allPortals'));
    expect(lists.map((o) => o.key)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/vaultholders',
        'POST /api/v1/vaultholders/search',
        'GET /api/v1/invitations',
        'POST /api/v1/invitations/search',
        'GET /api/v1/upload-failed-files',
        'GET /api/v1/sponsors/admin',
        'POST /api/v1/sponsors/admin/search',
      ]),
    );
    // A search's body, so that validation passes and the portal rules answer (the probe bodies skip $refs).
    const schemas = (t.app.swagger() as { components: { schemas: Record<string, Schema> } }).components.schemas;
    const searchBody = (o: (typeof ops)[number]) => {
      const ref = (o.op.requestBody?.content['application/json']?.schema as { $ref?: string } | undefined)?.$ref;
      const fieldName = ref ? schemas[ref.split('/').pop()!]?.properties?.fieldName?.enum?.[0] : undefined;
      return fieldName === undefined ? undefined : { fieldName, fieldValue: '' };
    };
    const failures: string[] = [];
    const showsA: string[] = [];
    for (const o of lists) {
      const probe = build(o, 'B', false);
      const named = { ...probe, payload: searchBody(o) ?? probe.payload };
      const [path, qs] = named.url.split('?');
      const query = new URLSearchParams(qs);
      const portalKeys = [...query.keys()].filter((k) => ['sponsorid', 'sponsorcode'].includes(squash(k)));
      for (const k of portalKeys) query.delete(k);
      query.set('allPortals', 'true');
      const every = { ...named, url: `${path}?${query}` };
      for (const [who, caller] of [
        ['A', w.callers.adminA],
        ['B', w.callers.adminB],
      ] as const) {
        const res = await call(await freshSession(t, caller.userId), every);
        if (res.status !== 403) failures.push(`${o.key} every portal as ${who}'s administrator: ${res.status}`);
        if (who === 'B' && A_MARKER.test(res.text)) failures.push(`${o.key} every portal as B: the answer shows A's data`);
      }
      const staff = await call(await freshSession(t, w.callers.staff.userId), every);
      if (staff.status !== 200) failures.push(`${o.key} every portal as staff: ${staff.status} ${staff.text}`);
      else if (A_MARKER.test(staff.text)) showsA.push(o.key);
      if (portalKeys.length) {
        const both = await call(await freshSession(t, w.callers.staff.userId), { ...named, url: `${named.url}&allPortals=true` });
        if (both.status !== 400) failures.push(`${o.key} with a portal and every portal: ${both.status}`);
      }
    }
    expect(failures).toEqual([]);
    // Staff, asking from no portal at all, do read A's rows.
    expect(showsA).toContain('GET /api/v1/vaultholders');
  }, 120_000);

  it("gives B's SCIM key nothing of A's: A's ids answer as missing ones, and A is unchanged", async () => {
    const scimOps = ops.filter((o) => isScim(o.key));
    expect(scimOps.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const o of scimOps) {
      const before = await fingerprintOfA();
      const missing = build(o, 'B', true);
      const theirs = build(o, 'B', false);
      const r = await call(w.scimKeys.b, theirs);
      if (r.status >= 500 || r.status === 401 || r.status === 403) failures.push(`${o.key} with B's key: ${r.status} ${r.text}`);
      if (A_MARKER.test(r.text)) failures.push(`${o.key} with B's key: the answer shows A's data`);
      if (missing.url !== theirs.url || JSON.stringify(missing.payload) !== JSON.stringify(theirs.payload)) {
        const m = await call(w.scimKeys.b, missing);
        if (r.status !== m.status) failures.push(`${o.key} with A's ids: ${r.status}, with a missing id: ${m.status}`);
        else if (JSON.stringify(shape(r.body)) !== JSON.stringify(shape(m.body)))
          failures.push(`${o.key} with A's ids answers another shape than a missing id`);
      }
      if ((await fingerprintOfA()) !== before) failures.push(`${o.key}: B's SCIM calls changed A's data`);
    }
    // A's own key reaches A's administrators (last: it may deactivate one).
    for (const o of scimOps) {
      const res = await call(w.scimKeys.a, build(o, 'A', false));
      if (res.status >= 500 || res.status === 401 || res.status === 403) failures.push(`${o.key} with A's key: ${res.status} ${res.text}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
