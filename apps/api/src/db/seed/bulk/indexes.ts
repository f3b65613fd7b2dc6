import type { Session } from './copy.js';

export const TABLES_WITH_DROPPED_INDEXES = ['users', 'vault_holders', 'vaults', 'documents', 'audit_log'];

/** Secondary indexes of the big tables: dropped before the load (when `big`), rebuilt after it by restoreIndexes. */
export async function dropSecondaryIndexes(s: Session, big: boolean) {
  const indexes = await s.query<{ name: string; def: string }>(
    `select c.relname as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
      where t.relname = any($1::text[]) and t.relnamespace = 'public'::regnamespace and not i.indisprimary
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
    [TABLES_WITH_DROPPED_INDEXES],
  );
  if (big) for (const ix of indexes) await s.query(`drop index ${ix.name}`);
  return indexes;
}

/** New ids continue after the loaded ones; then the dropped indexes come back. */
export async function restoreSequences(s: Session) {
  for (const [table, col] of [
    ['users', 'id'],
    ['vaults', 'id'],
    ['documents', 'id'],
    ['audit_log', 'id'],
  ] as const) {
    await s.query(`select setval(pg_get_serial_sequence('${table}', '${col}'), greatest((select max(${col}) from ${table}), 1))`);
  }
}

export async function restoreIndexes(s: Session, indexes: { def: string }[]) {
  // A partitioned table's index is described "ON ONLY" the parent, which would leave its partitions without one.
  for (const ix of indexes) await s.query(ix.def.replace(' ON ONLY ', ' ON '));
}
