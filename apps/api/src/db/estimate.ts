import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * The planner's row estimate for a query (EXPLAIN, nothing is run): instant on any table size, and
 * good enough to size a pager where an exact count would cost more than the page.
 */
export async function plannerRows(db: Db, query: SQL | { getSQL(): SQL }): Promise<number> {
  const result = (await db.execute(sql`explain (format json) ${query}`)) as unknown as
    | { rows?: Record<string, unknown>[] }
    | Record<string, unknown>[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  const first = rows[0] ? Object.values(rows[0])[0] : null;
  const plan = (typeof first === 'string' ? JSON.parse(first) : first) as { Plan?: { 'Plan Rows'?: number } }[] | null;
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}
