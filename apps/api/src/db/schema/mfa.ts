import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Single-use recovery codes of a second factor; only a hash is kept. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/**
 * Between a correct password and a correct second factor: a short-lived token that can only
 * finish that one sign-in, never reach any other call. Only its hash is kept.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: serial().primaryKey(),
    tokenHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_challenges_user_idx').on(t.userId)],
);

/** A person's passkeys (WebAuthn credentials): each counts as a second factor. */
export const mfaPasskeys = pgTable(
  'mfa_passkeys',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser sends it back. */
    credentialId: text().notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    /** The authenticator's signature counter: an assertion must raise it (unless it stays 0). */
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: text().array().notNull().default(sql`'{}'`),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('mfa_passkeys_user_idx').on(t.userId),
    check('mfa_passkeys_transports_ck', sql`${t.transports} <@ array['ble','cable','hybrid','internal','nfc','smart-card','usb']::text[]`),
  ],
);

/**
 * A WebAuthn challenge the server issued: single-use and short-lived, kept here rather than in a
 * cookie so an answer cannot be replayed. Only its hash is kept; a second-factor one is tied to
 * the password step's challenge, a registration one to its person.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: serial().primaryKey(),
    challengeHash: text().notNull().unique(),
    purpose: text().notNull().$type<'register' | 'second_factor' | 'sign_in' | 'step_up'>(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    mfaChallengeId: integer().references(() => mfaChallenges.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('webauthn_challenges_purpose_ck', sql`${t.purpose} in ('register','second_factor','sign_in','step_up')`),
    index('webauthn_challenges_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
    index('webauthn_challenges_mfa_challenge_idx').on(t.mfaChallengeId).where(sql`${t.mfaChallengeId} is not null`),
  ],
);
