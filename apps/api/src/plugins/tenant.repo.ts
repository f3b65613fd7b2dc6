import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sponsors } from '../db/schema/index.js';
import type { SponsorRef } from './types.js';

/** The SQL behind plugins/tenant.ts: a sponsor by id, or by code in any case. */

export async function sponsorById(db: Db, id: number): Promise<SponsorRef | undefined> {
  const [row] = await db.select({ id: sponsors.id, sponsorCode: sponsors.sponsorCode }).from(sponsors).where(eq(sponsors.id, id));
  return row;
}

/** `code` in lower case. */
export async function sponsorByCode(db: Db, code: string): Promise<SponsorRef | undefined> {
  const [row] = await db
    .select({ id: sponsors.id, sponsorCode: sponsors.sponsorCode })
    .from(sponsors)
    .where(sql`lower(${sponsors.sponsorCode}) = ${code}`);
  return row;
}
