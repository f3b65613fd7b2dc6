import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { logSafeError } from './lib/log-safe-error.js';
import { modules } from './modules/index.js';
import audit from './plugins/audit-context.js';
import auditKeys from './plugins/audit-keys.js';
import auth from './plugins/auth.js';
import background from './plugins/background.js';
import compression from './plugins/compression.js';
import errors, { frameworkErrors, withErrorAnswers } from './plugins/errors.js';
import health from './plugins/health.js';
import inputText from './plugins/input-text.js';
import jsonBody from './plugins/json-body.js';
import mfaPolicy from './plugins/mfa-policy.js';
import openapi from './plugins/openapi.js';
import { postgresRateLimitStore } from './plugins/rate-limit-store.js';
import requestContext from './plugins/request-context.js';
import { requestLogController } from './plugins/request-log.js';
import securityHeaders from './plugins/security-headers.js';
import tenant from './plugins/tenant.js';
import webAssets from './plugins/web-assets.js';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Where logs go when logger is true (tests read them). */
  logStream?: { write(line: string): void };
  /** Level of the one line logged per request: info in production, debug when run from source. */
  requestLogLevel?: 'info' | 'debug';
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * Request logs name the path and the query's parameter names, never their values: set-password
 * links carry a token there, and searches carry e-mail addresses and names.
 */
const redactUrl = (url: string) => url.replace(/([?&][^=&#]*=)[^&#]*/g, '$1[redacted]');

const hopsOf = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp({
  config,
  database,
  logger = false,
  logStream,
  requestLogLevel = 'info',
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === true
        ? {
            level: logStream ? 'info' : config.LOG_LEVEL,
            ...(logStream ? { stream: logStream } : {}),
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]', 'req.headers["x-api-key"]'],
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
              err: logSafeError,
            },
          }
        : logger,
    logController: requestLogController(requestLogLevel),
    bodyLimit: 1024 * 1024,
    // A request must arrive whole within this time: a body trickled a byte at a time is cut off
    // (408) instead of holding a connection for minutes (issue 30, defect 5). Node ignores the limit
    // while its headers timeout is longer, and checks open requests at the interval given.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      headersTimeout: config.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(5_000, config.REQUEST_TIMEOUT_MS),
    },
    // A hop count trusts that many proxies next to us (Fastify's own rule for a number).
    trustProxy: typeof config.TRUST_PROXY === 'number' ? hopsOf(config.TRUST_PROXY) : config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    return503OnClosing: true,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);

  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes responsive style props (w={{ base, sm }}…) into style elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(database) });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
  await app.register(errors);
  await app.register(jsonBody);
  await app.register(background);
  await app.register(inputText);
  await app.register(openapi, { ui: config.apiDocs });
  await app.register(auth);
  await app.register(mfaPolicy);
  await app.register(tenant);
  await app.register(audit);
  await app.register(auditKeys);
  await app.register(requestContext);
  // The built portal's files are compressed at build time and web-assets sends them as they are.
  // Registered after auth: its hook compresses an answer once a kept read has been confirmed, so an
  // answer refused there is never sent with the Content-Encoding of the one it replaced.
  await app.register(compression);

  // Once closing, answers end their keep-alive connection so close() need not wait for idle sockets.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    if (closing) reply.header('connection', 'close');
  });

  await app.register(health);

  for (const module of modules) await app.register(withErrorAnswers(module));

  await app.register(webAssets);
  return app;
}
