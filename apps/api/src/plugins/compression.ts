import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const ENCODINGS = ['br', 'gzip'];
const THRESHOLD = 1024;
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
/**
 * An answer compressed on the spot holds up the event loop: quality 1, told the size, takes a 20-row
 * page in about 30 µs where quality 4 took 75 µs, for 60 bytes more (decision 0054).
 */
const onTheSpotBrotli = (bytes: number) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes },
});
/** @fastify/compress's own test: JSON and text (not event streams). */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)/u;
/** Up to this size an answer is compressed on the spot: handing it to the thread pool costs as much. */
const ON_THE_SPOT = 64 * 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function compressed(payload: string | Buffer, encoding: string): Buffer | Promise<Buffer> {
  const bytes = Buffer.byteLength(payload);
  if (bytes <= ON_THE_SPOT) {
    return encoding === 'br' ? zlib.brotliCompressSync(payload, onTheSpotBrotli(bytes)) : zlib.gzipSync(payload);
  }
  return encoding === 'br' ? brotli(payload, BROTLI) : gzip(payload);
}

/** The encoding @fastify/compress would pick for this Accept-Encoding, or null. */
function chosenEncoding(accepted: string | undefined): string | null {
  if (!accepted) return null;
  return negotiate(accepted.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ENCODINGS);
}

/**
 * Answers over 1 KB go compressed to a client that accepts it (Brotli, then gzip;
 * decision 0012). An answer already in memory (JSON, CSV text) is compressed in one call (a large
 * one on libuv's thread pool) and sent with its length: @fastify/compress would stream it through a
 * peek stream, a duplex and a compression stream per answer, which cost a list page more than
 * compressing it (decision 0024). Streamed answers (the audit CSV) still go through @fastify/compress.
 */
export default fp(
  async (app: FastifyInstance) => {
    // Instance hooks run before the route-level hook @fastify/compress adds, which then leaves an
    // answer that already carries its Content-Encoding alone.
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (Buffer.byteLength(payload) < THRESHOLD || reply.hasHeader('content-encoding')) return payload;
      if (request.headers['x-no-compression'] !== undefined) return payload;
      if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? 'application/json'))) return payload;
      const encoding = chosenEncoding(request.headers['accept-encoding']);
      if (!encoding) return payload;
      const vary = reply.getHeader('vary');
      if (!vary) reply.header('vary', 'accept-encoding');
      else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${vary}, accept-encoding`);
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return compressed(payload, encoding);
    });
    await app.register(compress, { threshold: THRESHOLD, encodings: ENCODINGS as ('br' | 'gzip')[], brotliOptions: BROTLI });
  },
  { name: 'compression' },
);
