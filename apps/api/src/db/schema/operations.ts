import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sponsorIntegrations } from './integrations.js';
import { sponsors } from './sponsors.js';
import { users } from './users.js';
import { type LICENSES, type TAGS, vaults } from './vaults.js';

export const failedUploads = pgTable(
  'failed_uploads',
  {
    id: serial().primaryKey(),
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'restrict' }),
    vaultId: integer().references(() => vaults.id, { onDelete: 'set null' }),
    holderUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    fileName: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull().default(0),
    contentType: text(),
    reason: text().$type<'too_large' | 'virus' | 'type' | 'storage_error'>().notNull(),
    detail: text(),
    status: text().$type<'failed' | 'retry_requested' | 'dismissed'>().notNull().default('failed'),
    reportedBySponsorIntegrationId: integer().references(() => sponsorIntegrations.id, { onDelete: 'set null' }),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('failed_uploads_reason_ck', sql`${t.reason} in ('too_large','virus','type','storage_error')`),
    check('failed_uploads_status_ck', sql`${t.status} in ('failed','retry_requested','dismissed')`),
    index('failed_uploads_sponsor_idx').on(t.sponsorId, t.occurredAt.desc(), t.id.desc()),
    // Staff's list across every portal (decision 0052), newest first.
    index('failed_uploads_time_idx').on(t.occurredAt.desc(), t.id.desc()),
    // Deleting a vault or a user sets these to null; without indexes each delete scans the table.
    index('failed_uploads_vault_idx').on(t.vaultId).where(sql`${t.vaultId} is not null`),
    index('failed_uploads_holder_idx').on(t.holderUserId).where(sql`${t.holderUserId} is not null`),
    index('failed_uploads_reported_by_idx')
      .on(t.reportedBySponsorIntegrationId)
      .where(sql`${t.reportedBySponsorIntegrationId} is not null`),
    index('failed_uploads_resolved_by_idx').on(t.resolvedByUserId).where(sql`${t.resolvedByUserId} is not null`),
  ],
);

/**
 * Append-only (triggers in the migrations refuse UPDATE, DELETE and TRUNCATE). logJson never holds a secret.
 * No foreign keys: an entry must outlive whatever it names. Partitioned by month on occurred_at
 * (migration 0029): each partition holds its own unique (chain, seq) index, made with it by the SQL
 * function audit_log_ensure_month; expired months are dropped whole (maintenance/audit-retention.ts).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer(),
    actorEmail: text(),
    actorSponsorId: integer(),
    sponsorId: integer(),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    outcome: text().$type<'success' | 'failure'>().notNull().default('success'),
    clientIp: text(),
    logJson: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The entry's place in its chain (one per portal, one for no portal), the previous entry's hash
     * and its own: filled by the database's BEFORE INSERT trigger (migration 0023), never by code.
     */
    chainSeq: bigint({ mode: 'number' }).notNull().default(0),
    prevHash: text().notNull().default(''),
    hash: text().notNull().default(''),
  },
  (t) => [
    primaryKey({ name: 'audit_log_pkey', columns: [t.id, t.occurredAt] }),
    check('audit_log_prev_hash_ck', sql`${t.prevHash} ~ '^[0-9a-f]{64}$'`),
    check('audit_log_hash_ck', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
    index('audit_log_sponsor_time_idx').on(t.sponsorId, t.occurredAt.desc(), t.id.desc()),
    index('audit_log_time_idx').on(t.occurredAt.desc(), t.id.desc()),
    // The action filter is a prefix (LIKE 'x%'): text_pattern_ops serves it in any collation (migration 0036).
    index('audit_log_action_time_idx').using('btree', t.action.op('text_pattern_ops'), t.occurredAt.desc(), t.id.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    check('audit_log_outcome_ck', sql`${t.outcome} in ('success','failure')`),
  ],
);

/** Signed heads of the audit chains (append-only): daily and at every export (decision 0040). */
export const auditCheckpoints = pgTable(
  'audit_checkpoints',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** The chain: a portal, or null for entries with no portal. */
    sponsorId: integer(),
    chainSeq: bigint({ mode: 'number' }).notNull(),
    hash: text().notNull(),
    signedAt: timestamp({ withTimezone: true }).notNull(),
    keyId: text().notNull(),
    signature: text().notNull(),
    reason: text().$type<'daily' | 'export' | 'cut'>().notNull(),
  },
  (t) => [
    index('audit_checkpoints_chain_idx').on(sql`coalesce(${t.sponsorId}, 0)`, t.chainSeq.desc()),
    check('audit_checkpoints_hash_ck', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
    check('audit_checkpoints_key_id_ck', sql`${t.keyId} ~ '^[0-9a-f]{16}$'`),
    check('audit_checkpoints_signature_ck', sql`${t.signature} ~ '^[A-Za-z0-9+/]{86}==$'`),
    check('audit_checkpoints_reason_ck', sql`${t.reason} in ('daily','export','cut')`),
  ],
);

/**
 * Written in the same transaction as the change, with its job on the queue (jobs/queue.ts); the
 * mail worker sends it. Status: queued, sending (claimed; next_attempt_at is the lease), retrying
 * (attempts so far, next_attempt_at), sent, failed (last_error holds the mail server's answer).
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    sponsorId: integer(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    bodyText: text().notNull(),
    /** The same message as a whole HTML document (issue 34); null for messages queued before it. */
    bodyHtml: text(),
    locale: text().notNull().default('en'),
    replyTo: text(),
    template: text().notNull(),
    status: text().$type<'queued' | 'sending' | 'retrying' | 'sent' | 'failed'>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('email_outbox_open_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('queued','sending','retrying')`),
    index('email_outbox_sponsor_idx').on(t.sponsorId, t.id.desc()),
    index('email_outbox_recipient_idx').on(t.sponsorId, sql`lower(${t.toAddress})`, t.id.desc()),
    check('email_outbox_status_ck', sql`${t.status} in ('queued','sending','retrying','sent','failed')`),
  ],
);

/** A previewed CSV import: its rows are kept (import_job_rows) so that the confirm imports exactly what was previewed, once. */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'cascade' }),
    kind: text().$type<'vault_holders' | 'invitations'>().notNull(),
    status: text().$type<'previewed' | 'imported' | 'failed'>().notNull().default('previewed'),
    fileName: text().notNull(),
    totalRows: integer().notNull().default(0),
    validRows: integer().notNull().default(0),
    rows: jsonb().$type<unknown[]>().notNull().default([]),
    errors: jsonb().$type<unknown[]>().notNull().default([]),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('import_jobs_sponsor_idx').on(t.sponsorId),
    index('import_jobs_created_by_idx').on(t.createdByUserId).where(sql`${t.createdByUserId} is not null`),
    check('import_jobs_kind_ck', sql`${t.kind} in ('vault_holders','invitations')`),
    check('import_jobs_status_ck', sql`${t.status} in ('previewed','imported','failed')`),
  ],
);

/**
 * The valid rows of a previewed vault-holder import, one table row each (not one large JSON value:
 * cheap to write in batches while the file is read, and read by the confirm in SQL). Deleted once imported.
 */
export const importJobRows = pgTable(
  'import_job_rows',
  {
    jobId: uuid()
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    line: integer().notNull(),
    email: text().notNull(),
    firstName: text().notNull(),
    middleName: text(),
    lastName: text().notNull(),
    organizationName: text(),
    packageId: integer().notNull(),
    license: text().$type<(typeof LICENSES)[number]>().notNull(),
    tag: text().$type<(typeof TAGS)[number]>().notNull(),
    entityType: text(),
    testAccount: boolean().notNull(),
    localize: text().notNull(),
  },
  (t) => [
    primaryKey({ name: 'import_job_rows_pk', columns: [t.jobId, t.line] }),
    check('import_job_rows_license_ck', sql`${t.license} in ('trial','monthly','annual')`),
    check('import_job_rows_tag_ck', sql`${t.tag} in ('individual','business','family')`),
  ],
);

/** Server-wide values every instance must share, such as the key behind XSRF tokens. */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
});

/**
 * A portal's audit retention (migration 0029; no row: 84 months, no hold). The service-wide minimum
 * is the app_settings key audit_retention_minimum_months. Legal hold is set and lifted by staff only.
 */
export const auditRetention = pgTable(
  'audit_retention',
  {
    sponsorId: integer()
      .primaryKey()
      .references(() => sponsors.id, { onDelete: 'cascade' }),
    months: integer().notNull().default(84),
    legalHold: boolean().notNull().default(false),
    holdReason: text(),
    holdChangedAt: timestamp({ withTimezone: true }),
    holdChangedBy: integer(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('audit_retention_months_ck', sql`${t.months} between 1 and 1200`),
    check('audit_retention_hold_reason_ck', sql`char_length(${t.holdReason}) <= 500`),
  ],
);
