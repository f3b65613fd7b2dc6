import { STATUS_NAMES, type VaultSearchField } from '@vault/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  advisors,
  auditLog,
  basePackages,
  documents,
  packageSponsor,
  sponsoredAdvisors,
  sponsorGroups,
  sponsors,
  templates,
  users,
  vaultAdvisors,
  vaultHolders,
  vaults,
} from '../../db/schema/index.js';

/** Escapes LIKE wildcards so a search for "50%_off" means exactly that text. */
export const likeContains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Which holders a search keeps. `users` conditions run on users_sponsor_role_idx or the trigram
 * indexes; `vaults` conditions (package, license) drive from vaults_package_idx.
 * `none` means the value cannot match anything (e.g. a non-numeric id).
 */
export type HolderFilter = { kind: 'all' } | { kind: 'none' } | { kind: 'users'; where: SQL } | { kind: 'vaults'; where: SQL };

const LICENSE_VALUES = ['trial', 'monthly', 'annual'];

export function holderFilter(field: VaultSearchField | undefined, raw: string | undefined): HolderFilter {
  const value = (raw ?? '').trim();
  if (!field || value === '') return { kind: 'all' };
  switch (field) {
    case 'id': {
      if (!/^\d{1,9}$/.test(value)) return { kind: 'none' };
      return { kind: 'users', where: eq(users.id, Number(value)) };
    }
    case 'firstName':
      return { kind: 'users', where: sql`${users.firstName} ilike ${likeContains(value)}` };
    case 'lastName':
      return { kind: 'users', where: sql`${users.lastName} ilike ${likeContains(value)}` };
    case 'email':
      return { kind: 'users', where: sql`${users.email} ilike ${likeContains(value)}` };
    case 'status': {
      const v = value.toLowerCase();
      const ids = Object.entries(STATUS_NAMES)
        .filter(([id, name]) => id === v || name.toLowerCase().startsWith(v))
        .map(([id]) => Number(id));
      return ids.length ? { kind: 'users', where: inArray(users.statusId, ids) } : { kind: 'none' };
    }
    case 'license': {
      const v = value.toLowerCase();
      const matches = LICENSE_VALUES.filter((l) => l.startsWith(v));
      return matches.length ? { kind: 'vaults', where: inArray(vaults.license, matches as never) } : { kind: 'none' };
    }
    case 'package': {
      const byId = /^\d{1,9}$/.test(value) ? sql` or ${basePackages.id} = ${Number(value)}` : sql``;
      return {
        kind: 'vaults',
        where: sql`${vaults.packageId} in (select ${basePackages.id} from ${basePackages} where ${basePackages.name} ilike ${likeContains(value)}${byId})`,
      };
    }
  }
}

/** The ids of one page of holders (and, separately, how many match), ordered by holder id. */
function idQuery(db: Db, sponsorId: number | null, filter: HolderFilter) {
  if (filter.kind === 'vaults') {
    return db
      .select({ id: vaults.holderUserId })
      .from(vaults)
      .where(and(sponsorId === null ? undefined : eq(vaults.sponsorId, sponsorId), filter.where))
      .$dynamic();
  }
  const conds: (SQL | undefined)[] = [sponsorId === null ? undefined : eq(users.sponsorId, sponsorId), eq(users.role, 'vault_holder')];
  if (filter.kind === 'users') conds.push(filter.where);
  if (filter.kind === 'none') conds.push(sql`false`);
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(...conds))
    .$dynamic();
}

export async function countHolders(db: Db, sponsorId: number | null, filter: HolderFilter): Promise<number> {
  if (filter.kind === 'none') return 0;
  const inner = idQuery(db, sponsorId, filter).as('m');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return Number(row?.n ?? 0);
}

export async function pageIds(db: Db, sponsorId: number | null, filter: HolderFilter, offset: number, limit: number): Promise<number[]> {
  if (filter.kind === 'none') return [];
  const orderCol = filter.kind === 'vaults' ? vaults.holderUserId : users.id;
  const rows = await idQuery(db, sponsorId, filter).orderBy(asc(orderCol)).limit(limit).offset(offset);
  return rows.map((r) => r.id);
}

/**
 * "From holder id X on" as a row comparison on (role, id) with both bounds: it positions the scan of
 * users_sponsor_role_idx (sponsor_id, role, id) right at X. A plain `id >= X` lets the planner
 * prefer the primary key near the end of the id range and filter other portals' rows one by one.
 */
const fromHolder = (fromId: number) =>
  sql`(${users.role}, ${users.id}) >= ('vault_holder', ${fromId}) and (${users.role}, ${users.id}) <= ('vault_holder', 2147483647)`;

/** The holder id at `skip` rows from `fromId` (inclusive) in id order, or null past the end (unfiltered list). */
export async function holderIdAt(db: Db, sponsorId: number, fromId: number | null, skip: number): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.sponsorId, sponsorId), fromId === null ? eq(users.role, 'vault_holder') : fromHolder(fromId)))
    .orderBy(asc(users.role), asc(users.id))
    .limit(1)
    .offset(skip);
  return row?.id ?? null;
}

/** One page of the unfiltered list starting at a known holder id. */
export async function pageIdsFrom(db: Db, sponsorId: number, fromId: number, skip: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.sponsorId, sponsorId), fromHolder(fromId)))
    .orderBy(asc(users.role), asc(users.id))
    .limit(limit)
    .offset(skip);
  return rows.map((r) => r.id);
}

/** Every matching id (bulk actions and export), capped. */
export async function allIds(db: Db, sponsorId: number, filter: HolderFilter, cap: number): Promise<number[]> {
  return pageIds(db, sponsorId, filter, 0, cap);
}

const holderColumns = {
  id: users.id,
  vaultId: vaults.id,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  email: users.email,
  statusId: users.statusId,
  testAccount: users.testAccount,
  localize: users.localize,
  mfaEnabled: users.mfaEnabled,
  lastLoginAt: users.lastLoginAt,
  activatedAt: users.activatedAt,
  createdAt: users.createdAt,
  packageId: vaults.packageId,
  packageName: basePackages.name,
  license: vaults.license,
  sponsorId: vaults.sponsorId,
  sponsorCode: sponsors.sponsorCode,
  documentCount: sql<number>`(select count(*)::int from ${documents} where ${documents.vaultId} = ${vaults.id})`,
};

export type HolderRow = Awaited<ReturnType<typeof holdersByIds>>[number];

/** The list rows of the given holder ids, in id order. */
export async function holdersByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(holderColumns)
    .from(users)
    .innerJoin(vaults, eq(vaults.holderUserId, users.id))
    .innerJoin(sponsors, eq(sponsors.id, vaults.sponsorId))
    .leftJoin(basePackages, eq(basePackages.id, vaults.packageId))
    .where(inArray(users.id, ids))
    .orderBy(asc(users.id));
}

/** A holder of this sponsor by user id (null when not theirs). */
export async function findHolder(db: Db, sponsorId: number, userId: number, lock = false) {
  const q = db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      statusId: users.statusId,
      mfaEnabled: users.mfaEnabled,
      vaultId: vaults.id,
      archivedAt: vaults.archivedAt,
    })
    .from(users)
    .innerJoin(vaults, eq(vaults.holderUserId, users.id))
    .where(and(eq(users.id, userId), eq(users.role, 'vault_holder'), eq(users.sponsorId, sponsorId), eq(vaults.sponsorId, sponsorId)));
  const [row] = lock ? await q.for('update', { of: users }) : await q;
  return row ?? null;
}

/** A holder of this sponsor by vault id. */
export async function findHolderByVault(db: Db, sponsorId: number, vaultId: number, lock = false) {
  const q = db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      statusId: users.statusId,
      mfaEnabled: users.mfaEnabled,
      vaultId: vaults.id,
      archivedAt: vaults.archivedAt,
    })
    .from(vaults)
    .innerJoin(users, eq(users.id, vaults.holderUserId))
    .where(and(eq(vaults.id, vaultId), eq(vaults.sponsorId, sponsorId)));
  const [row] = lock ? await q.for('update', { of: vaults }) : await q;
  return row ?? null;
}

export async function holdersForBulk(db: Db, sponsorId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, statusId: users.statusId })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.role, 'vault_holder'), eq(users.sponsorId, sponsorId)))
    .orderBy(asc(users.id));
}

export async function documentCount(db: Db, vaultId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(documents).where(eq(documents.vaultId, vaultId));
  return Number(row?.n ?? 0);
}

export async function emailTaken(db: Db, sponsorId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'vault_holder'),
        sql`coalesce(${users.sponsorId}, 0) = ${sponsorId}`,
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function packageAssigned(db: Db, sponsorId: number, packageId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: packageSponsor.id })
    .from(packageSponsor)
    .where(and(eq(packageSponsor.sponsorId, sponsorId), eq(packageSponsor.packageId, packageId)));
  return Boolean(row);
}

export async function groupOfSponsor(db: Db, sponsorId: number, groupId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sponsorGroups.id })
    .from(sponsorGroups)
    .where(and(eq(sponsorGroups.id, groupId), eq(sponsorGroups.sponsorId, sponsorId)));
  return Boolean(row);
}

export async function templateOfSponsor(db: Db, sponsorId: number, templateId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.id, templateId), eq(templates.sponsorId, sponsorId)));
  return Boolean(row);
}

/** The given user ids that are trusted advisors (sponsored advisors) of this sponsor. */
export async function sponsoredAdvisorUserIds(db: Db, sponsorId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: sponsoredAdvisors.userId })
    .from(sponsoredAdvisors)
    .where(and(eq(sponsoredAdvisors.sponsorId, sponsorId), inArray(sponsoredAdvisors.userId, userIds)));
  return rows.map((r) => r.userId);
}

export async function insertHolder(
  db: Db,
  v: {
    sponsorId: number;
    email: string;
    firstName: string;
    middleName: string | null;
    lastName: string;
    organizationName: string | null;
    testAccount: boolean;
    localize: string;
    packageId: number;
    tag: 'individual' | 'business' | 'family';
    entityType: string | null;
    groupId: number | null;
    templateId: number | null;
    advisorUserIds: number[];
  },
) {
  const [u] = await db
    .insert(users)
    .values({
      role: 'vault_holder',
      sponsorId: v.sponsorId,
      email: v.email,
      firstName: v.firstName,
      middleName: v.middleName,
      lastName: v.lastName,
      statusId: 3,
      testAccount: v.testAccount,
      localize: v.localize,
    })
    .returning({ id: users.id, statusId: users.statusId });
  await db.insert(vaultHolders).values({ userId: u!.id, sponsorId: v.sponsorId, organizationName: v.organizationName });
  const [vault] = await db
    .insert(vaults)
    .values({
      holderUserId: u!.id,
      sponsorId: v.sponsorId,
      packageId: v.packageId,
      tag: v.tag,
      entityType: v.entityType,
      groupId: v.groupId,
      templateId: v.templateId,
    })
    .returning({ id: vaults.id });
  if (v.advisorUserIds.length) {
    await db.insert(vaultAdvisors).values(v.advisorUserIds.map((a) => ({ vaultId: vault!.id, advisorUserId: a })));
  }
  return { userId: u!.id, vaultId: vault!.id, statusId: u!.statusId };
}

export async function archiveVault(db: Db, vaultId: number, userId: number, byUserId: number | null, reason: string) {
  const now = new Date();
  await db
    .update(vaults)
    .set({ archivedAt: now, archivedByUserId: byUserId, archiveReason: reason, updatedAt: now })
    .where(eq(vaults.id, vaultId));
  await db.update(users).set({ statusId: 4, updatedAt: now }).where(eq(users.id, userId));
}

export async function deleteHolder(db: Db, userId: number) {
  // vault_holders → vaults → documents, vault_advisors cascade from the user row.
  await db.delete(users).where(eq(users.id, userId));
}

/** GET/PUT /api/v1/users/{id}: a holder of the sponsor, or an advisor linked to it as a representative. */
export async function findPortalUser(db: Db, sponsorId: number, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      statusId: users.statusId,
      testAccount: users.testAccount,
      localize: users.localize,
    })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        sql`(
          (${users.role} = 'vault_holder' and ${users.sponsorId} = ${sponsorId})
          or (${users.role} = 'advisor' and exists (select 1 from ${sponsoredAdvisors} where ${sponsoredAdvisors.userId} = ${users.id} and ${sponsoredAdvisors.sponsorId} = ${sponsorId}))
        )`,
      ),
    );
  return row ?? null;
}

export async function setTestAccount(db: Db, userId: number, testAccount: boolean) {
  await db.update(users).set({ testAccount, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function vaultDetails(db: Db, sponsorId: number, vaultId: number) {
  const [row] = await db
    .select({
      vaultId: vaults.id,
      id: users.id,
      sponsorId: vaults.sponsorId,
      sponsorCode: sponsors.sponsorCode,
      email: users.email,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      organizationName: vaultHolders.organizationName,
      localize: users.localize,
      testAccount: users.testAccount,
      statusId: users.statusId,
      packageId: vaults.packageId,
      packageName: basePackages.name,
      storageQuotaBytes: basePackages.storageQuotaBytes,
      license: vaults.license,
      tag: vaults.tag,
      entityType: vaults.entityType,
      groupId: vaults.groupId,
      groupName: sponsorGroups.name,
      templateId: vaults.templateId,
      templateName: templates.name,
      storageUsedBytes: vaults.storageUsedBytes,
      createdAt: vaults.createdAt,
      activatedAt: users.activatedAt,
      lastLoginAt: users.lastLoginAt,
      mfaEnabled: users.mfaEnabled,
      archivedAt: vaults.archivedAt,
      archiveReason: vaults.archiveReason,
      archivedBy: sql<string | null>`(select a.email from users a where a.id = ${vaults.archivedByUserId})`.as('archived_by'),
    })
    .from(vaults)
    .innerJoin(users, eq(users.id, vaults.holderUserId))
    .innerJoin(vaultHolders, eq(vaultHolders.userId, users.id))
    .innerJoin(sponsors, eq(sponsors.id, vaults.sponsorId))
    .leftJoin(basePackages, eq(basePackages.id, vaults.packageId))
    .leftJoin(sponsorGroups, eq(sponsorGroups.id, vaults.groupId))
    .leftJoin(templates, eq(templates.id, vaults.templateId))
    .where(and(eq(vaults.id, vaultId), eq(vaults.sponsorId, sponsorId)));
  return row ?? null;
}

export async function vaultAdvisorList(db: Db, vaultId: number) {
  return db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(vaultAdvisors)
    .innerJoin(advisors, eq(advisors.userId, vaultAdvisors.advisorUserId))
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(eq(vaultAdvisors.vaultId, vaultId))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

export async function holderHistory(db: Db, userId: number, limit = 100) {
  return db
    .select({
      id: auditLog.id,
      occurredAt: auditLog.occurredAt,
      action: auditLog.action,
      actorEmail: auditLog.actorEmail,
      outcome: auditLog.outcome,
      logJson: auditLog.logJson,
    })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'vault_holder'), eq(auditLog.targetId, String(userId))))
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
    .limit(limit);
}
