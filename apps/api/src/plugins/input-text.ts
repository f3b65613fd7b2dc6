import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.js';
import { squash } from './sponsor-names.js';

const MESSAGE = 'Contains a character that is not allowed (a NUL character or an unpaired surrogate)';

/** PostgreSQL text cannot hold NUL, and an unpaired surrogate has no UTF-8 form. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isStorable = (s: string) => !s.includes('\u0000') && !UNPAIRED_SURROGATE.test(s);

/** The path of the first string (key or value) in `value` that PostgreSQL cannot store, or null. */
function findUnstorable(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return isStorable(value) ? null : path;
  // JSON nests no deeper than a person would type; a hostile depth is refused by the schema anyway.
  if (!value || typeof value !== 'object' || depth > 32) return null;
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!isStorable(key)) return path || 'request';
    const found = findUnstorable(child, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

const PARTS = [
  ['params', 'path'],
  ['query', 'query'],
  ['body', 'body'],
] as const;

const isEmpty = (body: unknown) =>
  body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);

/** Percent-encoded bytes that are not UTF-8 (e.g. an encoded surrogate): the parser would quietly replace them. */
function isValidUtf8Query(url: string) {
  const q = url.indexOf('?');
  if (q < 0) return true;
  try {
    // A lone `%` is taken literally by the query parser; only escapes that decode to no text are refused.
    decodeURIComponent(url.slice(q + 1).replace(/%(?![0-9a-fA-F]{2})/g, '%25'));
    return true;
  } catch {
    return false;
  }
}

const NO_NAMES = new Map<string, string>();
/** A query schema's parameter names by their squashed form (see below), worked out once per schema. */
const declaredByShape = new WeakMap<object, Map<string, string>>();
function declaredNames(shape: Record<string, unknown>): Map<string, string> {
  const known = declaredByShape.get(shape);
  if (known) return known;
  const names = new Map(Object.keys(shape).map((k) => [squash(k), k]));
  declaredByShape.set(shape, names);
  return names;
}

/**
 * Query parameter names match the call's declared ones without regard to case or underscores, so
 * `sponsorId`, `sponsorid` and `sponsor_id` reach a schema that declares any one of them. A name
 * the call does not declare is refused like an unknown body field, before the schemas run: a
 * schema would drop it silently and the call would carry on without it (a misspelt filter on a
 * delete). Outside the API (the portal's pages and files) the query is the browser's.
 */
function matchQueryNames(request: FastifyRequest) {
  const query = request.query as Record<string, unknown> | undefined;
  const names = Object.keys(query ?? {});
  if (!query || !names.length) return;
  const schema = request.routeOptions.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
  // A query schema that is not a plain object checks its own keys.
  if (schema && !schema.shape) return;
  const declared = schema ? declaredNames(schema.shape!) : NO_NAMES;
  const unknown: string[] = [];
  for (const name of names) {
    const target = declared.get(squash(name));
    if (target === undefined) unknown.push(name);
    else if (target !== name && !(target in query)) {
      query[target] = query[name];
      delete query[name];
    }
  }
  const api = request.url.startsWith('/api/') || request.url.startsWith('/scim/');
  if (!unknown.length || !api || request.url.startsWith('/api/docs')) return;
  const message = 'Not a parameter of this call';
  throw badRequest(
    `Please correct the query: ${unknown.map((n) => `${n}: ${message}`).join('; ')}`,
    unknown.map((field) => ({ field, message })),
  );
}

const servesNoCall = (request: FastifyRequest) =>
  request.is404 || (request.routeOptions.config.portalFallback === true && request.url.startsWith('/api/'));

function refuseHostileInput(request: FastifyRequest) {
  // A path that no call serves answers 404 whatever it carries: the query and body rules are a
  // call's, and a 400 about them would suggest to a client that the path exists.
  if (servesNoCall(request)) return;
  if (!isValidUtf8Query(request.url)) {
    throw badRequest(`Please correct the query: ${MESSAGE}`, [{ field: 'query', message: MESSAGE }]);
  }
  // Unknown fields are refused everywhere, so a call that declares no body takes none; `{}` is
  // what clients send when a JSON content type needs a body. (Multipart bodies are read by the
  // handler and are not parsed here.)
  if (request.method !== 'GET' && !request.routeOptions.schema?.body && !isEmpty(request.body) && !request.isMultipart()) {
    throw badRequest('This call takes no body.', [{ field: 'body', message: 'This call takes no body' }]);
  }
  matchQueryNames(request);
  for (const [part, label] of PARTS) {
    const field = findUnstorable(request[part], '');
    if (field === null) continue;
    const name = field || label;
    throw badRequest(`Please correct the ${label}: ${name}: ${MESSAGE}`, [{ field: name, message: MESSAGE }]);
  }
}

/**
 * Every route, before its schema runs: text that the database cannot store is bad input (400), so
 * it never reaches a query, where it would fail as a server error; a body where none is declared
 * is refused like any unknown field.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => refuseHostileInput(request));
  },
  { name: 'input-text' },
);
