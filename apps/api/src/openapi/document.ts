import * as contract from '@vault/contract';
import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/**
 * How the OpenAPI document is shaped from the routes, so that every operation follows the same
 * rules without each route repeating them: its operationId, its security and the error answers the
 * plugins in front of it can give.
 */

type Registry = z.core.$ZodRegistry<{ id?: string }>;
type Responses = Record<string, unknown>;

/** Words for the answers that need no route to explain them. */
export const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'The request is not valid: `details` names each field and what is wrong.',
  '401': 'No session, an ended session, or a missing or wrong API key.',
  '403': 'Signed in, but not allowed: anti-forgery token, staff-only call, missing access flag, another portal or a missing scope.',
  '404': 'The portal, or the item the path names, does not exist in the portal.',
  '409': 'Refused by the current state: already used, still in use, or changed by someone else.',
  '413': 'The upload is larger than allowed.',
  '429': 'Too many requests: wait a moment and try again.',
  '503': 'The instance is shutting down: retry, another instance answers.',
};
const SUCCESS_DESCRIPTIONS: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No content' };
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The operationId rule: the method, then each path segment in camel case, `{param}` as `ByParam`,
 * without the `/api/v1` prefix. `GET /api/v1/basepackages/{id}` is `getBasepackagesById`. Method and
 * path are unique per route, so the ids are too.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api(\/v1)?/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[{:](\w+)}?$/.exec(segment);
      return param ? ['by', ...splitWords(param[1]!)] : splitWords(segment);
    });
  return [method.toLowerCase(), ...words.map(capitalise)].join('');
}
const splitWords = (s: string) => s.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capitalise = (s: string) => s[0]!.toUpperCase() + s.slice(1);

type RouteInfo = Pick<RouteOptions, 'method' | 'url' | 'config'> & {
  schema?: {
    body?: unknown;
    querystring?: unknown;
    params?: unknown;
    headers?: unknown;
    consumes?: readonly string[];
    produces?: readonly string[];
  };
};

/** The error answers the plugins in front of every route can give, whatever the route itself does. */
export function errorStatusesFor(route: RouteInfo): string[] {
  const method = String(route.method);
  const config = (route.config ?? {}) as { auth?: string; staffOnly?: boolean; permission?: string; sponsor?: string; rateLimit?: unknown };
  const auth = config.auth ?? 'session';
  const s = route.schema ?? {};
  const hasInput = Boolean(s.body || s.querystring || s.params || s.headers);
  const statuses: string[] = [];
  // zod validation, and the tenant plugin ("Please choose a Portal.", two portals named).
  if (hasInput || config.sponsor) statuses.push('400');
  if (auth !== 'public') {
    statuses.push('401');
    // Anti-forgery token on changes, staff-only and flag checks, a scope, another portal named.
    if (MUTATING.has(method) || config.staffOnly || config.permission || auth === 'integration' || auth === 'scim' || hasInput)
      statuses.push('403');
    // The portal a call names, or the id in its path, that does not exist.
    if (hasInput) statuses.push('404');
  } else if (s.params) {
    statuses.push('404');
  }
  if (s.consumes?.includes('multipart/form-data')) statuses.push('413');
  if (config.rateLimit) statuses.push('429');
  // return503OnClosing: any call reaching an instance that is shutting down.
  statuses.push('503');
  return statuses;
}

/** Who may call: nobody, an integration key, or a session (with the anti-forgery header on changes). */
export function securityFor(route: RouteInfo): Record<string, string[]>[] {
  const auth = ((route.config ?? {}) as { auth?: string }).auth ?? 'session';
  if (auth === 'public') return [];
  if (auth === 'integration') return [{ apiKey: [] }];
  if (auth === 'scim') return [{ scimBearer: [] }];
  return MUTATING.has(String(route.method)) ? [{ bearer: [], xsrf: [] }] : [{ bearer: [] }];
}

const isZod = (v: unknown): v is z.ZodType => v instanceof $ZodType;

/**
 * Every answer with a description, and the error answers of errorStatusesFor with the one error
 * model. A route's own declaration of a status wins (its schema is kept, the description added).
 */
export function withResponses(route: RouteInfo, response: Responses | undefined): Responses {
  const out: Responses = {};
  const produces = route.schema?.produces?.[0];
  for (const [status, schema] of Object.entries(response ?? {})) {
    const standard = SUCCESS_DESCRIPTIONS[status] ?? ERROR_DESCRIPTIONS[status] ?? 'Answer';
    if (isZod(schema)) {
      const type = schema._zod.def.type === 'string' && produces ? produces : 'application/json';
      out[status] = { description: schema.description ?? standard, content: { [type]: { schema } } };
    } else {
      out[status] = { description: standard, ...(schema as object) };
    }
  }
  for (const status of errorStatusesFor(route)) {
    out[status] ??= { description: ERROR_DESCRIPTIONS[status], content: { 'application/json': { schema: contract.errorBody } } };
  }
  return out;
}

/** Component names: the contract's export names in Pascal case; the error model is `Error`. */
const componentName = (exportName: string) => (exportName === 'errorBody' ? 'Error' : capitalise(exportName));

/**
 * Names the contract's object schemas as components, so operations refer to them. Schemas used as
 * query, path or header parameters stay inline: OpenAPI lists those as separate parameters.
 */
export function registerContractSchemas(registry: Registry, parameterSchemas: Set<unknown>) {
  for (const [name, value] of Object.entries(contract)) {
    if (!isZod(value) || parameterSchemas.has(value) || registry.has(value)) continue;
    // The input variant of every component is named `<Name>Input`; an export already named so would collide.
    if (value._zod.def.type !== 'object' || name.endsWith('Input')) continue;
    registry.add(value, { id: componentName(name) });
  }
}

type Doc = { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>; components?: Record<string, unknown> };

/**
 * Final touches on the whole document: drop components nothing refers to (each schema is named for
 * input and output, and most are used one way), name an input-only schema without its `Input`
 * suffix, and refer to the standard error answers once, from `components.responses`.
 */
export function finishDocument<T extends Doc>(doc: T): T {
  doc.components ??= {};
  const schemas = (doc.components.schemas ?? {}) as Record<string, unknown>;
  const responses: Record<string, unknown> = {};
  for (const path of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(path)) {
      for (const [status, answer] of Object.entries(op.responses ?? {})) {
        const standard = ERROR_DESCRIPTIONS[status];
        const a = answer as { description?: string; content?: Record<string, { schema?: { $ref?: string } }> };
        if (standard && a.description === standard && a.content?.['application/json']?.schema?.$ref === '#/components/schemas/Error') {
          const name = RESPONSE_NAMES[status]!;
          responses[name] = answer;
          op.responses![status] = { $ref: `#/components/responses/${name}` };
        }
      }
    }
  }
  doc.components.responses = { ...(doc.components.responses as object), ...responses };

  const reachable = new Set<string>();
  const refsOf = (value: unknown): string[] => [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
  const queue = refsOf({ paths: doc.paths, responses: doc.components.responses });
  while (queue.length) {
    const name = queue.pop()!;
    if (reachable.has(name)) continue;
    reachable.add(name);
    queue.push(...refsOf(schemas[name]));
  }
  const kept: Record<string, unknown> = {};
  const renames = new Map<string, string>();
  for (const name of Object.keys(schemas).sort()) {
    if (!reachable.has(name)) continue;
    const plain = name.endsWith('Input') ? name.slice(0, -'Input'.length) : name;
    const finalName = plain !== name && !reachable.has(plain) ? plain : name;
    if (finalName !== name) renames.set(name, finalName);
    kept[finalName] = schemas[name];
  }
  doc.components.schemas = kept;
  if (renames.size === 0) return doc;
  const text = JSON.stringify(doc).replace(/"#\/components\/schemas\/([^"]+)"/g, (m, name: string) =>
    renames.has(name) ? `"#/components/schemas/${renames.get(name)}"` : m,
  );
  return JSON.parse(text) as T;
}

const RESPONSE_NAMES: Record<string, string> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'NotFound',
  '409': 'Conflict',
  '413': 'TooLarge',
  '429': 'TooManyRequests',
  '503': 'ShuttingDown',
};
