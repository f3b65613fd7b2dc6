import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamps } from './common.js';
import { sponsors } from './sponsors.js';
import { statuses } from './statuses.js';

export const ROLES = ['staff', 'sponsor_admin', 'vault_holder', 'advisor'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Identity of every person. Staff and advisors (trusted collaborators) are global (sponsorId null);
 * sponsor administrators and vault holders belong to one sponsor. One e-mail is one person across the
 * whole service (decision 0033): sign-in, reset and second factor always resolve exactly one account.
 */
export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    role: text().$type<Role>().notNull(),
    sponsorId: integer().references(() => sponsors.id, { onDelete: 'restrict' }),
    email: text().notNull(),
    firstName: text().notNull(),
    middleName: text(),
    lastName: text().notNull(),
    passwordHash: text(),
    statusId: integer()
      .notNull()
      .default(3)
      .references(() => statuses.id),
    /** Has a second factor: an authenticator app (mfaEnrolledAt set) or a passkey, or both. */
    mfaEnabled: boolean().notNull().default(false),
    /** The authenticator secret, AES-256-GCM encrypted (lib/secret-box.ts); set before enrollment is confirmed. */
    mfaSecret: text(),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    mfaLastStep: bigint({ mode: 'number' }),
    /** When the authenticator app was confirmed; null without one (a passkey alone leaves it null). */
    mfaEnrolledAt: timestamp({ withTimezone: true }),
    /** Sign-ins made without a second factor while the sponsor requires one (the grace period). */
    mfaGraceSignIns: integer().notNull().default(0),
    testAccount: boolean().notNull().default(false),
    /** Staff marked it: its password keeps working when the portal signs in with SSO only. */
    ssoBreakGlass: boolean().notNull().default(false),
    localize: text().notNull().default('en'),
    lastLoginAt: timestamp({ withTimezone: true }),
    activatedAt: timestamp({ withTimezone: true }),
    ...stamps,
  },
  (t) => [
    check('users_role_ck', sql`${t.role} in ('staff','sponsor_admin','vault_holder','advisor')`),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_sponsor_role_idx').on(t.sponsorId, t.role, t.id),
    index('users_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
    index('users_first_name_trgm').using('gin', t.firstName.op('gin_trgm_ops')),
    index('users_last_name_trgm').using('gin', t.lastName.op('gin_trgm_ops')),
    index('users_status_idx').on(t.statusId),
    // The sorted vault holder list reads one of these from a portal's first holder (migration 0013).
    index('users_holder_first_name_idx').on(t.sponsorId, t.role, t.firstName.nullsFirst(), t.id),
    index('users_holder_last_name_idx').on(t.sponsorId, t.role, t.lastName.nullsFirst(), t.id),
    index('users_holder_email_idx').on(t.sponsorId, t.role, t.email.nullsFirst(), t.id),
    index('users_holder_status_idx').on(t.sponsorId, t.role, t.statusId.nullsFirst(), t.id),
    // Migration 0033 adds INCLUDE (activated_at) to this one (drizzle has no INCLUDE): the list's activated filter.
    index('users_holder_created_idx').on(t.sponsorId, t.role, t.createdAt.nullsFirst(), t.id),
    index('users_holder_last_login_idx').on(t.sponsorId, t.role, t.lastLoginAt.nullsFirst(), t.id),
    // users_holder_search_idx (sponsor_id, role, id) INCLUDE (email, first_name, last_name) serves the
    // "contains" searches (migration 0014); it is not declared here because drizzle has no INCLUDE.
    // The target of the holder copies' composite keys (vault_holders, vaults).
    unique('users_id_sponsor_uq').on(t.id, t.sponsorId),
  ],
);

/** Sessions are stored as a hash of the opaque token; idle and absolute limits are checked on use. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial().primaryKey(),
    tokenHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** Opened after the grace period without the required second factor: reaches only enrollment. */
    mfaEnrollmentRequired: boolean().notNull().default(false),
    /** The last fresh proof of identity (password, code or passkey): adding a factor needs one of the last minutes. */
    identityConfirmedAt: timestamp({ withTimezone: true }),
    clientIp: text(),
    userAgent: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use links e-mailed for activation or password reset; only the hash is kept. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    purpose: text().$type<'activation' | 'reset'>().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_tokens_user_idx').on(t.userId), check('password_tokens_purpose_ck', sql`${t.purpose} in ('activation','reset')`)],
);
