import { advisors, sponsorAdmins, sponsoredAdvisors, users } from '../../schema/index.js';
import type { DemoPortals } from './portals.js';
import { DAY, daysAgo, insertMany, makePeople, type SeedCtx } from './shared.js';

export const ADMIN_TITLES = [
  'Operations Manager',
  'Client Service Associate',
  'Compliance Officer',
  'Practice Manager',
  'IT Administrator',
];
const ADVISOR_PERMISSIONS = ['view_documents', 'upload_documents', 'manage_folders', 'invite_holders', 'view_reports'];

export type DemoAdmins = Awaited<ReturnType<typeof seedAdmins>>;
export type DemoAdvisors = Awaited<ReturnType<typeof seedAdvisors>>;

/** Sponsor administrators: admin@<code>.example signs in with the staff password. */
export async function seedAdmins(
  { tx, rnd, now }: SeedCtx,
  { S, groupsBySponsor, passwordHash }: Pick<DemoPortals, 'S' | 'groupsBySponsor'> & { passwordHash: string | null },
) {
  const adminUsers: (typeof users.$inferInsert)[] = [];
  const adminFlags: { sponsorId: number; title: string; main: boolean }[] = [];
  for (const s of S) {
    const domain = `${s.sponsorCode.toLowerCase()}.example`;
    adminUsers.push({
      role: 'sponsor_admin',
      sponsorId: s.id,
      email: `admin@${domain}`,
      firstName: s.def.contactName.split(' ')[0]!,
      lastName: s.def.contactName.split(' ')[1]!,
      passwordHash,
      statusId: 1,
      activatedAt: new Date(now - 300 * DAY),
      lastLoginAt: daysAgo(now, rnd, 3),
    });
    adminFlags.push({ sponsorId: s.id, title: 'Portal Administrator', main: true });
    for (const p of makePeople(rnd, rnd.int(2, 4), new Set([`admin@${domain}`]), domain)) {
      const statusId = rnd.weighted([
        [3, 5],
        [1, 3],
        [2, 2],
      ] as const);
      adminUsers.push({
        role: 'sponsor_admin',
        sponsorId: s.id,
        email: p.email,
        firstName: p.first,
        lastName: p.last,
        statusId,
        testAccount: rnd.chance(0.1),
        mfaEnabled: statusId === 1 && rnd.chance(0.5),
        activatedAt: statusId === 3 ? null : daysAgo(now, rnd, 300, 30),
        lastLoginAt: statusId === 1 ? daysAgo(now, rnd, 20) : null,
      });
      adminFlags.push({ sponsorId: s.id, title: rnd.pick(ADMIN_TITLES), main: false });
    }
  }
  const adminIds = (await insertMany(tx, users, adminUsers, { id: users.id })) as { id: number }[];
  await insertMany(
    tx,
    sponsorAdmins,
    adminFlags.map((f, i) => {
      const on = (p: number) => f.main || rnd.chance(p);
      const groups = groupsBySponsor.get(f.sponsorId)!;
      return {
        userId: adminIds[i]!.id,
        sponsorId: f.sponsorId,
        groupId: !f.main && rnd.chance(0.3) ? rnd.pick(groups) : null,
        title: f.title,
        hasCorporateVaultAccess: on(0.4),
        hasPrivateFoldersAccess: true,
        hasTemplateAccess: on(0.5),
        hasDocumentReviewAccess: on(0.5),
        hasDocumentRetentionAccess: on(0.3),
        hasDocumentExpiringAccess: on(0.4),
        hasManageMfaAccess: on(0.3),
        hasCustodianManageAccess: on(0.2),
        hasIntegrationAccess: on(0.2),
        hasEnterpriseDashboardAccess: on(0.4),
        hasAdvisorDashboardAccess: on(0.5),
        hasVaultGroupCreationPermission: on(0.3),
        hasSubPortalManagePermission: on(0.3),
        showInContacts: on(0.6),
        hasUnfiledTabAccess: on(0.5),
        hasReminderTabAccess: on(0.5),
        hasArchiveVaultAccess: on(0.3),
        // The portal's main administrator manages the others; no random draw, so the rest of the demo stays the same.
        hasManageAdminsAccess: f.main,
      };
    }),
  );
  const mainAdminBySponsor = new Map<number, { id: number; email: string }>();
  adminFlags.forEach((f, i) => {
    if (f.main) mainAdminBySponsor.set(f.sponsorId, { id: adminIds[i]!.id, email: adminUsers[i]!.email });
  });
  return { adminIds, mainAdminBySponsor };
}

/** Advisors (global trusted collaborators) and their sponsorships (representatives). */
export async function seedAdvisors(
  { tx, rnd, now }: SeedCtx,
  { S, groupsBySponsor, mainAdminBySponsor }: Pick<DemoPortals, 'S' | 'groupsBySponsor'> & Pick<DemoAdmins, 'mainAdminBySponsor'>,
) {
  const advisorDomains = ['advisors.example', 'planning.example', 'cpa.example', 'law.example'];
  const usedAdvisorEmails = new Set<string>();
  const advisorPeople = Array.from(
    { length: 48 },
    (_, i) => makePeople(rnd, 1, usedAdvisorEmails, advisorDomains[i % advisorDomains.length])[0]!,
  );
  const advisorUsers = advisorPeople.map((p) => {
    const statusId = rnd.weighted([
      [1, 6],
      [3, 2],
      [2, 1],
      [4, 0.3],
    ] as const);
    return {
      role: 'advisor' as const,
      email: p.email,
      firstName: p.first,
      middleName: p.middle,
      lastName: p.last,
      statusId,
      testAccount: rnd.chance(0.08),
      mfaEnabled: statusId === 1 && rnd.chance(0.4),
      localize: rnd.chance(0.1) ? rnd.pick(['es', 'fr']) : 'en',
      activatedAt: statusId === 3 ? null : daysAgo(now, rnd, 400, 20),
      lastLoginAt: statusId === 1 ? daysAgo(now, rnd, 45) : null,
      createdAt: daysAgo(now, rnd, 420, 60),
    };
  });
  const advisorIds = ((await insertMany(tx, users, advisorUsers, { id: users.id })) as { id: number }[]).map((r) => r.id);
  await insertMany(
    tx,
    advisors,
    advisorIds.map((userId, i) => ({ userId, ownerEmail: i % 3 === 0 ? null : mainAdminBySponsor.get(S[i % S.length]!.id)!.email })),
  );
  const advisorsBySponsor = new Map<number, number[]>();
  const saRows: (typeof sponsoredAdvisors.$inferInsert)[] = [];
  advisorIds.forEach((userId, i) => {
    const count =
      i < 6
        ? 0
        : rnd.weighted([
            [1, 6],
            [2, 3],
            [3, 1],
          ] as const); // the first few are unassigned to any sponsor
    for (const s of rnd.sample(S, count)) {
      advisorsBySponsor.set(s.id, [...(advisorsBySponsor.get(s.id) ?? []), userId]);
      saRows.push({
        userId,
        sponsorId: s.id,
        groupId: rnd.chance(0.4) ? rnd.pick(groupsBySponsor.get(s.id)!) : null,
        ownerEmail: mainAdminBySponsor.get(s.id)!.email,
        permissions: rnd.sample(ADVISOR_PERMISSIONS, rnd.int(1, 4)),
        vaultActivationPermission: rnd.chance(0.4),
        hasPrivateFoldersAccess: rnd.chance(0.5),
        hasEnterpriseDashboardAccess: rnd.chance(0.3),
        hasAdvisorDashboardAccess: rnd.chance(0.7),
        hasDocumentReviewAccess: rnd.chance(0.5),
        hasDocumentExpiringAccess: rnd.chance(0.4),
        hasDocumentRetentionAccess: rnd.chance(0.2),
        hasArchiveVaultAccess: rnd.chance(0.2),
        hasUnfiledTabAccess: rnd.chance(0.5),
        hasReminderTabAccess: rnd.chance(0.5),
        hasManageMfaAccess: rnd.chance(0.2),
        hasRecentDocumentAccess: rnd.chance(0.4),
        showInContacts: rnd.chance(0.7),
        createdAt: daysAgo(now, rnd, 300, 10),
      });
    }
  });
  await insertMany(tx, sponsoredAdvisors, saRows);
  return { advisorIds, advisorUsers, advisorsBySponsor };
}
