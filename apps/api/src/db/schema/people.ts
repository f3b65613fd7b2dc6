import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamps } from './common.js';
import { sponsorGroups, sponsors } from './sponsors.js';
import { users } from './users.js';

/** Access flags of a sponsor administrator (specification section 3); all default false. */
export const sponsorAdmins = pgTable(
  'sponsor_admins',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'restrict' }),
    groupId: integer().references(() => sponsorGroups.id, { onDelete: 'set null' }),
    title: text(),
    hasCorporateVaultAccess: boolean().notNull().default(false),
    hasPrivateFoldersAccess: boolean().notNull().default(true),
    hasTemplateAccess: boolean().notNull().default(false),
    hasDocumentReviewAccess: boolean().notNull().default(false),
    hasDocumentRetentionAccess: boolean().notNull().default(false),
    hasDocumentExpiringAccess: boolean().notNull().default(false),
    hasManageMfaAccess: boolean().notNull().default(false),
    hasCustodianManageAccess: boolean().notNull().default(false),
    hasIntegrationAccess: boolean().notNull().default(false),
    hasEnterpriseDashboardAccess: boolean().notNull().default(false),
    hasAdvisorDashboardAccess: boolean().notNull().default(false),
    hasVaultGroupCreationPermission: boolean().notNull().default(false),
    hasSubPortalManagePermission: boolean().notNull().default(false),
    showInContacts: boolean().notNull().default(false),
    hasUnfiledTabAccess: boolean().notNull().default(false),
    hasReminderTabAccess: boolean().notNull().default(false),
    hasArchiveVaultAccess: boolean().notNull().default(false),
    hasManageAdminsAccess: boolean().notNull().default(false),
    /** Configure the portal's identity provider (issue 32, decision 0037). */
    hasManageSignInAccess: boolean().notNull().default(false),
    hasManageMessagesAccess: boolean().notNull().default(false),
    /** Manage the portal's webhooks (decision 0043). */
    hasManageIntegrationsAccess: boolean().notNull().default(false),
    /** The identity provider's own id of the person (SCIM `externalId`), kept for its reconciliation. */
    scimExternalId: text(),
    ...stamps,
  },
  (t) => [
    index('sponsor_admins_sponsor_idx').on(t.sponsorId, t.id),
    index('sponsor_admins_group_idx').on(t.groupId).where(sql`${t.groupId} is not null`),
  ],
);

/** Trusted collaborators: global advisors (users with role 'advisor'). */
export const advisors = pgTable('advisors', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  ownerEmail: text(),
  ...stamps,
});

/** Representatives: an advisor sponsored by one sponsor, with that sponsor's permissions and flags. */
export const sponsoredAdvisors = pgTable(
  'sponsored_advisors',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => advisors.userId, { onDelete: 'cascade' }),
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'restrict' }),
    groupId: integer().references(() => sponsorGroups.id, { onDelete: 'restrict' }),
    ownerEmail: text(),
    permissions: text().array().notNull().default([]),
    vaultActivationPermission: boolean().notNull().default(false),
    hasPrivateFoldersAccess: boolean().notNull().default(false),
    hasEnterpriseDashboardAccess: boolean().notNull().default(false),
    hasAdvisorDashboardAccess: boolean().notNull().default(false),
    hasDocumentReviewAccess: boolean().notNull().default(false),
    hasDocumentExpiringAccess: boolean().notNull().default(false),
    hasDocumentRetentionAccess: boolean().notNull().default(false),
    hasArchiveVaultAccess: boolean().notNull().default(false),
    hasUnfiledTabAccess: boolean().notNull().default(false),
    hasReminderTabAccess: boolean().notNull().default(false),
    hasManageMfaAccess: boolean().notNull().default(false),
    hasRecentDocumentAccess: boolean().notNull().default(false),
    showInContacts: boolean().notNull().default(false),
    /** This sponsor's view of the person: 1 active or 2 inactive here; the identity's status lives on users. */
    statusId: integer().notNull().default(1),
    testAccount: boolean().notNull().default(false),
    ...stamps,
  },
  (t) => [
    uniqueIndex('sponsored_advisors_uq').on(t.sponsorId, t.userId),
    index('sponsored_advisors_sponsor_idx').on(t.sponsorId, t.id),
    index('sponsored_advisors_group_idx').on(t.groupId),
    index('sponsored_advisors_user_idx').on(t.userId),
  ],
);
