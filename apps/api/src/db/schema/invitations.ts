import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamps } from './common.js';
import { basePackages } from './packages.js';
import { sponsors } from './sponsors.js';
import { users } from './users.js';

export const invitations = pgTable(
  'invitations',
  {
    id: serial().primaryKey(),
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'restrict' }),
    type: text().$type<'strict' | 'open'>().notNull(),
    inviteCode: text().notNull(),
    max: integer().notNull().default(1),
    uses: integer().notNull().default(0),
    email: text(),
    firstName: text(),
    lastName: text(),
    packageId: integer().references(() => basePackages.id, { onDelete: 'restrict' }),
    expireTime: timestamp({ withTimezone: true }),
    defaultInviteCode: boolean().notNull().default(false),
    localize: text().notNull().default('en'),
    testAccount: boolean().notNull().default(false),
    isTrustedAdvisor: boolean().notNull().default(false),
    sponsoredTrustedAdvisorId: integer().array().notNull().default([]),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    lastSentAt: timestamp({ withTimezone: true }),
    ...stamps,
  },
  (t) => [
    check('invitations_type_ck', sql`${t.type} in ('strict','open')`),
    check('invitations_uses_ck', sql`${t.max} >= 1 and ${t.uses} >= 0 and ${t.uses} <= ${t.max}`),
    check('invitations_strict_ck', sql`${t.type} <> 'strict' or (${t.email} is not null and not ${t.defaultInviteCode})`),
    // At most one default invitation per sponsor (DESIGN 5).
    uniqueIndex('invitations_default_uq').on(t.sponsorId).where(sql`${t.defaultInviteCode}`),
    uniqueIndex('invitations_open_code_uq').on(t.sponsorId, sql`lower(${t.inviteCode})`).where(sql`${t.type} = 'open'`),
    index('invitations_sponsor_idx').on(t.sponsorId, t.id),
    index('invitations_package_idx').on(t.packageId).where(sql`${t.packageId} is not null`),
    index('invitations_created_by_idx').on(t.createdByUserId).where(sql`${t.createdByUserId} is not null`),
  ],
);

export const invitationRedemptions = pgTable(
  'invitation_redemptions',
  {
    id: serial().primaryKey(),
    invitationId: integer()
      .notNull()
      .references(() => invitations.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    redeemedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitation_redemptions_inv_idx').on(t.invitationId)],
);
