/**
 * A crash report that cannot leak: the driver's own message, its code and the stack frames, but
 * never a failed query's text or parameters. Drizzle puts both in its error message, and a
 * parameter can be a password hash (the first staff administrator's insert, for one).
 */
export function describeError(err: unknown): string {
  let e = err as { message?: unknown; code?: unknown; cause?: unknown; name?: unknown; stack?: unknown } | undefined;
  while (e && typeof e.message === 'string' && e.message.startsWith('Failed query') && e.cause) e = e.cause as typeof e;
  if (!e || typeof e !== 'object') return String(err);
  const first = typeof e.message === 'string' ? e.message.split('\n')[0]!.replace(/\s*params:.*$/, '') : '';
  const head = `${typeof e.name === 'string' ? e.name : 'Error'}${typeof e.code === 'string' ? ` ${e.code}` : ''}: ${first}`;
  const frames = typeof e.stack === 'string' ? e.stack.split('\n').filter((l) => l.trimStart().startsWith('at ')) : [];
  return [head, ...frames].join('\n');
}
