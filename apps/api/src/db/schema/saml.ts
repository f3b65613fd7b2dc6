import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sponsors } from './sponsors.js';
import { users } from './users.js';

/**
 * The SAML AuthnRequests a portal sent and has not yet seen answered (migration 0022): a response's
 * InResponseTo must name one of them, of the same portal, once, before it expires.
 */
export const samlRequests = pgTable(
  'saml_requests',
  {
    id: text().primaryKey(),
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'cascade' }),
    relayState: text().notNull(),
    /** Hash of the starting browser's own cookie: the sign-in is handed over only to that browser. */
    browserHash: text(),
    /** "Test sign-in" by this user: the claims are shown, nobody is signed in. */
    testByUserId: integer().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('saml_requests_id_ck', sql`${t.id} ~ '^_[0-9a-f]{40}$'`),
    check('saml_requests_relay_state_ck', sql`${t.relayState} ~ '^[A-Za-z0-9_-]{43}$'`),
    check('saml_requests_browser_hash_ck', sql`${t.browserHash} ~ '^[0-9a-f]{64}$'`),
    index('saml_requests_sponsor_idx').on(t.sponsorId),
    index('saml_requests_test_by_user_idx').on(t.testByUserId).where(sql`${t.testByUserId} is not null`),
    index('saml_requests_expires_idx').on(t.expiresAt),
  ],
);

/** The assertions a portal accepted, kept until they expire so the same one is refused a second time. */
export const samlUsedAssertions = pgTable(
  'saml_used_assertions',
  {
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'cascade' }),
    assertionId: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'saml_used_assertions_pk', columns: [t.sponsorId, t.assertionId] }),
    check('saml_used_assertions_assertion_id_ck', sql`char_length(${t.assertionId}) between 1 and 256`),
    index('saml_used_assertions_expires_idx').on(t.expiresAt),
  ],
);
