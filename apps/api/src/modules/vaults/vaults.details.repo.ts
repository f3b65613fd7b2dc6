import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  advisors,
  auditLog,
  basePackages,
  sponsorGroups,
  sponsors,
  templates,
  users,
  vaultAdvisors,
  vaultHolders,
  vaults,
} from '../../db/schema/index.js';

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
