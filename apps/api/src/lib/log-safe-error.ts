type ErrorLike = {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  query?: unknown;
  params?: unknown;
};

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** Only the "at …" frames: a stack's first line repeats the message. */
const frames = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((l) => l.trimStart().startsWith('at '))
        .join('\n')
    : undefined;

/**
 * The log's view of an error. A database error's message holds the SQL, its parameters (people's
 * data, password hashes) or the offending value, and a JSON syntax error's message quotes the body:
 * for those only the class, SQLSTATE and schema names are kept.
 */
export function logSafeError(error: unknown, depth = 0): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!error || typeof error !== 'object') return { type: typeof error, message: '', stack: '' };
  const e = error as ErrorLike;
  const type = typeof e.name === 'string' ? e.name : (error.constructor?.name ?? 'Error');
  const code = typeof e.code === 'string' ? e.code : undefined;
  const fromDatabase = 'query' in e || 'params' in e || (code !== undefined && SQLSTATE.test(code)) || type === 'DrizzleQueryError';
  const quotesInput = fromDatabase || error instanceof SyntaxError;
  const message = quotesInput ? '(withheld: it may quote the input)' : typeof e.message === 'string' ? e.message.slice(0, 500) : '';
  const stack = (quotesInput ? frames(e.stack) : typeof e.stack === 'string' ? e.stack : undefined) ?? '';
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = { type, message, stack };
  if (code) out.code = code;
  if (fromDatabase) {
    for (const key of ['constraint', 'table', 'column'] as const) if (typeof e[key] === 'string') out[key] = e[key];
  }
  if (e.cause && depth < 3) out.cause = logSafeError(e.cause, depth + 1);
  return out;
}
