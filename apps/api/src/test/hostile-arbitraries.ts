import fc from 'fast-check';

/**
 * fast-check arbitraries for hostile requests, derived from the JSON Schemas that the app's OpenAPI
 * document generates from the contract's zod schemas. Every request they make carries at least one
 * input that its schema refuses, so every answer must be a 4xx and nothing may change.
 */

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  default?: unknown;
}

export interface Operation {
  method: string;
  path: string;
  query: Record<string, JsonSchema>;
  pathParams: Record<string, JsonSchema>;
  body?: JsonSchema;
}

export interface HostileRequest {
  method: string;
  url: string;
  /** Raw payload and its content type, or a JSON value. */
  payload?: string;
  contentType?: string;
  /** What was made hostile, for the failure message. */
  what: string;
}

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
};

/** Every operation of the served document that takes input a client controls. */
export function operationsOf(doc: unknown): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries((doc as OpenApi).paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const pick = (where: string) => Object.fromEntries(params.filter((p) => p.in === where).map((p) => [p.name, p.schema]));
      ops.push({
        method: method.toUpperCase(),
        path,
        query: pick('query'),
        pathParams: pick('path'),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return ops;
}

/** Strings PostgreSQL cannot store, or that no field accepts. */
const unstorable = fc.oneof(
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.string({ maxLength: 20 }).map((s) => `${s}\ud800`),
  fc.string({ maxLength: 20 }).map((s) => `\udfff${s}`),
  fc.constantFrom('\u0000', '\ud83d', 'ab\udc00cd'),
);

const nonNullable = (s: JsonSchema) => !s.nullable && !(s.anyOf ?? s.oneOf ?? []).some((b) => b.type === 'null' || b.nullable);
const typeOf = (s: JsonSchema): string | undefined =>
  s.type ?? (s.anyOf ?? s.oneOf ?? s.allOf ?? []).map(typeOf).find((t) => t !== undefined && t !== 'null');

/** A value of the wrong type for `s` (never one it accepts). */
function wrongType(s: JsonSchema): fc.Arbitrary<unknown> {
  const type = typeOf(s);
  const others: fc.Arbitrary<unknown>[] = [];
  if (type !== 'string') others.push(fc.string({ maxLength: 10 }).map((v) => `x${v}`));
  if (type !== 'number' && type !== 'integer') others.push(fc.integer());
  if (type !== 'boolean') others.push(fc.boolean());
  if (type !== 'array') others.push(fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }));
  if (type !== 'object') others.push(fc.constant({ $ne: null }));
  if (nonNullable(s)) others.push(fc.constant(null));
  return fc.oneof(...others);
}

/** A value `s` refuses: wrong type, unstorable text, out of range, too long, not in the list. */
export function invalidFor(s: JsonSchema): fc.Arbitrary<unknown> {
  const type = typeOf(s);
  const options: fc.Arbitrary<unknown>[] = [wrongType(s)];
  if (type === 'string' || s.enum) options.push(unstorable);
  if (type === 'string' && s.maxLength !== undefined && s.maxLength < 100_000) {
    options.push(fc.integer({ min: 1, max: 1000 }).map((n) => 'x'.repeat(s.maxLength! + n)));
  }
  if (s.enum) options.push(fc.constantFrom('not-in-the-list', 'x'.repeat(10_000)));
  if (type === 'integer') options.push(fc.constantFrom(1.5, 1e300));
  if ((type === 'integer' || type === 'number') && s.minimum !== undefined && s.minimum > -1e15)
    options.push(fc.constant(s.minimum - 1000));
  if (type === 'array' && s.maxItems !== undefined && s.maxItems < 10_000)
    options.push(fc.constant(Array.from({ length: s.maxItems + 1 }, () => 1)));
  return fc.oneof(...options);
}

/** A plausible valid value of `s`: the request is valid except where it is made hostile. */
export function plausible(s: JsonSchema): unknown {
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const branch = (s.anyOf ?? s.oneOf)?.find((b) => b.type !== 'null');
  if (branch) return plausible(branch);
  if (s.allOf?.length) return plausible(s.allOf[0]!);
  switch (s.type) {
    case 'string':
      if (s.format === 'email') return 'someone@example.test';
      if (s.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'Plain text';
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return s.items && (s.minItems ?? 0) > 0 ? [plausible(s.items)] : [];
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {})
          .filter(([k]) => s.required?.includes(k))
          .map(([k, v]) => [k, plausible(v)]),
      );
    default:
      return 'Plain text';
  }
}

/** Fields a client might try to smuggle in to raise its rights or move data between sponsors. */
const SMUGGLED = ['sponsorId', 'role', 'status', 'statusId', 'passwordHash', 'isStaff', '__proto__', 'userId', 'mfaSecret', 'permissions'];

type Path = string[];
/** Paths of the fields `s` declares (nested objects included), with their schemas. */
function fieldsOf(s: JsonSchema, at: Path = []): [Path, JsonSchema][] {
  const obj = s.type === 'object' ? s : (s.anyOf ?? s.oneOf ?? []).find((b) => b.type === 'object');
  if (!obj?.properties || at.length > 3) return [];
  return Object.entries(obj.properties).flatMap(([k, v]) => [[[...at, k], v] as [Path, JsonSchema], ...fieldsOf(v, [...at, k])]);
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(root ?? {}) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
  return copy;
}

/** Hostile bodies for a body schema: a field made invalid, a smuggled field, or a body of the wrong shape. */
function hostileBody(s: JsonSchema): fc.Arbitrary<{ payload: string; contentType: string; what: string }> {
  const base = plausible(s);
  const json = (v: unknown, what: string) => ({ payload: JSON.stringify(v), contentType: 'application/json', what });
  const fields = fieldsOf(s);
  const declared = new Set(Object.keys(s.properties ?? (s.anyOf ?? []).find((b) => b.properties)?.properties ?? {}));
  const open = s.additionalProperties !== false && s.additionalProperties !== undefined;
  const options: fc.Arbitrary<{ payload: string; contentType: string; what: string }>[] = [
    // The whole body of the wrong shape: random JSON that is not an object (an object might be valid).
    fc
      .oneof(fc.array(fc.jsonValue(), { maxLength: 5 }), fc.string(), fc.integer(), fc.boolean())
      .map((v) => json(v, 'a body of the wrong shape')),
    fc
      .constantFrom('{"a":', '{,}', '\u0000', '[1,2')
      .map((raw) => ({ payload: raw, contentType: 'application/json', what: 'malformed JSON' })),
    fc.constant({ payload: 'a=1&b=2', contentType: 'text/plain', what: 'a body that is not JSON' }),
    fc.constant({
      payload: JSON.stringify({ pad: 'x'.repeat(1_100_000) }),
      contentType: 'application/json',
      what: 'a body over the size limit',
    }),
  ];
  if (!open) {
    const names = SMUGGLED.filter((n) => !declared.has(n));
    if (names.length)
      options.push(
        fc
          .tuple(fc.constantFrom(...names), fc.oneof(fc.integer(), fc.constantFrom('staff', 'Active', '$argon2id$x'), fc.boolean()))
          // A computed key makes even __proto__ an own field of the JSON text.
          .map(([k, v]) => json({ [k]: v, ...(base as object) }, `an extra field ${k}`)),
      );
  }
  if (fields.length) {
    options.push(
      fc
        .constantFrom(...fields)
        .chain(([path, schema]) =>
          invalidFor(schema).map((v) => json(setAt(base, path, v), `body field ${path.join('.')} = ${JSON.stringify(v)?.slice(0, 60)}`)),
        ),
    );
  }
  return fc.oneof(...options);
}

const enc = (v: unknown) => (Array.isArray(v) ? v : [v]);
function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    for (const item of enc(v)) if (item !== undefined) parts.push(`${encodeURIComponent(k)}=${rawOrEncoded(item)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
/** Unpaired surrogates cannot be percent-encoded as UTF-8; they are sent as the bytes a client would send. */
function rawOrEncoded(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  try {
    return encodeURIComponent(s);
  } catch {
    return s.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^%\w-]/g, (c) => encodeURIComponent(c));
  }
}

/** Invalid values for a query or path parameter, as text. */
function invalidParam(s: JsonSchema): fc.Arbitrary<unknown> {
  const type = typeOf(s);
  const options: fc.Arbitrary<unknown>[] = [unstorable, fc.constant(['1', '2'])];
  if (type === 'integer' || type === 'number') {
    options.push(fc.constantFrom('abc', '1.5', '1e400', '99999999999999999999'));
    // Below the minimum; SCIM's startIndex and count take negatives by RFC 7644 3.4.2.4 (read as 1 and 0).
    if (s.minimum === undefined || s.minimum > -5) options.push(fc.constant('-5'));
  }
  if (type === 'boolean' || s.enum) options.push(fc.constantFrom('maybe', 'x'.repeat(5000)));
  if (type === 'string' && s.maxLength !== undefined) options.push(fc.constant('x'.repeat(s.maxLength + 1)));
  if (s.format === 'date-time') options.push(fc.constantFrom('yesterday', '2026-13-45T99:99:99Z', '99999-01-01T00:00:00Z'));
  if (s.format === 'uuid') options.push(fc.constantFrom('not-a-uuid', "1' or '1'='1"));
  return fc.oneof(...options);
}

export interface Context {
  /** Query values that pass the tenant check (the signed-in user's sponsor), by parameter name; undefined for others. */
  sponsorQuery: (name: string) => unknown;
  /** Path values that name something that exists, by parameter name. */
  pathValue: (name: string) => string;
}

/**
 * Hostile requests for one operation, or null when it takes no input a schema could refuse.
 * Exactly one part is hostile; the rest is as valid as the context can make it, so the request
 * reaches as deep as validation lets it.
 */
export function hostileRequests(op: Operation, ctx: Context): fc.Arbitrary<HostileRequest> | null {
  const { baseQuery, basePath, url, validBody } = plausibleParts(op, ctx);
  const parts: fc.Arbitrary<HostileRequest>[] = [];
  for (const [k, s] of Object.entries(op.query)) {
    parts.push(
      invalidParam(s).map((v) => ({
        method: op.method,
        url: url(basePath, { ...baseQuery, [k]: v }),
        payload: op.method === 'GET' ? undefined : validBody,
        contentType: 'application/json',
        what: `query ${k} = ${JSON.stringify(v)?.slice(0, 60)}`,
      })),
    );
  }
  for (const [k, s] of Object.entries(op.pathParams)) {
    parts.push(
      invalidParam(s)
        .filter((v) => typeof v === 'string' && v !== '')
        .map((v) => ({
          method: op.method,
          url: url({ ...basePath, [k]: v }, baseQuery),
          payload: op.method === 'GET' ? undefined : validBody,
          contentType: 'application/json',
          what: `path ${k} = ${JSON.stringify(v)?.slice(0, 60)}`,
        })),
    );
  }
  if (op.method !== 'GET') {
    const body = op.body
      ? hostileBody(op.body)
      : fc.record({ k: fc.constantFrom(...SMUGGLED.filter((n) => n !== '__proto__')), v: fc.jsonValue() }).map(({ k, v }) => ({
          payload: JSON.stringify({ [k]: v }),
          contentType: 'application/json',
          what: `a body (${k}) on a call that takes none`,
        }));
    parts.push(body.map((b) => ({ method: op.method, url: url(basePath, baseQuery), ...b })));
  }
  return parts.length ? fc.oneof(...parts) : null;
}

/** The operation's parameters and body as valid as the context can make them, and its address. */
function plausibleParts(op: Operation, ctx: Context) {
  const baseQuery = Object.fromEntries(Object.entries(op.query).map(([k, s]) => [k, ctx.sponsorQuery(k) ?? plausibleParam(s)]));
  const basePath = Object.fromEntries(Object.keys(op.pathParams).map((k) => [k, ctx.pathValue(k)]));
  const url = (path: Record<string, unknown>, query: Record<string, unknown>) =>
    op.path.replace(/\{(\w+)\}/g, (_m, k: string) => rawOrEncoded(path[k])) + queryString(query);
  const validBody = op.body ? JSON.stringify(plausible(op.body)) : '{}';
  return { baseQuery, basePath, url, validBody };
}

/** The operation's plausible request with one query parameter it does not declare. */
export function withUnknownQuery(op: Operation, ctx: Context, name: string): HostileRequest {
  const { baseQuery, basePath, url, validBody } = plausibleParts(op, ctx);
  return {
    method: op.method,
    url: url(basePath, { ...baseQuery, [name]: '1' }),
    payload: op.method === 'GET' ? undefined : validBody,
    contentType: 'application/json',
    what: `an unknown query parameter ${name}`,
  };
}

function plausibleParam(s: JsonSchema): unknown {
  const v = plausible(s);
  // An optional parameter left out is the most valid value it has.
  return v === 'Plain text' || v === false ? undefined : v;
}
