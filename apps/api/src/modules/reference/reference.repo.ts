import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sponsorGroups, sponsors, statuses, templates } from '../../db/schema/index.js';

export const listSponsors = (db: Db, onlyId: number | null) =>
  db
    .select({ id: sponsors.id, sponsorCode: sponsors.sponsorCode, name: sponsors.name })
    .from(sponsors)
    .where(onlyId === null ? undefined : eq(sponsors.id, onlyId))
    .orderBy(asc(sponsors.sponsorCode));

export const listStatuses = (db: Db) => db.select().from(statuses).orderBy(asc(statuses.id));

export const listGroups = (db: Db, sponsorId: number) =>
  db
    .select({
      id: sponsorGroups.id,
      name: sponsorGroups.name,
      code: sponsorGroups.code,
      parentId: sponsorGroups.parentId,
      // The Sub-Portals screen shows how many representatives and vaults each group holds.
      advisorCount: sql<number>`(select count(*) from sponsored_advisors sa where sa.group_id = "sponsor_groups"."id")::int`,
      vaultCount: sql<number>`(select count(*) from vaults v where v.group_id = "sponsor_groups"."id")::int`,
    })
    .from(sponsorGroups)
    .where(eq(sponsorGroups.sponsorId, sponsorId))
    .orderBy(asc(sponsorGroups.name));

export const listTemplates = (db: Db, sponsorId: number) =>
  db
    .select({ id: templates.id, name: templates.name, folders: templates.folders })
    .from(templates)
    .where(eq(templates.sponsorId, sponsorId))
    .orderBy(asc(templates.name));
