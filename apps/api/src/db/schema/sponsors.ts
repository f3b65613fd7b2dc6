import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamps } from './common.js';
import { statuses } from './statuses.js';

export const sponsors = pgTable(
  'sponsors',
  {
    id: serial().primaryKey(),
    sponsorCode: text().notNull(),
    name: text().notNull(),
    contactName: text(),
    contactEmail: text(),
    contactPhone: text(),
    statusId: integer()
      .notNull()
      .default(1)
      .references(() => statuses.id),
    hasCategory: boolean().notNull().default(false),
    /** Its administrators must sign in with a second factor (after a grace period of sign-ins). */
    requireAdminMfa: boolean().notNull().default(false),
    ...stamps,
  },
  (t) => [
    uniqueIndex('sponsors_code_uq').on(sql`lower(${t.sponsorCode})`),
    index('sponsors_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('sponsors_status_idx').on(t.statusId),
  ],
);

export const sponsorCategories = pgTable(
  'sponsor_categories',
  {
    id: serial().primaryKey(),
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    ...stamps,
  },
  (t) => [uniqueIndex('sponsor_categories_uq').on(t.sponsorId, t.name)],
);

/** Sub-portals: a sponsor's groups of advisors and vaults. */
export const sponsorGroups = pgTable(
  'sponsor_groups',
  {
    id: serial().primaryKey(),
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    code: text().notNull(),
    parentId: integer().references((): AnyPgColumn => sponsorGroups.id, { onDelete: 'restrict' }),
    ...stamps,
  },
  (t) => [uniqueIndex('sponsor_groups_code_uq').on(t.sponsorId, sql`lower(${t.code})`), index('sponsor_groups_parent_idx').on(t.parentId)],
);

/** Folder templates a new vault can start from. */
export const templates = pgTable(
  'templates',
  {
    id: serial().primaryKey(),
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    folders: jsonb().$type<string[]>().notNull().default([]),
    ...stamps,
  },
  (t) => [uniqueIndex('templates_name_uq').on(t.sponsorId, t.name)],
);
