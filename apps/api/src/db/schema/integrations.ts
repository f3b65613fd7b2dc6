import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamps } from './common.js';
import { sponsors } from './sponsors.js';
import { users } from './users.js';

/** The catalogue of connectable apps. */
export const appIntegrations = pgTable('app_integrations', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  category: text().notNull(),
  description: text().notNull().default(''),
  ...stamps,
});

/** An integration enabled for one sponsor. The API key is shown once; only its hash is stored. */
export const sponsorIntegrations = pgTable(
  'sponsor_integrations',
  {
    id: serial().primaryKey(),
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'restrict' }),
    integrationId: integer()
      .notNull()
      .references(() => appIntegrations.id, { onDelete: 'restrict' }),
    config: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    enabled: boolean().notNull().default(true),
    apiKeyHash: text().notNull().unique(),
    apiKeyPrefix: text().notNull(),
    keyRotatedAt: timestamp({ withTimezone: true }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('sponsor_integrations_uq').on(t.sponsorId, t.integrationId),
    index('sponsor_integrations_integration_idx').on(t.integrationId),
  ],
);

/** Grants an enabled integration access to a sponsor's data with scopes. */
export const sponsorAuthorizations = pgTable(
  'sponsor_authorizations',
  {
    id: serial().primaryKey(),
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'restrict' }),
    sponsorIntegrationId: integer()
      .notNull()
      .references(() => sponsorIntegrations.id, { onDelete: 'cascade' }),
    scopes: text().array().notNull().default([]),
    expiresAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...stamps,
  },
  (t) => [
    index('sponsor_authorizations_sponsor_idx').on(t.sponsorId, t.id),
    index('sponsor_authorizations_integration_idx').on(t.sponsorIntegrationId),
    index('sponsor_authorizations_created_by_idx').on(t.createdByUserId).where(sql`${t.createdByUserId} is not null`),
    check(
      'sponsor_authorizations_scopes_ck',
      sql`${t.scopes} <@ array['read_vaults','write_documents','read_audit','report_failed_uploads','redeem_invitations','scim']::text[]`,
    ),
  ],
);
