import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { firstScreenPages } from './first-screen.js';

/** Vite writes content-hashed names under /assets/ (the precompressed copy adds .br or .gz); index.html and the favicon change in place. */
const HASHED = /[/\\]assets[/\\][^/\\]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;

/** A hashed file never changes, so browsers keep it a year; the rest is revalidated, so a release reaches users. */
function cacheHeaders(reply: FastifyReply, path: string) {
  reply.header('cache-control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * The built portal (apps/web/dist, or WEB_DIST) with history fallback: every non-API GET that is not a
 * file gets index.html. The build writes .br and .gz copies beside each file; the one the browser
 * accepts is sent as is, so nothing is compressed per request.
 */
async function webAssets(app: FastifyInstance) {
  // From src/plugins and from the compiled dist/plugins alike.
  const dist = app.config.WEB_DIST ?? join(import.meta.dirname, '../../../web/dist');
  if (!existsSync(join(dist, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => cacheHeaders(reply, path),
    globIgnore: ['**/*.br', '**/*.gz'],
  });
  const firstScreen = firstScreenPages(app, dist);
  app.get('/*', { config: { auth: 'public', portalFallback: true }, schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.status(404).send({ message: `No route GET ${request.url.split('?')[0]}.` });
    const page = firstScreen ? await firstScreen(request) : null;
    // It holds the user's rows: never kept by a cache, the browser's or a proxy's.
    if (page) return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
    return reply.sendFile('index.html');
  });
}

export default fp(webAssets, { name: 'web-assets' });
