import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sponsorGroups, sponsors, statuses, templates } from '../../db/schema/index.js';
import { groupSummaryColumns } from '../sub-portals/sub-portals.repo.js';

export const listSponsors = (db: Db, onlyId: number | null) =>
  db
    .select({ id: sponsors.id, sponsorCode: sponsors.sponsorCode, name: sponsors.name })
    .from(sponsors)
    .where(onlyId === null ? undefined : eq(sponsors.id, onlyId))
    .orderBy(asc(sponsors.sponsorCode));

export const listStatuses = (db: Db) => db.select().from(statuses).orderBy(asc(statuses.id));

export const listGroups = (db: Db, sponsorId: number) =>
  db
    // The Sub-Portals screen shows how many representatives and vaults each group holds.
    .select(groupSummaryColumns)
    .from(sponsorGroups)
    .where(eq(sponsorGroups.sponsorId, sponsorId))
    .orderBy(asc(sponsorGroups.name));

export const listTemplates = (db: Db, sponsorId: number) =>
  db
    .select({ id: templates.id, name: templates.name, folders: templates.folders })
    .from(templates)
    .where(eq(templates.sponsorId, sponsorId))
    .orderBy(asc(templates.name));
