import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/availability.js';
import { EMAIL_OF_ANOTHER_ACCOUNT } from '../lib/accounts.js';
import { AppError } from '../lib/errors.js';
import { SCIM_ERROR, SCIM_MEDIA_TYPE } from '../modules/scim/scim.schemas.js';

type Detail = { field: string; message: string };

/** PostgreSQL constraint names mapped to messages a user understands. */
const CONSTRAINT_MESSAGES: Record<string, string> = {
  users_email_uq: EMAIL_OF_ANOTHER_ACCOUNT,
  sponsors_code_uq: 'This sponsor code is already used.',
  invitations_default_uq: 'Another invitation is already the default invite code.',
  invitations_open_code_uq: 'This invite code is already used in this portal.',
  package_sponsor_uq: 'This package is already assigned to this portal.',
  vaults_package_fk: 'The package is not assigned to this portal, or it is still used by vaults.',
  sso_domains_pkey: 'Another portal already signs in this e-mail domain: a domain belongs to one portal.',
  saved_views_personal_name_uq: 'You already have a view of this list with this name.',
  saved_views_shared_name_uq: 'A shared view of this list already has this name.',
};

/** The form field a constraint speaks of, so the portal shows its message under that field. */
const CONSTRAINT_FIELDS: Record<string, string> = {
  users_email_uq: 'email',
  sso_domains_pkey: 'domains',
  saved_views_personal_name_uq: 'name',
  saved_views_shared_name_uq: 'name',
};

type PgError = { code?: string; constraint?: string; constraint_name?: string; cause?: unknown };

/** Drizzle wraps the driver's error; the SQLSTATE and constraint are on its cause. */
const pgCause = (error: PgError): PgError =>
  (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) ? error : (error.cause as PgError | undefined)) ?? {};

const pgConstraint = (error: PgError): string => {
  const err = pgCause(error);
  return err.constraint ?? err.constraint_name ?? '';
};

function pgMessage(error: PgError): [number, string] | null {
  const err = pgCause(error);
  const constraint = pgConstraint(error);
  switch (err.code) {
    case '23505':
      return [409, CONSTRAINT_MESSAGES[constraint] ?? 'This already exists.'];
    case '23503':
      return [409, CONSTRAINT_MESSAGES[constraint] ?? 'This is still in use, or refers to something that does not exist.'];
    case '23514':
      return [400, 'Some values are not allowed.'];
    // Program limits: e.g. a value too large for an index row.
    case '54000':
      return [400, 'Some values are too long.'];
    default:
      // Class 22, data exceptions: the input cannot be stored or compared as given (invalid byte
      // sequence 22021, untranslatable character 22P05, bad number or date 22P02/22003/22007/22008,
      // too long 22001 …). The input schemas refuse these first; this is the last resort.
      if (err.code?.startsWith('22')) return [400, 'Some values are not allowed.'];
      return null;
  }
}

function validationDetails(
  err: FastifyError & { validation: { instancePath: string; message?: string; params?: Record<string, unknown> }[] },
): Detail[] {
  return err.validation.map((v) => {
    let field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const keys = (v.params as { issue?: { keys?: string[] } } | undefined)?.issue?.keys;
    if (!field && keys?.length) field = keys.join(', ');
    return { field: field || (err.validationContext ?? 'request'), message: v.message ?? 'Not valid' };
  });
}

/**
 * Errors Fastify raises before a route is found (a path that is not valid percent-encoded UTF-8),
 * which the error handler never sees: the same error model.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = 'The address of this request is not valid.';
  // No route was found, so the SCIM routes' own error handler cannot word it for a SCIM client.
  if (request.url.startsWith('/scim/'))
    return reply
      .status(status)
      .type(`${SCIM_MEDIA_TYPE}; charset=utf-8`)
      .send({ schemas: [SCIM_ERROR], status: String(status), detail: message });
  return reply.status(status).send({ message });
}

/** What an error answers in the one error model; the SCIM routes render the same answer in SCIM's words. */
export interface ErrorAnswer {
  status: number;
  body: { message: string; details?: Detail[]; errorMsg?: string };
  retryAfter?: string;
}

type Availability = FastifyInstance['database']['availability'] | undefined;

/** Typed errors become their status and message; nothing internal leaks. Logs what needs logging. */
export function errorAnswer(err: FastifyError, request: FastifyRequest, availability: Availability): ErrorAnswer {
  if (err instanceof AppError) {
    return {
      status: err.statusCode,
      body: { message: err.message, ...(err.details ? { details: err.details } : {}), ...(err.errorMsg ? { errorMsg: err.errorMsg } : {}) },
    };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const details = validationDetails(err as never);
    const where = err.validationContext === 'querystring' ? 'query' : (err.validationContext ?? 'request');
    return {
      status: 400,
      body: { message: `Please correct the ${where}: ${details.map((d) => `${d.field}: ${d.message}`).join('; ')}`, details },
    };
  }
  if (isResponseSerializationError(err)) {
    request.log.error({ err }, 'response did not match its schema');
    return { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } };
  }
  if (isDatabaseUnavailable(err)) {
    // One log line per outage (availability logs the change), not one per request.
    availability?.lost(err);
    return {
      status: 503,
      retryAfter: String(DATABASE_RETRY_AFTER_SECONDS),
      body: { message: 'The service is temporarily unavailable. Please try again in a moment.' },
    };
  }
  const pg = pgMessage(err as never);
  if (pg) {
    request.log.info({ status: pg[0] }, 'constraint refused the change');
    const field = CONSTRAINT_FIELDS[pgConstraint(err as never)];
    return { status: pg[0], body: { message: pg[1], ...(field ? { details: [{ field, message: pg[1] }] } : {}) } };
  }
  const status = err.statusCode ?? 500;
  if (status === 413) return { status, body: { message: 'The request is too large.' } };
  if (status === 429) return { status, body: { message: 'Too many requests. Please wait a moment and try again.' } };
  if (status === 415) return { status, body: { message: 'This content type is not accepted.' } };
  if (status >= 400 && status < 500) {
    const message =
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError ? 'The request body is not valid JSON.' : err.message;
    return { status, body: { message } };
  }
  request.log.error({ err }, 'unhandled error');
  return { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } };
}

const noRoute = (request: FastifyRequest, reply: FastifyReply) =>
  reply.status(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}.` });

/** Typed errors become JSON with the right status; nothing internal leaks. */
const answerErrors = (availability: Availability) => (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  // A path no call serves: its body was parsed before the 404 handler, and a 400 about a body
  // nothing reads would suggest the path exists. (Too large and too many stay as they are.)
  const status = err.statusCode;
  if (request.is404 && !(err instanceof AppError) && status && status >= 400 && status < 500 && status !== 413 && status !== 429)
    return noRoute(request, reply);
  const answer = errorAnswer(err, request, availability);
  if (answer.retryAfter) reply.header('retry-after', answer.retryAfter);
  return reply.status(answer.status).send(answer.body);
};

const availabilityOf = (app: FastifyInstance): Availability => (app.hasDecorator('database') ? app.database.availability : undefined);

/**
 * Registers a module in a scope of its own that answers errors with the same handler as the root.
 * Fastify hands an error raised while an error answer is on its way (an onSend hook failing) to the
 * parent scope's handler; at the root that is Fastify's default, which sends the error's own message
 * (a failed query's text and values). Here it reaches the root's handler, which answers it as any
 * other.
 */
export const withErrorAnswers =
  (module: FastifyPluginAsync) =>
  async (scope: FastifyInstance): Promise<void> => {
    scope.setErrorHandler(answerErrors(availabilityOf(scope)));
    await scope.register(module);
  };

/** The one error handler: typed errors become JSON with the right status; nothing internal leaks. */
export default fp(
  async (app: FastifyInstance) => {
    // The error model also serves apps without a database (upload parsing is tested on a bare app).
    const availability = availabilityOf(app);
    if (availability) availability.log = app.log;
    app.setErrorHandler(answerErrors(availability));
    app.setNotFoundHandler(noRoute);
  },
  { name: 'errors' },
);
