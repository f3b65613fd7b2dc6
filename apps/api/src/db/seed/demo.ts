import { createHash } from 'node:crypto';
import { INTEGRATION_SCOPES } from '@vault/contract';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../lib/crypto.js';
import type { Db } from '../client.js';
import {
  advisors,
  appIntegrations,
  auditLog,
  basePackages,
  documents,
  emailOutbox,
  failedUploads,
  invitationRedemptions,
  invitations,
  packageSponsor,
  sponsorAdmins,
  sponsorAuthorizations,
  sponsorCategories,
  sponsoredAdvisors,
  sponsorGroups,
  sponsorIntegrations,
  sponsors,
  templates,
  users,
  vaultAdvisors,
  vaultHolders,
  vaults,
} from '../schema/index.js';
import { ensureCatalog } from './catalog.js';
import {
  AUDIT_ACTIONS,
  createRandom,
  DOCUMENT_NAMES,
  EMAIL_DOMAINS,
  ENTITY_TYPES,
  emailLocal,
  FIRST_NAMES,
  FOLDER_SETS,
  LAST_NAMES,
  MIDDLE_INITIALS,
  ORGANIZATIONS,
  type Random,
} from './random.js';

export interface DemoResult {
  /** Lines printed at start-up: how to sign in as the demo users. */
  lines: string[];
}

export const DEMO_HOLDERS = 300;

/** The demo portals: plausible wealth-management firms, each with a weight for its share of holders. */
export const DEMO_SPONSORS = [
  { sponsorCode: 'ACME', name: 'Acme Wealth Partners', contactName: 'Laura Bennett', hasCategory: true, weight: 5 },
  { sponsorCode: 'BRKS', name: 'Brookside Private Client Group', contactName: 'Daniel Ortiz', hasCategory: false, weight: 3 },
  { sponsorCode: 'CAPH', name: 'Capital Harbor Advisors', contactName: 'Mei Chen', hasCategory: true, weight: 4 },
  { sponsorCode: 'GRNL', name: 'Greenleaf Family Office', contactName: 'Samuel Whitaker', hasCategory: false, weight: 1 },
  { sponsorCode: 'NRTH', name: 'Northstar Financial Planning', contactName: 'Priya Raman', hasCategory: true, weight: 3 },
  { sponsorCode: 'SUMT', name: 'Summit Ridge Wealth Management', contactName: 'Olivia Grant', hasCategory: false, weight: 2 },
  { sponsorCode: 'TIDE', name: 'Tidewater Trust Company', contactName: 'Marcus Fielding', hasCategory: true, weight: 2 },
  { sponsorCode: 'WSTB', name: 'Westbrook Retirement Advisors', contactName: 'Hannah Kowalski', hasCategory: false, weight: 1 },
] as const;

const CATEGORIES = ['High Net Worth', 'Mass Affluent', 'Business Owners', 'Retirees', 'Next Generation'];
const OFFICES = [
  { name: 'Northeast Region', code: 'NE', teams: ['Boston Office', 'New York Office'] },
  { name: 'Southeast Region', code: 'SE', teams: ['Atlanta Office', 'Miami Office'] },
  { name: 'Midwest Region', code: 'MW', teams: ['Chicago Office'] },
  { name: 'West Region', code: 'WE', teams: ['San Francisco Office', 'Seattle Office', 'Denver Office'] },
  { name: 'Private Client Desk', code: 'PCD', teams: [] },
  { name: 'Institutional Services', code: 'INST', teams: [] },
];

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
export const BASE_PACKAGES = [
  {
    name: 'Essentials',
    description: 'A secure vault for one household’s most important documents.',
    storageQuotaBytes: 5 * GiB,
    listPriceCents: 999,
    billingPeriod: 'monthly' as const,
    features: ['5 GB storage', 'Mobile upload', 'Two-factor sign-in'],
  },
  {
    name: 'Plus',
    description: 'More room and shared access for a trusted advisor.',
    storageQuotaBytes: 25 * GiB,
    listPriceCents: 1999,
    billingPeriod: 'monthly' as const,
    features: ['25 GB storage', 'Advisor sharing', 'Document expiry reminders', 'Two-factor sign-in'],
  },
  {
    name: 'Premier',
    description: 'Full-featured vault with estate-planning templates and document review.',
    storageQuotaBytes: 100 * GiB,
    listPriceCents: 39900,
    billingPeriod: 'annual' as const,
    features: ['100 GB storage', 'Estate-planning templates', 'Document review', 'Private folders', 'Priority support'],
  },
  {
    name: 'Family Office',
    description: 'Multi-generation vault with entity folders, delegated access and retention rules.',
    storageQuotaBytes: 500 * GiB,
    listPriceCents: 149900,
    billingPeriod: 'annual' as const,
    features: ['500 GB storage', 'Entity folders', 'Delegated access', 'Retention rules', 'Dedicated support'],
  },
  {
    name: 'Business Vault',
    description: 'For business owners: corporate records, payroll and contracts in one place.',
    storageQuotaBytes: 50 * GiB,
    listPriceCents: 2999,
    billingPeriod: 'monthly' as const,
    features: ['50 GB storage', 'Corporate templates', 'Multiple signers', 'Audit trail export'],
  },
  {
    name: 'Legacy Archive',
    description: 'One-time archive of a closed estate, kept for seven years.',
    storageQuotaBytes: 10 * GiB,
    listPriceCents: 24900,
    billingPeriod: 'one_time' as const,
    features: ['10 GB storage', 'Seven-year retention', 'Read-only access for heirs'],
  },
];

const ADMIN_TITLES = ['Operations Manager', 'Client Service Associate', 'Compliance Officer', 'Practice Manager', 'IT Administrator'];
const ARCHIVE_REASONS = [
  'Client relationship ended; account transferred to another firm. Ticket #',
  'Holder deceased; estate settled and documents released to executor. Ticket #',
  'Duplicate vault created during CSV import, merged into primary vault. Ticket #',
  'Client requested closure of the vault after moving abroad. Ticket #',
];
const FAILED_DETAILS: Record<'too_large' | 'virus' | 'type' | 'storage_error', string> = {
  too_large: 'File exceeds the 250 MB upload limit.',
  virus: 'Malware scan reported Win.Trojan.Agent-1234 in the file.',
  type: 'Executable and script files cannot be stored in a vault.',
  storage_error: 'Object storage timed out after 3 attempts (HTTP 503).',
};
const ADVISOR_PERMISSIONS = ['view_documents', 'upload_documents', 'manage_folders', 'invite_holders', 'view_reports'];

const DAY = 86_400_000;

/** Multi-row inserts in chunks (PostgreSQL allows 65,535 parameters per statement). */
async function insertMany<T extends PgTable, R extends Record<string, unknown>>(
  tx: Db,
  table: T,
  rows: T['$inferInsert'][],
  returning?: R,
): Promise<{ [K in keyof R]: unknown }[]> {
  const out: { [K in keyof R]: unknown }[] = [];
  const width = Math.max(1, Object.keys(rows[0] ?? {}).length);
  const size = Math.max(1, Math.floor(30_000 / width));
  for (let i = 0; i < rows.length; i += size) {
    const q = tx.insert(table).values(rows.slice(i, i + size) as never);
    if (returning) out.push(...((await q.returning(returning as never)) as { [K in keyof R]: unknown }[]));
    else await q;
  }
  return out;
}

interface Person {
  first: string;
  middle: string | null;
  last: string;
  email: string;
}

function makePeople(rnd: Random, count: number, used: Set<string>, domain?: string): Person[] {
  const people: Person[] = [];
  while (people.length < count) {
    const first = rnd.pick(FIRST_NAMES);
    const last = rnd.pick(LAST_NAMES);
    const base = emailLocal(first, last);
    const host = domain ?? rnd.pick(EMAIL_DOMAINS);
    let email = `${base}@${host}`;
    for (let k = 2; used.has(email); k++) email = `${base}${k}@${host}`;
    used.add(email);
    people.push({ first, middle: rnd.chance(0.3) ? rnd.pick(MIDDLE_INITIALS) : null, last, email });
  }
  return people;
}

const daysAgo = (now: number, rnd: Random, maxDays: number, minDays = 0) =>
  new Date(now - (minDays + rnd.next() * (maxDays - minDays)) * DAY);
const demoIp = (rnd: Random) => `${rnd.pick(['203.0.113', '198.51.100', '192.0.2'])}.${rnd.int(2, 250)}`;

/**
 * Demo data for a new embedded database: runs only when there is no sponsor yet, in one
 * transaction, from a fixed random seed, so two new databases get the same data.
 */
export async function seedDemoIfEmpty(db: Db, opts: { adminPassword?: string | null }): Promise<DemoResult | null> {
  await ensureCatalog(db);
  const existing = await db.select({ id: sponsors.id }).from(sponsors).limit(1);
  if (existing.length > 0) return null;
  const passwordHash = opts.adminPassword ? await hashPassword(opts.adminPassword) : null;
  const rnd = createRandom(20_240_611);
  const now = Date.now();

  const summary = await db.transaction(async (tx) => {
    // Another instance may have seeded between the check and here (PostgreSQL): look again under a lock.
    await tx.execute(sql`lock table sponsors in share row exclusive mode`);
    const again = await tx.select({ id: sponsors.id }).from(sponsors).limit(1);
    if (again.length > 0) return null;
    const [staff] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'staff')).limit(1);

    // Sponsors, categories, sub-portals, templates.
    const sponsorRows = (await insertMany(
      tx,
      sponsors,
      DEMO_SPONSORS.map((s, i) => ({
        sponsorCode: s.sponsorCode,
        name: s.name,
        contactName: s.contactName,
        contactEmail: `${emailLocal(s.contactName.split(' ')[0] ?? '', s.contactName.split(' ')[1] ?? '')}@${s.sponsorCode.toLowerCase()}.example`,
        contactPhone: `(555) 01${i}-${String(1000 + i * 137).slice(0, 4)}`,
        hasCategory: s.hasCategory,
        createdAt: new Date(now - (400 - i * 30) * DAY),
      })),
      { id: sponsors.id, sponsorCode: sponsors.sponsorCode },
    )) as { id: number; sponsorCode: string }[];
    const S = sponsorRows.map((row, i) => ({ ...row, def: DEMO_SPONSORS[i]! }));

    await insertMany(
      tx,
      sponsorCategories,
      S.filter((s) => s.def.hasCategory).flatMap((s) => rnd.sample(CATEGORIES, rnd.int(3, 5)).map((name) => ({ sponsorId: s.id, name }))),
    );

    const groupsBySponsor = new Map<number, number[]>();
    for (const s of S) {
      const offices = rnd.sample(OFFICES, rnd.int(2, 4));
      const tops = (await insertMany(
        tx,
        sponsorGroups,
        offices.map((o) => ({ sponsorId: s.id, name: o.name, code: `${s.sponsorCode}-${o.code}` })),
        { id: sponsorGroups.id },
      )) as { id: number }[];
      const nested = offices.flatMap((o, i) =>
        o.teams
          .filter(() => rnd.chance(0.7))
          .map((team) => ({
            sponsorId: s.id,
            name: team,
            code: `${s.sponsorCode}-${o.code}-${team.split(' ')[0]!.slice(0, 3).toUpperCase()}`,
            parentId: tops[i]!.id,
          })),
      );
      const subs = nested.length ? ((await insertMany(tx, sponsorGroups, nested, { id: sponsorGroups.id })) as { id: number }[]) : [];
      groupsBySponsor.set(
        s.id,
        [...tops, ...subs].map((g) => g.id),
      );
    }

    const templateRows = (await insertMany(
      tx,
      templates,
      S.flatMap((s) =>
        rnd.sample(Object.keys(FOLDER_SETS), rnd.int(2, 4)).map((name) => ({ sponsorId: s.id, name, folders: FOLDER_SETS[name]! })),
      ),
      { id: templates.id, sponsorId: templates.sponsorId },
    )) as { id: number; sponsorId: number }[];

    // Base packages and the packages each sponsor sells.
    const baseRows = (await insertMany(
      tx,
      basePackages,
      BASE_PACKAGES.map((p) => ({ ...p, createdAt: new Date(now - 500 * DAY) })),
      { id: basePackages.id, listPriceCents: basePackages.listPriceCents },
    )) as { id: number; listPriceCents: number }[];
    const pkgRows: { packageId: number; sponsorId: number; priceSaleCents: number }[] = [];
    for (const s of S) {
      const chosen = [baseRows[0]!, ...rnd.sample(baseRows.slice(1), rnd.int(2, 4))];
      for (const p of chosen) {
        const discount = rnd.pick([0, 0, 5, 10, 15, 20, 25]);
        const sale = discount ? Math.max(0, Math.round((p.listPriceCents * (100 - discount)) / 10_000) * 100 - 1) : p.listPriceCents;
        pkgRows.push({ packageId: p.id, sponsorId: s.id, priceSaleCents: sale });
      }
    }
    await insertMany(tx, packageSponsor, pkgRows);
    const packagesBySponsor = new Map<number, number[]>();
    for (const r of pkgRows) packagesBySponsor.set(r.sponsorId, [...(packagesBySponsor.get(r.sponsorId) ?? []), r.packageId]);

    // Sponsor administrators: admin@<code>.example signs in with the staff password.
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
        };
      }),
    );
    const mainAdminBySponsor = new Map<number, { id: number; email: string }>();
    adminFlags.forEach((f, i) => {
      if (f.main) mainAdminBySponsor.set(f.sponsorId, { id: adminIds[i]!.id, email: adminUsers[i]!.email });
    });
    const staffActor = staff ?? { id: null, email: 'admin@vault.local' };

    // Advisors (global trusted collaborators) and their sponsorships (representatives).
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

    // Vault holders, their vaults and documents.
    const weights = S.map((s) => [s, s.def.weight] as const);
    const holderSponsors = Array.from({ length: DEMO_HOLDERS }, (_, i) => (i < S.length ? S[i]! : rnd.weighted(weights)));
    const statusCycle = [1, 2, 3, 4]; // the first holders of the first sponsor cover every status
    const holderPeople = makePeople(rnd, DEMO_HOLDERS, new Set());
    const holderUsers = holderPeople.map((p, i) => {
      const statusId =
        i < statusCycle.length
          ? statusCycle[i]!
          : rnd.weighted([
              [1, 62],
              [3, 18],
              [2, 10],
              [4, 10],
            ] as const);
      const createdAt = daysAgo(now, rnd, 720, statusId === 3 ? 0 : 15);
      const activated = statusId !== 3;
      return {
        role: 'vault_holder' as const,
        sponsorId: holderSponsors[i]!.id,
        email: p.email,
        firstName: p.first,
        middleName: p.middle,
        lastName: p.last,
        statusId,
        testAccount: rnd.chance(0.04),
        mfaEnabled: activated && rnd.chance(0.35),
        localize: rnd.weighted([
          ['en', 90],
          ['es', 7],
          ['fr', 3],
        ] as const),
        activatedAt: activated ? new Date(createdAt.getTime() + rnd.int(1, 10) * DAY) : null,
        lastLoginAt:
          statusId === 1
            ? rnd.chance(0.9)
              ? daysAgo(now, rnd, 60)
              : null
            : activated && rnd.chance(0.5)
              ? daysAgo(now, rnd, 365, 60)
              : null,
        createdAt,
      };
    });
    const holderIds = ((await insertMany(tx, users, holderUsers, { id: users.id })) as { id: number }[]).map((r) => r.id);
    await insertMany(
      tx,
      vaultHolders,
      holderIds.map((userId, i) => ({
        userId,
        sponsorId: holderSponsors[i]!.id,
        organizationName: rnd.chance(0.2) ? rnd.pick(ORGANIZATIONS) : null,
        createdAt: holderUsers[i]!.createdAt,
      })),
    );
    const docRows: (typeof documents.$inferInsert & { vaultIndex: number })[] = [];
    const vaultRows = holderIds.map((holderUserId, i) => {
      const s = holderSponsors[i]!;
      const u = holderUsers[i]!;
      const tag = rnd.weighted([
        ['individual', 6],
        ['family', 3],
        ['business', 2],
      ] as const);
      const archived = u.statusId === 4;
      const docCount = u.statusId === 3 ? (rnd.chance(0.2) ? rnd.int(1, 2) : 0) : rnd.int(0, 18);
      let used = 0;
      for (let d = 0; d < docCount; d++) {
        const sizeBytes = rnd.chance(0.1) ? rnd.int(5 * MiB, 60 * MiB) : rnd.int(40_000, 3 * MiB);
        used += sizeBytes;
        docRows.push({
          vaultIndex: i,
          vaultId: 0,
          name: rnd.pick(DOCUMENT_NAMES),
          sizeBytes,
          uploadedAt: new Date(u.createdAt.getTime() + rnd.next() * (now - u.createdAt.getTime())),
        });
      }
      const sponsorTemplates = templateRows.filter((t) => t.sponsorId === s.id);
      const archivedBy = mainAdminBySponsor.get(s.id)!;
      return {
        holderUserId,
        sponsorId: s.id,
        packageId: rnd.chance(0.95) ? rnd.pick(packagesBySponsor.get(s.id)!) : null,
        license: rnd.weighted([
          ['trial', 2],
          ['monthly', 5],
          ['annual', 4],
        ] as const),
        tag,
        entityType: tag === 'business' ? rnd.pick(['LLC', 'Corporation', 'Partnership']) : rnd.chance(0.5) ? rnd.pick(ENTITY_TYPES) : null,
        groupId: rnd.chance(0.5) ? rnd.pick(groupsBySponsor.get(s.id)!) : null,
        templateId: rnd.chance(0.6) && sponsorTemplates.length ? rnd.pick(sponsorTemplates).id : null,
        storageUsedBytes: used,
        archivedAt: archived ? daysAgo(now, rnd, 120, 1) : null,
        archivedByUserId: archived ? (rnd.chance(0.5) ? archivedBy.id : (staff?.id ?? archivedBy.id)) : null,
        archiveReason: archived ? `${rnd.pick(ARCHIVE_REASONS)}${rnd.int(10_000, 99_999)}` : null,
        createdAt: u.createdAt,
      };
    });
    const vaultIds = ((await insertMany(tx, vaults, vaultRows, { id: vaults.id })) as { id: number }[]).map((r) => r.id);
    await insertMany(
      tx,
      documents,
      docRows.map(({ vaultIndex, ...d }) => ({ ...d, vaultId: vaultIds[vaultIndex]! })),
    );
    const vaRows: { vaultId: number; advisorUserId: number }[] = [];
    vaultIds.forEach((vaultId, i) => {
      const pool = advisorsBySponsor.get(holderSponsors[i]!.id) ?? [];
      if (!pool.length || rnd.chance(0.35)) return;
      for (const advisorUserId of rnd.sample(pool, rnd.int(1, Math.min(3, pool.length)))) vaRows.push({ vaultId, advisorUserId });
    });
    await insertMany(tx, vaultAdvisors, vaRows);

    // Invitations: at most one default open code per sponsor; strict ones use the fixed code.
    const baseIds = baseRows.map((b) => b.id);
    const invRows: (typeof invitations.$inferInsert)[] = [];
    const redemptions: { invIndex: number; email: string; redeemedAt: Date }[] = [];
    S.forEach((s, si) => {
      const pkgs = packagesBySponsor.get(s.id) ?? baseIds;
      const creator = mainAdminBySponsor.get(s.id)!.id;
      const opens = [
        { code: `${s.sponsorCode}-WELCOME`, max: 500, def: si !== 3, expire: new Date(now + 365 * DAY) },
        { code: `${s.sponsorCode}-SEMINAR${rnd.int(10, 99)}`, max: 50, def: false, expire: daysAgo(now, rnd, 40, 5) }, // expired
        { code: `${s.sponsorCode}-VIP`, max: 10, def: false, expire: new Date(now + 90 * DAY) },
      ];
      for (const o of opens) {
        const uses = o.code.endsWith('VIP') ? o.max : rnd.int(0, Math.min(o.max, 40));
        invRows.push({
          sponsorId: s.id,
          type: 'open',
          inviteCode: o.code,
          max: o.max,
          uses,
          packageId: rnd.pick(pkgs),
          expireTime: o.expire,
          defaultInviteCode: o.def,
          localize: 'en',
          createdByUserId: creator,
          createdAt: daysAgo(now, rnd, 200, 45),
        });
        for (let u = 0; u < Math.min(uses, 5); u++)
          redemptions.push({
            invIndex: invRows.length - 1,
            email: `${rnd.pick(FIRST_NAMES).toLowerCase()}${rnd.int(1, 999)}@example.com`.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
            redeemedAt: daysAgo(now, rnd, 40),
          });
      }
      for (const p of makePeople(rnd, rnd.int(4, 9), new Set())) {
        const used = rnd.chance(0.35);
        const sent = daysAgo(now, rnd, 50);
        invRows.push({
          sponsorId: s.id,
          type: 'strict',
          inviteCode: 'testInvitation',
          max: 1,
          uses: used ? 1 : 0,
          email: p.email,
          firstName: p.first,
          lastName: p.last,
          packageId: rnd.pick(pkgs),
          expireTime: rnd.chance(0.2) ? daysAgo(now, rnd, 10, 1) : new Date(sent.getTime() + 30 * DAY),
          defaultInviteCode: false,
          localize: rnd.chance(0.1) ? 'es' : 'en',
          testAccount: rnd.chance(0.1),
          isTrustedAdvisor: rnd.chance(0.15),
          sponsoredTrustedAdvisorId: rnd.chance(0.3) ? rnd.sample(advisorsBySponsor.get(s.id) ?? [], 1) : [],
          createdByUserId: creator,
          lastSentAt: sent,
          createdAt: sent,
        });
        if (used)
          redemptions.push({ invIndex: invRows.length - 1, email: p.email, redeemedAt: new Date(sent.getTime() + rnd.int(1, 6) * DAY) });
      }
    });
    const invIds = ((await insertMany(tx, invitations, invRows, { id: invitations.id })) as { id: number }[]).map((r) => r.id);
    await insertMany(
      tx,
      invitationRedemptions,
      redemptions.map((r) => ({ invitationId: invIds[r.invIndex]!, email: r.email, redeemedAt: r.redeemedAt })),
    );

    // Integrations: the catalogue, a few enabled per sponsor with hashed keys, and authorizations.
    const catalog = await tx.select({ id: appIntegrations.id, code: appIntegrations.code }).from(appIntegrations);
    const integrationRows: (typeof sponsorIntegrations.$inferInsert)[] = [];
    for (const s of S.slice(0, 5)) {
      for (const app of rnd.sample(catalog, rnd.int(1, 3))) {
        const key = `vk_${s.sponsorCode.toLowerCase()}_${Array.from({ length: 32 }, () => rnd.int(0, 35).toString(36)).join('')}`;
        integrationRows.push({
          sponsorId: s.id,
          integrationId: app.id,
          config:
            app.code === 'webhook'
              ? { url: `https://hooks.${s.sponsorCode.toLowerCase()}.example/vault-events`, events: ['vault.created', 'upload.failed'] }
              : app.code === 'crm'
                ? { instance: `${s.sponsorCode.toLowerCase()}.crm.example`, syncDirection: 'both' }
                : { account: `${s.sponsorCode}-${rnd.int(1000, 9999)}` },
          enabled: rnd.chance(0.85),
          apiKeyHash: createHash('sha256').update(key).digest('hex'),
          apiKeyPrefix: key.slice(0, 11),
          keyRotatedAt: rnd.chance(0.3) ? daysAgo(now, rnd, 60) : null,
          createdAt: daysAgo(now, rnd, 200, 60),
        });
      }
    }
    const siRows = (await insertMany(tx, sponsorIntegrations, integrationRows, {
      id: sponsorIntegrations.id,
      sponsorId: sponsorIntegrations.sponsorId,
    })) as { id: number; sponsorId: number }[];
    await insertMany(
      tx,
      sponsorAuthorizations,
      siRows.map((si, i) => ({
        sponsorId: si.sponsorId,
        sponsorIntegrationId: si.id,
        scopes: rnd.sample([...INTEGRATION_SCOPES], rnd.int(1, 3)),
        expiresAt: i % 3 === 0 ? new Date(now + 180 * DAY) : null,
        revokedAt: i % 5 === 4 ? daysAgo(now, rnd, 20) : null,
        lastUsedAt: i % 5 === 4 ? null : daysAgo(now, rnd, 5),
        createdByUserId: mainAdminBySponsor.get(si.sponsorId)!.id,
        createdAt: daysAgo(now, rnd, 60, 20),
      })),
    );

    // Failed uploads: every reason and status.
    const reasons = ['too_large', 'virus', 'type', 'storage_error'] as const;
    const failRows = Array.from({ length: 36 }, (_, i) => {
      const vi = rnd.int(0, vaultIds.length - 1);
      const reason = reasons[i % reasons.length]!;
      const status: 'failed' | 'retry_requested' | 'dismissed' = i < 24 ? 'failed' : rnd.pick(['retry_requested', 'dismissed'] as const);
      const ext = reason === 'type' ? rnd.pick(['.exe', '.js', '.bat']) : reason === 'too_large' ? '.mov' : '.pdf';
      const si = siRows.find((r) => r.sponsorId === holderSponsors[vi]!.id);
      return {
        sponsorId: holderSponsors[vi]!.id,
        vaultId: vaultIds[vi]!,
        holderUserId: holderIds[vi]!,
        fileName: rnd.pick(DOCUMENT_NAMES).replace(/\.[a-z]+$/, ext),
        sizeBytes: reason === 'too_large' ? rnd.int(260 * MiB, 2 * GiB) : rnd.int(20_000, 8 * MiB),
        contentType: ext === '.pdf' ? 'application/pdf' : ext === '.mov' ? 'video/quicktime' : 'application/octet-stream',
        reason,
        detail: FAILED_DETAILS[reason],
        status,
        reportedBySponsorIntegrationId: si && rnd.chance(0.5) ? si.id : null,
        occurredAt: i < 4 ? new Date(now - rnd.int(1, 20) * 3_600_000) : daysAgo(now, rnd, 30),
        resolvedAt: status === 'failed' ? null : daysAgo(now, rnd, 1),
        resolvedByUserId: status === 'failed' ? null : mainAdminBySponsor.get(holderSponsors[vi]!.id)!.id,
      };
    });
    await insertMany(tx, failedUploads, failRows);

    // Audit entries over the last 60 days.
    const holdersBySponsor = new Map<number, number[]>();
    holderSponsors.forEach((hs, k) => {
      holdersBySponsor.set(hs.id, [...(holdersBySponsor.get(hs.id) ?? []), k]);
    });
    const auditRows: (typeof auditLog.$inferInsert)[] = [];
    for (let i = 0; i < 1500; i++) {
      const action = rnd.weighted(AUDIT_ACTIONS);
      const s = rnd.weighted(weights);
      const byStaff = rnd.chance(0.3);
      const actor = byStaff ? staffActor : mainAdminBySponsor.get(s.id)!;
      const holder = rnd.pick(holdersBySponsor.get(s.id)!);
      const u = holderUsers[holder]!;
      const base = {
        sponsorId: s.id,
        actorUserId: actor.id,
        actorEmail: actor.email,
        actorSponsorId: byStaff ? null : s.id,
        clientIp: demoIp(rnd),
      };
      const entry = ((): Partial<typeof auditLog.$inferInsert> => {
        switch (action) {
          case 'auth.login':
          case 'auth.logout':
            return { targetType: 'user', targetId: String(actor.id), sponsorId: byStaff ? null : s.id };
          case 'auth.login_failed':
            return {
              targetType: 'user',
              targetId: null,
              outcome: 'failure',
              sponsorId: null,
              actorUserId: null,
              actorEmail: null,
              actorSponsorId: null,
              logJson: { username: actor.email, reason: 'invalid credentials' },
            };
          case 'vault.create':
            return {
              targetType: 'vault',
              targetId: String(vaultIds[holder]),
              logJson: {
                email: u.email,
                firstName: u.firstName,
                lastName: u.lastName,
                packageId: vaultRows[holder]!.packageId,
                tag: vaultRows[holder]!.tag,
                sendActivationEmail: rnd.chance(0.6),
              },
            };
          case 'vault.archive':
            return {
              targetType: 'vault',
              targetId: String(vaultIds[holder]),
              logJson: { deleteReason: `${rnd.pick(ARCHIVE_REASONS)}${rnd.int(10_000, 99_999)}`, documents: rnd.int(0, 18) },
            };
          case 'user.activate':
            return { targetType: 'user', targetId: String(holderIds[holder]), logJson: { email: u.email, statusId: { from: 3, to: 1 } } };
          case 'user.deactivate':
            return { targetType: 'user', targetId: String(holderIds[holder]), logJson: { email: u.email, statusId: { from: 1, to: 2 } } };
          case 'user.password_reset':
          case 'user.activation_email':
            return { targetType: 'user', targetId: String(holderIds[holder]), logJson: { email: u.email, emailQueued: true } };
          case 'user.test_account':
            return { targetType: 'user', targetId: String(holderIds[holder]), logJson: { testAccount: { from: false, to: true } } };
          case 'vaultholders.import':
            return {
              targetType: 'import',
              targetId: null,
              logJson: { fileName: `holders-${rnd.int(1, 12)}.csv`, totalRows: rnd.int(20, 400), imported: rnd.int(15, 380) },
            };
          case 'invitation.create':
          case 'invitation.update':
          case 'invitation.resend': {
            const inv = rnd.int(0, invRows.length - 1);
            return {
              sponsorId: invRows[inv]!.sponsorId,
              targetType: 'invitation',
              targetId: String(invIds[inv]),
              logJson: { type: invRows[inv]!.type, inviteCode: invRows[inv]!.inviteCode, email: invRows[inv]!.email ?? null },
            };
          }
          case 'sponsored_advisor.create':
          case 'sponsored_advisor.update': {
            const pool = advisorsBySponsor.get(s.id) ?? advisorIds;
            const a = rnd.pick(pool);
            return {
              targetType: 'sponsored_advisor',
              targetId: String(a),
              logJson: {
                email: advisorUsers[advisorIds.indexOf(a)]!.email,
                hasDocumentReviewAccess: rnd.chance(0.5),
                showInContacts: true,
              },
            };
          }
          case 'sponsor_admin.create':
            return {
              targetType: 'sponsor_admin',
              targetId: String(rnd.pick(adminIds).id),
              logJson: { title: rnd.pick(ADMIN_TITLES), hasPrivateFoldersAccess: true },
            };
          case 'packagesponsor.assign':
          case 'packagesponsor.update': {
            const pkg = rnd.pick(packagesBySponsor.get(s.id)!);
            return { targetType: 'package', targetId: String(pkg), logJson: { packageId: pkg, priceSale: rnd.pick([999, 1799, 34900]) } };
          }
          case 'mfa.reset':
            return { targetType: 'user', targetId: String(holderIds[holder]), logJson: { email: u.email, kind: 'vault' } };
          default:
            return {
              targetType: 'failed_upload',
              targetId: String(rnd.int(1, failRows.length)),
              logJson: { fileName: rnd.pick(DOCUMENT_NAMES) },
            };
        }
      })();
      auditRows.push({ ...base, action, occurredAt: daysAgo(now, rnd, 60), outcome: 'success', logJson: {}, ...entry });
    }
    auditRows.sort((a, b) => (a.occurredAt as Date).getTime() - (b.occurredAt as Date).getTime());
    await insertMany(tx, auditLog, auditRows);

    // E-mail outbox: sent, pending and failed messages.
    const outRows = Array.from({ length: 12 }, (_, i) => {
      const vi = rnd.int(0, holderIds.length - 1);
      const u = holderUsers[vi]!;
      const template = rnd.pick(['activation', 'password_reset', 'invitation'] as const);
      const status: 'sent' | 'pending' | 'failed' = i < 7 ? 'sent' : i < 10 ? 'pending' : 'failed';
      const created = daysAgo(now, rnd, 7);
      return {
        sponsorId: u.sponsorId,
        toAddress: u.email,
        subject:
          template === 'activation'
            ? 'Activate your vault'
            : template === 'password_reset'
              ? 'Reset your vault password'
              : 'You are invited to a secure document vault',
        bodyText: `Hello ${u.firstName},\n\nThis is a demo message (${template}). The link it carried has expired.\n`,
        template,
        status,
        attempts: status === 'sent' ? 1 : status === 'failed' ? 5 : 0,
        nextAttemptAt: created,
        lastError: status === 'failed' ? '550 5.1.1 mailbox unavailable' : null,
        createdAt: created,
        sentAt: status === 'sent' ? new Date(created.getTime() + 4000) : null,
      };
    });
    await insertMany(tx, emailOutbox, outRows);

    return {
      sponsors: S.length,
      holders: holderIds.length,
      documents: docRows.length,
      advisors: advisorIds.length,
      admins: adminIds.length,
      invitations: invRows.length,
      audit: auditRows.length,
      codes: S.map((s) => s.sponsorCode),
    };
  });
  if (!summary) return null;

  const lines = [
    `  Demo data: ${summary.sponsors} portals, ${summary.holders} vault holders, ${summary.documents} documents, ${summary.advisors} advisors, ${summary.admins} administrators, ${summary.invitations} invitations, ${summary.audit} audit entries.`,
    passwordHash
      ? `  Sponsor administrators: sign in as admin@<portal code>.example (e.g. admin@${summary.codes[0]!.toLowerCase()}.example) with the same password as the staff administrator.`
      : `  Sponsor administrators: admin@<portal code>.example (e.g. admin@${summary.codes[0]!.toLowerCase()}.example) have no password yet: send them a password reset from Administrators.`,
  ];
  return { lines };
}
