import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../client.js';

/** PostgreSQL COPY text format: tab-separated, \N for null, backslash escapes. */
function field(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (v instanceof Date) return v.toISOString();
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return /[\\\t\n\r]/.test(s) ? s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : s;
}
export const line = (values: unknown[]) => `${values.map(field).join('\t')}\n`;

export interface Session {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  copy(table: string, columns: string[], text: string): Promise<void>;
  release(): Promise<void>;
}

export async function openSession(database: Database): Promise<Session> {
  if (database.pglite) {
    const pgl = database.pglite;
    return {
      query: async (text, params) => (await pgl.query(text, params)).rows as never,
      copy: async (table, columns, text) => {
        await pgl.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob'`, [], { blob: new Blob([text]) });
      },
      release: async () => {},
    };
  }
  const client: pg.PoolClient = await database.pool!.connect();
  return {
    query: async (text, params) => (await client.query(text, params as unknown[])).rows,
    copy: async (table, columns, text) => {
      await pipeline(Readable.from([Buffer.from(text)]), client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`)));
    },
    release: async () => client.release(),
  };
}
