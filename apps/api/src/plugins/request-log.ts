import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per answered request (Fastify's own logging writes two). Production logs them at
 * info; a server run from source logs them at debug, so a developer's console shows start-up,
 * warnings and errors instead of one JSON object per request (LOG_LEVEL=debug brings them back).
 */
export function requestLogController(level: 'info' | 'debug'): LogController {
  return new (class extends LogController {
    // At trace only: what a request was doing when something went wrong, if asked for.
    override incomingRequest(request: FastifyRequest) {
      request.log.trace({ req: request }, 'incoming request');
    }

    override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata: unknown) {
      if (error) return super.requestCompleted(error, request, reply, metadata as never);
      reply.log[level]({ req: request, res: reply, responseTime: Math.round(reply.elapsedTime) }, 'request completed');
    }
  })();
}
