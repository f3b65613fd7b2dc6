import pg from 'pg';
import type { Database } from './client.js';

export interface ChannelHandlers {
  message(payload: string): void;
  /** True once notifications arrive; false as soon as they may not (connection lost), until back. */
  state(listening: boolean): void;
}

export interface ChannelListener {
  close(): Promise<void>;
}

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * LISTEN on `channel`. On PostgreSQL a connection of its own outside the pool (a pooled one would
 * go back to the pool and stop listening), reopened with growing waits when the server ends it. On
 * PGlite, one process holds the database: its notifications arrive at commit.
 */
export async function listenChannel(database: Database, channel: string, handlers: ChannelHandlers): Promise<ChannelListener> {
  if (database.pglite) {
    const unlisten = await database.pglite.listen(channel, (payload) => handlers.message(payload));
    handlers.state(true);
    return {
      close: async () => {
        handlers.state(false);
        await unlisten();
      },
    };
  }
  const options = (database.pool as unknown as { options: pg.ClientConfig }).options;
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let timer: NodeJS.Timeout | null = null;

  const lost = (failed: pg.Client) => {
    if (client !== failed) return;
    client = null;
    handlers.state(false);
    failed.end().catch(() => {});
    if (closed) return;
    timer = setTimeout(open, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  async function open() {
    timer = null;
    if (closed) return;
    const next = new pg.Client({ ...options, keepAlive: true });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '*');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (client !== next || closed) return;
      retryMs = RETRY_FIRST_MS;
      handlers.state(true);
    } catch {
      lost(next);
    }
  }

  await open();
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const last = client;
      client = null;
      handlers.state(false);
      await last?.end().catch(() => {});
    },
  };
}
