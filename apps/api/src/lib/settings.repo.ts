import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appSettings } from '../db/schema/index.js';

/**
 * The stored value of a server-wide setting, stored as `fresh` on first use: of several instances
 * starting together the first insert wins and every instance reads that one.
 */
export async function keptSetting(db: Db, key: string, fresh: string): Promise<string> {
  await db.insert(appSettings).values({ key, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row!.value;
}
