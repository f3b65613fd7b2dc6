import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** Records a failed attempt and when the next one is due; answers that time (the database's clock, as the queue's). */
export async function retryLater(db: Db, id: number, error: string, delayMs: number): Promise<Date> {
  const result = (await db.execute(
    sql`update email_outbox set status = 'retrying', last_error = ${error},
               next_attempt_at = now() + (${String(delayMs)} || ' milliseconds')::interval
         where id = ${id} returning next_attempt_at`,
  )) as unknown as { rows: { next_attempt_at: Date | string }[] };
  return new Date(result.rows[0]!.next_attempt_at);
}
