import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamps } from './common.js';
import { sponsors } from './sponsors.js';

/** The service's catalogue. Money is integer cents, never floating point. */
export const basePackages = pgTable(
  'base_packages',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    description: text().notNull().default(''),
    storageQuotaBytes: bigint({ mode: 'number' }).notNull(),
    listPriceCents: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull().default('USD'),
    billingPeriod: text().$type<'monthly' | 'annual' | 'one_time'>().notNull().default('monthly'),
    features: text().array().notNull().default([]),
    retiredAt: timestamp({ withTimezone: true }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('base_packages_name_uq').on(sql`lower(${t.name})`),
    check('base_packages_price_ck', sql`${t.listPriceCents} >= 0 and ${t.storageQuotaBytes} >= 0`),
    check('base_packages_period_ck', sql`${t.billingPeriod} in ('monthly','annual','one_time')`),
  ],
);

/** An active package: a base package assigned to a sponsor with its sale price. */
export const packageSponsor = pgTable(
  'package_sponsor',
  {
    id: serial().primaryKey(),
    packageId: integer()
      .notNull()
      .references(() => basePackages.id, { onDelete: 'restrict' }),
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'restrict' }),
    priceSaleCents: bigint({ mode: 'number' }).notNull(),
    ...stamps,
  },
  (t) => [
    unique('package_sponsor_uq').on(t.sponsorId, t.packageId),
    index('package_sponsor_package_idx').on(t.packageId),
    check('package_sponsor_price_ck', sql`${t.priceSaleCents} >= 0`),
  ],
);
