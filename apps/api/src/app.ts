import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { logSafeError } from './lib/log-safe-error.js';
import { modules } from './modules/index.js';
import audit from './plugins/audit-context.js';
import auth from './plugins/auth.js';
import errors, { frameworkErrors } from './plugins/errors.js';
import inputText from './plugins/input-text.js';
import openapi from './plugins/openapi.js';
import tenant from './plugins/tenant.js';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Where logs go when logger is true (tests read them). */
  logStream?: { write(line: string): void };
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Request logs name the path, never a token (set-password links carry one in the query). */
const redactUrl = (url: string) => url.replace(/([?&](token|key)=)[^&]*/gi, '$1[redacted]');

export async function buildApp({ config, database, logger = false, logStream }: AppOptions): Promise<FastifyInstance> {
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
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    requestIdHeader: 'x-request-id',
    return503OnClosing: true,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a style element.
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
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
  await app.register(errors);
  await app.register(inputText);
  await app.register(openapi);
  await app.register(auth);
  await app.register(tenant);
  await app.register(audit);

  // Once closing, answers end their keep-alive connection so close() need not wait for idle sockets.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    if (closing) reply.header('connection', 'close');
  });

  app.get('/api/health', { config: { auth: 'public' } }, async (_request, reply) => {
    const started = performance.now();
    try {
      await database.query('select 1');
      return { status: 'ok', database: 'ok', latencyMs: Math.round(performance.now() - started) };
    } catch {
      return reply.status(503).send({ status: 'error', database: 'unreachable' });
    }
  });

  for (const module of modules) await app.register(module);

  await serveWeb(app, config);
  return app;
}

/** The built portal, with history fallback: every non-API GET that is not a file gets index.html. */
async function serveWeb(app: FastifyInstance, config: Config) {
  const dist = config.WEB_DIST ?? join(import.meta.dirname, '../../web/dist');
  if (!existsSync(join(dist, 'index.html'))) return;
  const index = await readFile(join(dist, 'index.html'), 'utf8');
  await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1y', immutable: true });
  app.get('/*', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.status(404).send({ message: `No route GET ${request.url.split('?')[0]}.` });
    return reply.header('cache-control', 'no-cache').type('text/html').send(index);
  });
}
