import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { preparedFor } from '../db/prepared.js';
import { sponsors } from '../db/schema/index.js';
import type { SponsorRef } from './types.js';

/** The SQL behind plugins/tenant.ts: a sponsor by id, or by code in any case. */

// Nearly every call names its portal by id: built and planned once rather than per request.
const sponsorByIdQuery = preparedFor((db) =>
  db
    .select({ id: sponsors.id, sponsorCode: sponsors.sponsorCode })
    .from(sponsors)
    .where(eq(sponsors.id, sql.placeholder('id')))
    .prepare('sponsor_by_id'),
);

export async function sponsorById(db: Db, id: number): Promise<SponsorRef | undefined> {
  const [row] = await sponsorByIdQuery(db).execute({ id });
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
