import type { Database } from '../db/client.js';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;
/** What the plugin passes to child(): the route's settings, with the route itself under routeInfo. */
type ChildOptions = object & { routeInfo?: { method?: string | string[]; url?: string } };

/** Expired counters are swept at most this often per instance; a leftover row costs nothing meanwhile. */
const SWEEP_EVERY_MS = 60_000;

/**
 * A store for @fastify/rate-limit on the rate_limits table: each hit is one atomic upsert, so every
 * instance on the database counts against the same budget (a fixed window per route and address).
 */
export function postgresRateLimitStore(database: Database) {
  let lastSweep = 0;

  async function hit(key: string, windowMs: number) {
    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      await database.query(`delete from rate_limits where window_ends_at < now() - interval '1 minute'`);
    }
    const [row] = await database.query<{ hits: number; ttl: number }>(
      `insert into rate_limits as r (key, hits, window_ends_at)
       values ($1, 1, now() + $2::int * interval '1 millisecond')
       on conflict (key) do update set
         hits = case when r.window_ends_at <= now() then 1 else r.hits + 1 end,
         window_ends_at = case when r.window_ends_at <= now() then excluded.window_ends_at else r.window_ends_at end
       returning hits, greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::int as ttl`,
      [key, windowMs],
    );
    return { current: Number(row!.hits), ttl: Number(row!.ttl) };
  }

  return class PostgresRateLimitStore {
    private readonly prefix: string;

    /** The plugin constructs the root store with its settings; routes get children named after them. */
    constructor(_settings?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      hit(this.prefix + key, timeWindow).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }

    child(options: ChildOptions) {
      const { method, url } = options.routeInfo ?? {};
      return new PostgresRateLimitStore(undefined, `${[method].flat().join(',')} ${url ?? ''} `);
    }
  };
}
