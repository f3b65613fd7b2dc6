/** Seconds a client is asked to wait (Retry-After) while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

type Coded = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** SQLSTATE: 57P01-57P03 the server shuts down or cannot connect yet, 08xxx connection exceptions, 53300 too many connections. */
const isUnavailableSqlState = (code: string) => /^(57P0[123]|08[0-9A-Z]{3}|53300)$/.test(code);
/** pg's own messages for a connection that ended or never came (they carry no code). */
const DRIVER_MESSAGES = /connection terminated|timeout exceeded when trying to connect|not queryable/i;

/** Whether an error (or one it wraps, e.g. Drizzle's DrizzleQueryError) means the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as Coded;
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || isUnavailableSqlState(e.code))) return true;
  if (typeof e.message === 'string' && DRIVER_MESSAGES.test(e.message) && !e.message.startsWith('Failed query')) return true;
  // Node reports a refused connection to a host with several addresses as an AggregateError.
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

export interface AvailabilityLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * Whether the database was last seen reachable. It logs one line when it goes away and one when it
 * is back, however many requests fail in between.
 */
export class DatabaseAvailability {
  #down = false;
  #since = 0;
  log: AvailabilityLog = {
    warn: (_obj, msg) => console.error(msg),
    info: (_obj, msg) => console.log(msg),
  };

  get down() {
    return this.#down;
  }

  lost(error: unknown) {
    if (this.#down) return;
    this.#down = true;
    this.#since = Date.now();
    const code = (error as Coded | undefined)?.code ?? (((error as Coded | undefined)?.cause as Coded | undefined)?.code as unknown);
    this.log.warn(
      { database: 'unreachable', code: typeof code === 'string' ? code : undefined },
      'database unreachable; answering 503 until it is back',
    );
  }

  reachable() {
    if (!this.#down) return;
    this.#down = false;
    this.log.info({ database: 'reachable', downForMs: Date.now() - this.#since }, 'database reachable again');
  }
}
