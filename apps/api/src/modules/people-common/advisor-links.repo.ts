import { and, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sponsoredAdvisors } from '../../db/schema/index.js';

/** How many portals other than `sponsorId` the advisor `userId` represents. */
export async function otherLinkCount(db: Db, userId: number, sponsorId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sponsoredAdvisors)
    .where(and(eq(sponsoredAdvisors.userId, userId), ne(sponsoredAdvisors.sponsorId, sponsorId)));
  return row?.n ?? 0;
}

export async function setLinkStatus(db: Db, userId: number, sponsorId: number, statusId: number) {
  await db
    .update(sponsoredAdvisors)
    .set({ statusId, updatedAt: new Date() })
    .where(and(eq(sponsoredAdvisors.userId, userId), eq(sponsoredAdvisors.sponsorId, sponsorId)));
}
