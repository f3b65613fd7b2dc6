import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  foreignKey,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { stamps } from './common.js';
import { packageSponsor } from './packages.js';
import { advisors } from './people.js';
import { sponsorGroups, sponsors, templates } from './sponsors.js';
import { users } from './users.js';

export const LICENSES = ['trial', 'monthly', 'annual'] as const;
export const TAGS = ['individual', 'business', 'family'] as const;

/**
 * Vault holders: users with role 'vault_holder'; the row carries what only holders have. Its sponsor
 * is a copy of users.sponsor_id that the composite key keeps equal (and moves with the user).
 */
export const vaultHolders = pgTable(
  'vault_holders',
  {
    userId: integer().primaryKey(),
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'restrict' }),
    organizationName: text(),
    ...stamps,
  },
  (t) => [
    foreignKey({ name: 'vault_holders_user_sponsor_fk', columns: [t.userId, t.sponsorId], foreignColumns: [users.id, users.sponsorId] })
      .onDelete('cascade')
      .onUpdate('cascade'),
    unique('vault_holders_user_sponsor_uq').on(t.userId, t.sponsorId),
    index('vault_holders_sponsor_idx').on(t.sponsorId),
  ],
);

/**
 * One vault per holder. The package must be one assigned to the vault's sponsor: the composite key
 * to package_sponsor makes the database refuse an unassigned package and refuse unassigning one in use.
 */
export const vaults = pgTable(
  'vaults',
  {
    id: serial().primaryKey(),
    holderUserId: integer().notNull().unique(),
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'restrict' }),
    packageId: integer(),
    license: text().$type<(typeof LICENSES)[number]>().notNull().default('trial'),
    tag: text().$type<(typeof TAGS)[number]>().notNull().default('individual'),
    entityType: text(),
    groupId: integer().references(() => sponsorGroups.id, { onDelete: 'restrict' }),
    templateId: integer().references(() => templates.id, { onDelete: 'set null' }),
    storageUsedBytes: bigint({ mode: 'number' }).notNull().default(0),
    archivedAt: timestamp({ withTimezone: true }),
    archivedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    archiveReason: text(),
    ...stamps,
  },
  (t) => [
    // The vault's sponsor is the holder's: the key refuses a different one and follows a move.
    foreignKey({
      name: 'vaults_holder_sponsor_fk',
      columns: [t.holderUserId, t.sponsorId],
      foreignColumns: [vaultHolders.userId, vaultHolders.sponsorId],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({
      name: 'vaults_package_fk',
      columns: [t.sponsorId, t.packageId],
      foreignColumns: [packageSponsor.sponsorId, packageSponsor.packageId],
    }).onDelete('restrict'),
    index('vaults_sponsor_idx').on(t.sponsorId, t.id),
    index('vaults_package_idx').on(t.sponsorId, t.packageId),
    index('vaults_group_idx').on(t.groupId),
    index('vaults_template_idx').on(t.templateId).where(sql`${t.templateId} is not null`),
    // Deleting a user checks this foreign key; without an index that is a scan of every vault per user.
    index('vaults_archived_by_idx').on(t.archivedByUserId).where(sql`${t.archivedByUserId} is not null`),
    check('vaults_license_ck', sql`${t.license} in ('trial','monthly','annual')`),
    check('vaults_tag_ck', sql`${t.tag} in ('individual','business','family')`),
  ],
);

export const vaultAdvisors = pgTable(
  'vault_advisors',
  {
    vaultId: integer()
      .notNull()
      .references(() => vaults.id, { onDelete: 'cascade' }),
    advisorUserId: integer()
      .notNull()
      .references(() => advisors.userId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.vaultId, t.advisorUserId] }), index('vault_advisors_advisor_idx').on(t.advisorUserId)],
);

export const documents = pgTable(
  'documents',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    vaultId: integer()
      .notNull()
      .references(() => vaults.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documents_vault_idx').on(t.vaultId)],
);

/**
 * A portal's vault-list version, raised (from a sequence that never repeats) after every change to
 * its holders: each instance keeps large list totals only while the version it counted at holds, so
 * a change made through one instance shows in every other's totals at once.
 */
export const vaultListVersionSeq = pgSequence('vault_list_version_seq');
export const vaultListVersions = pgTable('vault_list_versions', {
  sponsorId: integer().primaryKey(),
  version: bigint({ mode: 'number' }).notNull(),
});
