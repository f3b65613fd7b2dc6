import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { CLIENT_TYPES_FILE, clientTypes, TYPED_CALLS_PROJECT } from './client-types.js';

/**
 * The OpenAPI document clients generate from: clean under Redocly's recommended rules, every
 * operation named, summarised and declaring its error answers, and client types generated
 * from exactly this document type-check a client's calls, which then run against the API.
 */

type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  responses: Record<string, { $ref?: string }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }>;
    responses: Record<string, unknown>;
  };
};

/** Warnings left on purpose, each with why. Anything else the linter reports fails the test. */
const ACCEPTED_WARNINGS: { ruleId: string; pointer: string; reason: string }[] = [
  {
    ruleId: 'no-ambiguous-paths',
    pointer: '#/paths/~1api~1v1~1sponsors~1template~1{sponsorCode}',
    reason: 'The specification fixes these sponsor paths; Fastify matches the literal segment first, so they do not clash.',
  },
  {
    ruleId: 'no-ambiguous-paths',
    pointer: '#/paths/~1api~1v1~1sponsors~1{sponsorCode}~1reset-mfa',
    reason: 'As above: a path of the specification.',
  },
  { ruleId: 'no-ambiguous-paths', pointer: '#/paths/~1api~1v1~1sponsors~1admin~1{id}', reason: 'As above: a path of the specification.' },
  {
    ruleId: 'no-ambiguous-paths',
    pointer: '#/paths/~1api~1v1~1sponsors~1{sponsorCode}~1sso',
    reason: 'Issue 32 fixes this path beside the specification’s sponsor paths; the literal segment matches first.',
  },
  {
    ruleId: 'no-ambiguous-paths',
    pointer: '#/paths/~1api~1v1~1sponsors~1{sponsorCode}~1audit-retention',
    reason: 'Issue 33’s retention sits beside the portal’s other settings (as /sso); the literal segment matches first.',
  },
  ...['/api/v1/sso/start/get', '/api/v1/sso/oidc/callback/get', '/api/v1/sso/saml/{sponsorCode}/acs/post'].map((route) => ({
    ruleId: 'operation-2xx-response',
    pointer: `#/paths/${route.split('/').slice(0, -1).join('/').replaceAll('/', '~1')}/${route.split('/').at(-1)}/responses`,
    reason: 'A step of a browser sign-in: it always answers with a redirect (302), to the identity provider or back to the portal.',
  })),
  {
    ruleId: 'operation-4xx-response',
    pointer: '#/paths/~1api~1health/get/responses',
    reason: 'The health check takes no input and needs no sign-in: it has no client error to declare.',
  },
  {
    ruleId: 'operation-4xx-response',
    pointer: '#/paths/~1api~1health~1ready/get/responses',
    reason: 'The readiness check, likewise: no input, no sign-in, so no client error (503 when the database is away).',
  },
];

let t: TestApp;
let doc: Document;
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

beforeAll(async () => {
  t = await createTestApp();
  doc = t.app.swagger() as unknown as Document;
});
afterAll(async () => t.close());

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules: no error, only the accepted warnings", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const found = problems.map((p) => ({ severity: p.severity, ruleId: p.ruleId, pointer: p.location[0]?.pointer, message: p.message }));
    expect(found.filter((p) => p.severity === 'error')).toEqual([]);
    const unexpected = found.filter((p) => !ACCEPTED_WARNINGS.some((a) => a.ruleId === p.ruleId && a.pointer === p.pointer));
    expect(unexpected).toEqual([]);
  });

  it('names and summarises every operation, with unique operationIds', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    expect(ops.filter(({ op }) => !op.operationId || !op.summary).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    expect(new Set(ops.map(({ op }) => op.operationId)).size).toBe(ops.length);
    expect(doc.paths['/api/v1/basepackages/{id}']!.get!.operationId).toBe('getBasepackagesById');
  });

  it('declares the error answers with the one error model, as shared components', () => {
    const error = doc.components.schemas.Error!;
    expect(error.required).toEqual(['message']);
    expect(Object.keys(error.properties ?? {})).toEqual(expect.arrayContaining(['message', 'details']));
    for (const name of ['BadRequest', 'Unauthorized', 'Forbidden', 'NotFound', 'TooManyRequests', 'ShuttingDown']) {
      expect(JSON.stringify(doc.components.responses[name])).toContain('#/components/schemas/Error');
    }
    const signedIn = operations().filter(({ op }) => op.security?.length);
    expect(signedIn.filter(({ op }) => !op.responses['401']).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    expect(doc.paths['/api/v1/authentication/login']!.post!.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    expect(doc.paths['/api/v1/basepackages']!.post!.responses['409']).toBeDefined();
    // Shared schemas are named components that operations refer to.
    expect(JSON.stringify(doc.paths['/api/v1/basepackages/{id}']!.get!.responses['200'])).toContain('#/components/schemas/BasePackage');
  });

  it('answers what it declares: a signed-out call gets 401 with the error model', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/basepackages' });
    expect(res.statusCode).toBe(401);
    expect(doc.paths['/api/v1/basepackages']!.get!.responses['401']).toBeDefined();
    expect(Object.keys(res.json())).toEqual(['message']);
  });
});

/** The shape of typed-calls.ts, which is type-checked on its own against the generated types. */
type TypedCalls = (
  fetch: (request: Request) => Promise<Response>,
  headers: Record<string, string>,
) => Promise<{
  created: { status: number; id: number; listPrice: string };
  readName?: string;
  listedIds?: number[];
  duplicate: { status: number; message?: string };
  missing: { status: number; message?: string };
}>;

describe('the generated client', () => {
  it('type-checks a client written against the types generated from this document', async () => {
    await mkdir(dirname(CLIENT_TYPES_FILE), { recursive: true });
    await writeFile(CLIENT_TYPES_FILE, await clientTypes(doc));
    const tsc = new URL('../../../../node_modules/.bin/tsc', import.meta.url).pathname;
    const checked = await promisify(execFile)(tsc, ['-p', TYPED_CALLS_PROJECT]).then(
      () => '',
      (e: { stdout?: string }) => e.stdout ?? String(e),
    );
    expect(checked).toBe('');
  });

  it('calls the API with typed paths, bodies and answers', async () => {
    const staff = await t.signInStaff();
    // Imported after the types are written, through a specifier the type checker does not follow:
    // `npm run typecheck` runs on a fresh clone, where the generated types do not exist yet.
    const typedCallsModule = './typed-calls.js';
    const { typedCalls } = (await import(typedCallsModule)) as { typedCalls: TypedCalls };
    // Through app.inject, so the test needs no listening port.
    const fetch = async (request: Request) => {
      const res = await t.app.inject({
        method: request.method as 'GET',
        url: new URL(request.url).pathname + new URL(request.url).search,
        headers: Object.fromEntries(request.headers),
        ...(request.body ? { payload: await request.text() } : {}),
      });
      return new Response(res.statusCode === 204 ? null : res.body, {
        status: res.statusCode,
        headers: res.headers as Record<string, string>,
      });
    };
    const r = await typedCalls(fetch, staff.headers);
    expect(r.created.status).toBe(201);
    expect(r.created.listPrice).toBe('9.99');
    expect(r.readName).toBe('Typed Gold');
    expect(r.listedIds).toEqual([r.created.id]);
    expect(r.duplicate.status).toBe(409);
    expect(typeof r.duplicate.message).toBe('string');
    expect(r.missing.status).toBe(404);
    expect(r.missing.message).toMatch(/not found/);
  });
});
