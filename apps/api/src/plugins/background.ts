import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Work a route starts after it has answered, so the answer does not wait for it (and tells nothing by
 * its timing). Closing the app waits for what is still running, so nothing is cut off mid-write.
 */
export default fp(
  async (app: FastifyInstance) => {
    const running = new Set<Promise<void>>();
    app.decorate('afterAnswer', (log: FastifyBaseLogger, what: string, work: () => Promise<unknown>) => {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => {},
          (err: unknown) => log.error({ err }, `${what} failed after the answer`),
        )
        .finally(() => running.delete(done));
      running.add(done);
    });
    app.addHook('onClose', async () => {
      await Promise.all(running);
    });
  },
  { name: 'background' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs `work` once the current answer is on its way; failures are logged as `what`. */
    afterAnswer(log: FastifyBaseLogger, what: string, work: () => Promise<unknown>): void;
  }
}
