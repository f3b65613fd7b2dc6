import pg from 'pg';
import type { Database } from './client.js';
import { listenOnPool } from './listen-pool.js';

export interface ChannelHandlers {
  message(payload: string): void;
  /** True once notifications arrive; false as soon as they may not (connection lost), until back. */
  state(listening: boolean): void;
}

export interface ChannelListener {
  /**
   * True once every notification committed before this call has been handled; false when that
   * cannot be known (not listening), so the caller must ask the database instead.
   */
  sync(): Promise<boolean>;
  /** A moment to confirm from, taken before reading anything kept (decision 0054). */
  mark(): number;
  /**
   * True when every notification committed before `mark` was taken has been handled already, as
   * a statement's own answer on a pooled connection shows; otherwise the caller syncs.
   */
  handledSince(mark: number): boolean;
  close(): Promise<void>;
}

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;
// A listening connection that does not answer a round trip this fast is treated as lost.
const SYNC_TIMEOUT_MS = 2_000;

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
      sync: async () => true,
      mark: () => 0,
      handledSince: () => true,
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
  let ready = false;

  const lost = (failed: pg.Client) => {
    if (client !== failed) return;
    client = null;
    ready = false;
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
    // Named, so an operator (and a test) can tell it from the pool's connections in pg_stat_activity.
    const next = new pg.Client({ ...options, keepAlive: true, application_name: `listen ${channel}` });
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
      ready = true;
      handlers.state(true);
    } catch {
      lost(next);
    }
  }

  /*
   * A round trip on the listening connection. PostgreSQL signals every listener while the notifying
   * transaction commits, before that commit is answered, and a listening backend sends what it was
   * signalled before it answers its next query. So when this round trip's answer arrives, every
   * notification committed before it began has arrived (and been handled) ahead of it.
   */
  const roundTrip = (): Promise<boolean> => {
    const on = client;
    if (!on || !ready) return Promise.resolve(false);
    let timeout: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timeout = setTimeout(() => {
        lost(on);
        resolve(false);
      }, SYNC_TIMEOUT_MS);
      timeout.unref();
    });
    const answered = on.query('SELECT 1').then(
      () => client === on && ready,
      () => false,
    );
    return Promise.race([answered, late]).finally(() => clearTimeout(timeout));
  };

  // Calls made while a round trip is under way share the next one: it starts after all of them.
  let inFlight: Promise<boolean> | null = null;
  let queued: Promise<boolean> | null = null;
  const sync = (): Promise<boolean> => {
    if (!inFlight) {
      inFlight = roundTrip().finally(() => {
        inFlight = null;
      });
      return inFlight;
    }
    queued ??= inFlight.then(() => {
      queued = null;
      return sync();
    });
    return queued;
  };

  await open();
  const pooled = listenOnPool(database, channel, handlers.message, sync);
  return {
    sync,
    mark: pooled.mark,
    handledSince: pooled.handledSince,
    close: async () => {
      closed = true;
      pooled.stop();
      if (timer) clearTimeout(timer);
      const last = client;
      client = null;
      ready = false;
      handlers.state(false);
      await last?.end().catch(() => {});
    },
  };
}
