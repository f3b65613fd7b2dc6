import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stamps } from './common.js';
import { sponsors } from './sponsors.js';
import { users } from './users.js';

/** A group claim of the identity provider mapped to a role preset of just-in-time administrators. */
export interface GroupRole {
  group: string;
  preset: string;
}

/** A portal's identity provider (issue 32, decision 0037); one row per portal that set one. */
export const ssoSettings = pgTable(
  'sso_settings',
  {
    sponsorId: integer()
      .primaryKey()
      .references(() => sponsors.id, { onDelete: 'cascade' }),
    protocol: text().$type<'oidc' | 'saml'>().notNull(),
    ssoOnly: boolean().notNull().default(false),
    jit: boolean().notNull().default(false),
    jitRolePreset: text(),
    groupRoleMap: jsonb().$type<GroupRole[]>().notNull().default([]),
    /** The SAML authentication context class that counts as a second factor. */
    mfaAuthnContext: text(),
    oidcIssuer: text(),
    oidcClientId: text(),
    /** AES-256-GCM sealed like authenticator secrets (lib/secret-box.ts), bound to the portal id. */
    oidcClientSecret: text(),
    oidcScopes: text().array().notNull().default([]),
    samlMetadataXml: text(),
    samlEntityId: text(),
    samlSsoUrl: text(),
    samlCertificate: text(),
    samlAllowIdpInitiated: boolean().notNull().default(false),
    ...stamps,
  },
  (t) => [
    check('sso_settings_protocol_ck', sql`${t.protocol} in ('oidc','saml')`),
    check('sso_settings_jit_role_preset_ck', sql`${t.jitRolePreset} in ('full','vault_manager','read_only')`),
  ],
);

/** E-mail domains a portal claims: an address of one signs in through that portal's provider. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    /** Lower case; the primary key makes a domain one portal's only. */
    domain: text().primaryKey(),
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_domains_sponsor_idx').on(t.sponsorId), check('sso_domains_lower_ck', sql`${t.domain} = lower(${t.domain})`)],
);

/**
 * A sign-in on its way through the identity provider: the hashes of its state and of the browser's
 * cookie, PKCE verifier and nonce. Used once, for a few minutes, by the browser that started it.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: serial().primaryKey(),
    stateHash: text().notNull().unique(),
    browserHash: text().notNull(),
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'cascade' }),
    protocol: text().$type<'oidc' | 'saml'>().notNull(),
    nonce: text(),
    codeVerifier: text(),
    /** Set for "Test sign-in": the claims are shown to this user, nobody signs in. */
    testByUserId: integer().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sso_logins_sponsor_idx').on(t.sponsorId),
    index('sso_logins_test_by_user_idx').on(t.testByUserId).where(sql`${t.testByUserId} is not null`),
    index('sso_logins_expires_idx').on(t.expiresAt),
    check('sso_logins_protocol_ck', sql`${t.protocol} in ('oidc','saml')`),
  ],
);

/**
 * The identity provider's answer, checked, waiting for the portal page to collect it (by a
 * one-time token in an httpOnly cookie): a session or second-factor step, or a test's claims.
 */
export const ssoHandoffs = pgTable(
  'sso_handoffs',
  {
    id: serial().primaryKey(),
    tokenHash: text().notNull().unique(),
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    protocol: text().$type<'oidc' | 'saml'>().notNull(),
    secondFactorAsserted: boolean().notNull().default(false),
    testResult: jsonb().$type<Record<string, unknown>>(),
    /** The starting browser's cookie hash, when the answer came without it (SAML's cross-site POST). */
    browserHash: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sso_handoffs_sponsor_idx').on(t.sponsorId),
    index('sso_handoffs_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
    index('sso_handoffs_expires_idx').on(t.expiresAt),
    check('sso_handoffs_protocol_ck', sql`${t.protocol} in ('oidc','saml')`),
  ],
);
