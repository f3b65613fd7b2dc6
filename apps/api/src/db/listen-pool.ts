import pg from 'pg';
import type { Database } from './client.js';

/**
 * Every pooled connection LISTENs too, so a statement's own answer can confirm what the listener's
 * round trip confirms (decision 0054): PostgreSQL signals every listening backend while a
 * notifying transaction commits, and a backend sends what it was signalled before it reads its
 * next command. So when a pooled connection, listening already, is taken from the pool after a
 * moment T and given back without error, every notification committed before T has arrived on it
 * (and been handled) ahead of its first answer.
 */
export interface PoolListening {
  /** A moment to confirm from (a counter, not a clock): take it before reading anything kept. */
  mark(): number;
  /** True once a listening connection taken from the pool after `mark` has been given back. */
  handledSince(mark: number): boolean;
  stop(): void;
}

export function listenOnPool(
  database: Pick<Database, 'pool' | 'onPoolConnect'>,
  channel: string,
  onMessage: (payload: string) => void,
  /** The dedicated listener's round trip: a connection counts only once it vouches for the time before its LISTEN. */
  sync: () => Promise<boolean>,
): PoolListening {
  const pool = database.pool!;
  let tick = 0;
  let handledUpTo = 0;
  const listening = new WeakSet<pg.ClientBase>();
  const takenAt = new WeakMap<pg.ClientBase, number>();
  const notified = (n: pg.Notification) => {
    if (n.channel === channel) onMessage(n.payload ?? '*');
  };

  // Connections opened before this (migrations, start-up data) never LISTEN: they just never count.
  const unhook = database.onPoolConnect!(async (client) => {
    client.on('notification', notified);
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    // A notification committed before the LISTEN took effect does not reach this connection: the
    // listener's round trip, begun after the LISTEN's answer, vouches for those; then it counts.
    void sync().then((inStep) => {
      if (inStep) listening.add(client);
    });
  });
  const onAcquire = (client: pg.PoolClient) => {
    if (listening.has(client)) takenAt.set(client, tick);
  };
  const onRelease = (err: Error | undefined, client: pg.PoolClient) => {
    const at = takenAt.get(client);
    takenAt.delete(client);
    if (!err && at !== undefined && at > handledUpTo) handledUpTo = at;
  };
  pool.on('acquire', onAcquire);
  pool.on('release', onRelease);

  return {
    mark: () => ++tick,
    handledSince: (mark) => handledUpTo >= mark,
    stop: () => {
      unhook();
      pool.off('acquire', onAcquire);
      pool.off('release', onRelease);
    },
  };
}
