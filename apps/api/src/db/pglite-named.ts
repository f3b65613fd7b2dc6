import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;
const quiet = { syncToFs: false };
/** Far more than the hot queries and the lists' shapes in use; a bound, not a budget. */
const MAX_NAMED = 500;

const join = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** Statement texts that run as named statements on one PGlite, and the statements already parsed. */
export interface NamedStatements {
  add(text: string): void;
}

/**
 * PGlite's `query` parses, plans and describes its statement on every call (an unnamed statement),
 * and in single-threaded wasm planning a list page's join costs more than running it. The texts
 * added here (the hot queries of db/prepared.ts) are parsed once as named statements, then only
 * bound and run, so PostgreSQL keeps their plan as it does for node-postgres's named statements.
 * Every other call, and every call inside a transaction (PGlite's transaction object has its own
 * `query`), goes through PGlite as before.
 *
 * Their plans are PostgreSQL's own choice (plan_cache_mode auto). Forcing generic plans for the
 * session was tried: it halved the list page's planning, but the setting reaches every statement
 * with parameters, unnamed ones too, and the "contains" e-mail search went from 14 ms to 320 ms
 * (p95, 1,000,000 holders) on a generic plan blind to its pattern.
 */
export async function withNamedStatements(pglite: PGlite): Promise<NamedStatements> {
  const names = new Map<string, { name: string; paramTypes?: number[] }>();
  const unnamed = pglite.query.bind(pglite);

  async function run<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const statement = names.get(text)!;
    await pglite._checkReady();
    // The same locks as PGlite's own `query`: no transaction open, one statement at a time.
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        if (!statement.paramTypes) {
          try {
            await pglite.execProtocolStream(serialize.parse({ name: statement.name, text }), quiet);
            const described = await pglite.execProtocolStream(serialize.describe({ type: 'S', name: statement.name }), quiet);
            statement.paramTypes = parse.parseDescribeStatementResults(described);
          } finally {
            await pglite.execProtocolStream(serialize.sync(), quiet);
          }
        }
        const types = statement.paramTypes;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = options?.serializers?.[types[i]!] ?? pglite.serializers[types[i]!];
          return serializer ? serializer(value) : String(value);
        });
        // One message for bind, describe, execute and sync: after an error PostgreSQL skips to the sync.
        const messages = await pglite.execProtocolStream(
          join([
            serialize.bind({ statement: statement.name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          quiet,
        );
        await pglite.syncToFs();
        return parse.parseResults(messages, pglite.parsers, options)[0] as Results<T>;
      }),
    );
  }

  pglite.query = (<T>(text: string, params?: unknown[], options?: QueryOptions) =>
    names.has(text) ? run<T>(text, params, options) : unnamed<T>(text, params, options)) as PGlite['query'];
  return {
    add(text) {
      // Each named statement keeps its plan in the database's memory; shaped lists add one per shape.
      if (!names.has(text) && names.size < MAX_NAMED) names.set(text, { name: `hot_${names.size + 1}` });
    },
  };
}
