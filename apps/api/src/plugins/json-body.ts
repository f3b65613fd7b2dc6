import type { FastifyBodyParser, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.js';

/** No request of this API nests deeper than a few levels; 32 leaves room for any of them. */
export const MAX_JSON_DEPTH = 32;
/** The public sign-in steps take a few hundred bytes (a passkey assertion a few kilobytes). */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

/**
 * How deep a JSON text nests, stopping as soon as it passes `max`: one pass over the characters,
 * strings skipped, so a deep body costs no more than a flat one of its size.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/** Fastify's own JSON parser (prototype poisoning refused) behind the depth check, for every JSON media type. */
export function depthCheckedJsonParser(app: FastifyInstance): FastifyBodyParser<string> {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (request, body, done) => {
    if (jsonDepthExceeds(body, MAX_JSON_DEPTH)) {
      done(badRequest(`The request body nests deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
      return;
    }
    parse(request, body, done);
  };
}

/**
 * JSON bodies: Fastify's own parser, behind a depth check. A deeply nested body (`[[[…]]]`) made the
 * recursive parse and the schema checks slow enough that two dozen of them held up every other
 * request (issue 30, defect 4).
 */
export default fp(
  async (app: FastifyInstance) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, depthCheckedJsonParser(app));
  },
  { name: 'json-body' },
);
