import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { basePackages, importJobs, packageSponsor } from '../../db/schema/index.js';

/** Raw SQL result rows for both drivers (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** The packages assigned to the sponsor, by id and by lower-case name. */
export async function sponsorPackages(db: Db, sponsorId: number) {
  return db
    .select({ id: basePackages.id, name: basePackages.name })
    .from(packageSponsor)
    .innerJoin(basePackages, eq(basePackages.id, packageSponsor.packageId))
    .where(eq(packageSponsor.sponsorId, sponsorId));
}

/**
 * Which of these (lower-case) e-mails already belong to an account, answered as whether that account is a
 * vault holder of this sponsor (true) or someone else (false): one e-mail is one person (decision 0033).
 * One parameter, any size.
 */
export async function existingEmails(db: Db, sponsorId: number, emails: string[]): Promise<Map<string, boolean>> {
  const found = new Map<string, boolean>();
  for (let i = 0; i < emails.length; i += 20_000) {
    const chunk = emails.slice(i, i + 20_000);
    const rows = await rowsOf<{ e: string; here: boolean }>(
      db,
      sql`select lower(u.email) as e, (u.role = 'vault_holder' and coalesce(u.sponsor_id, 0) = ${sponsorId}) as here from users u
          where lower(u.email) in (select value from json_array_elements_text(${JSON.stringify(chunk)}::json))`,
    );
    for (const r of rows) found.set(r.e, r.here);
  }
  return found;
}

/** Imported holders start pending activation. */
export const IMPORTED_STATUS = 3;

export interface ImportRow {
  line: number;
  email: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  organizationName: string | null;
  packageId: number;
  license: 'trial' | 'monthly' | 'annual';
  tag: 'individual' | 'business' | 'family';
  entityType: string | null;
  testAccount: boolean;
  localize: string;
}

export interface ImportError {
  line: number;
  email: string;
  firstName: string;
  lastName: string;
  package: string;
  errors: string[];
}

/** A new preview's job; its rows are added by addJobRows and its totals by completeJob, in the same transaction. */
export async function insertJob(db: Db, v: { sponsorId: number; fileName: string; createdByUserId: number | null }) {
  const [job] = await db
    .insert(importJobs)
    .values({ kind: 'vault_holders', status: 'previewed', ...v })
    .returning({ id: importJobs.id });
  return job!.id;
}

/** Stores a batch of valid rows of a preview: one statement, one JSON parameter of short keys. */
export async function addJobRows(db: Db, jobId: string, rows: ImportRow[]) {
  if (!rows.length) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      l: r.line,
      e: r.email,
      f: r.firstName,
      m: r.middleName,
      n: r.lastName,
      o: r.organizationName,
      p: r.packageId,
      c: r.license,
      t: r.tag,
      y: r.entityType,
      a: r.testAccount,
      z: r.localize,
    })),
  );
  await db.execute(
    sql`insert into import_job_rows (job_id, line, email, first_name, middle_name, last_name, organization_name, package_id,
          license, tag, entity_type, test_account, localize)
        select ${jobId}::uuid, x.l, x.e, x.f, x.m, x.n, x.o, x.p, x.c, x.t, x.y, x.a, x.z
        from json_to_recordset(${json}::json) as x(l int, e text, f text, m text, n text, o text, p int, c text, t text, y text, a boolean, z text)`,
  );
}

/** The preview's totals and its invalid rows (`errorsJson`: a JSON array of ImportError, for the report). */
export async function completeJob(db: Db, jobId: string, v: { totalRows: number; validRows: number; errorsJson: string }) {
  await db.execute(
    sql`update import_jobs set total_rows = ${v.totalRows}, valid_rows = ${v.validRows}, errors = ${v.errorsJson}::jsonb where id = ${jobId}`,
  );
}

/** The job, locked for the confirmation (without its rows and errors: the import reads those in SQL). */
export async function lockJob(db: Db, sponsorId: number, jobId: string) {
  const [job] = await db
    .select({
      id: importJobs.id,
      status: importJobs.status,
      fileName: importJobs.fileName,
      totalRows: importJobs.totalRows,
      validRows: importJobs.validRows,
      completedAt: importJobs.completedAt,
    })
    .from(importJobs)
    .where(and(eq(importJobs.id, jobId), eq(importJobs.sponsorId, sponsorId), eq(importJobs.kind, 'vault_holders')))
    .for('update');
  return job ?? null;
}

export async function findJob(db: Db, sponsorId: number, jobId: string) {
  const [job] = await db
    .select({ id: importJobs.id, fileName: importJobs.fileName, errors: importJobs.errors, status: importJobs.status })
    .from(importJobs)
    .where(and(eq(importJobs.id, jobId), eq(importJobs.sponsorId, sponsorId), eq(importJobs.kind, 'vault_holders')));
  return job ?? null;
}

export async function finishJob(db: Db, jobId: string) {
  // The rows are no longer needed once imported; the errors stay for the report.
  await db.execute(sql`delete from import_job_rows where job_id = ${jobId}`);
  await db.update(importJobs).set({ status: 'imported', completedAt: new Date() }).where(eq(importJobs.id, jobId));
}

/**
 * Many new users at once: their trigram (GIN) index entries gather in the pending list for the
 * whole transaction and are merged in one sorted pass, far cheaper than 100,000 single inserts.
 * Call before the inserts; finishBulkUsers merges before commit so searches never scan a long list.
 */
export async function startBulkUsers(db: Db) {
  await db.execute(sql`select set_config('gin_pending_list_limit', '1GB', true), set_config('work_mem', '64MB', true)`);
}

export async function finishBulkUsers(db: Db) {
  await db.execute(
    sql`select gin_clean_pending_list(i.indexrelid) from pg_index i
        join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
        where i.indrelid = 'users'::regclass and a.amname = 'gin'`,
  );
}

/** Packages of the file no longer assigned to the sponsor; raised before anything is inserted. */
export class UnassignedPackages extends Error {}

/**
 * The checks the foreign keys of users, vault_holders and vaults make row by row, made once for the
 * whole import, with the same locks: FOR KEY SHARE on the sponsor, the status and each package
 * assignment the rows point at, so none of them can be removed before the import commits. The rows'
 * references to each other (holder → user, vault → holder) are right by construction: the inserts
 * take the ids the previous insert returned.
 */
export async function lockReferences(db: Db, sponsorId: number, statusId: number, packageIds: number[]) {
  const sponsor = await rowsOf(db, sql`select id from sponsors where id = ${sponsorId} for key share`);
  const status = await rowsOf(db, sql`select id from statuses where id = ${statusId} for key share`);
  // The sponsor was checked by the request and statuses are reference data: missing is a fault.
  if (!sponsor.length || !status.length) throw new Error(`sponsor ${sponsorId} or status ${statusId} is missing`);
  const assigned = await rowsOf<{ package_id: number }>(
    db,
    sql`select package_id from package_sponsor
        where sponsor_id = ${sponsorId} and package_id = any(${`{${packageIds.join(',')}}`}::int[])
        for key share`,
  );
  if (assigned.length !== packageIds.length) throw new UnassignedPackages('package no longer assigned');
}

/**
 * With lockReferences done, the per-row foreign-key triggers of the inserts add nothing but time
 * (they were most of it): switched off for this transaction where the connection may
 * (`session_replication_role`, a superuser setting: PGlite, or PostgreSQL as a superuser).
 * Unique indexes still apply. Elsewhere the triggers run as before: same result, slower.
 * Answers whether they were switched off; restoreRowChecks switches them back on.
 */
export async function skipRowChecks(db: Db): Promise<boolean> {
  const [row] = await rowsOf<{ su: boolean }>(db, sql`select current_setting('is_superuser') = 'on' as su`);
  if (!row?.su) return false;
  await db.execute(sql`select set_config('session_replication_role', 'replica', true)`);
  return true;
}

export async function restoreRowChecks(db: Db) {
  await db.execute(sql`select set_config('session_replication_role', 'origin', true)`);
}

/**
 * Copies a job's valid rows into a temporary table (dropped at commit) without sending them through
 * the API process, and drops those whose e-mail a vault holder of the sponsor took since the
 * preview. Answers how many were dropped and the packages the rest use.
 */
export async function stageJobRows(db: Db, sponsorId: number, jobId: string) {
  await db.execute(
    sql`create temp table import_rows on commit drop as
        select line, email, first_name as "firstName", middle_name as "middleName", last_name as "lastName",
          organization_name as "organizationName", package_id as "packageId", license, tag, entity_type as "entityType",
          test_account as "testAccount", localize
        from import_job_rows where job_id = ${jobId}`,
  );
  await db.execute(sql`analyze import_rows`);
  const taken = await rowsOf<{ n: number }>(
    db,
    sql`with gone as (
          delete from import_rows r using users u
          where u.role = 'vault_holder' and coalesce(u.sponsor_id, 0) = ${sponsorId} and lower(u.email) = lower(r.email)
          returning 1)
        select count(*)::int as n from gone`,
  );
  const packages = await rowsOf<{ id: number }>(db, sql`select distinct "packageId" as id from import_rows`);
  return { taken: Number(taken[0]?.n ?? 0), packageIds: packages.map((p) => Number(p.id)) };
}

/**
 * Inserts the staged rows as holders (users in file order), their holder rows and vaults in three
 * set-based statements. Answers how many were imported.
 */
export async function insertStagedHolders(db: Db, sponsorId: number): Promise<number> {
  await db.execute(sql`create temp table imported (id int primary key, email text not null) on commit drop`);
  await db.execute(
    sql`with ins as (
          insert into users (role, sponsor_id, email, first_name, middle_name, last_name, status_id, test_account, localize)
          select 'vault_holder', ${sponsorId}, r.email, r."firstName", r."middleName", r."lastName", ${IMPORTED_STATUS}, r."testAccount", r.localize
          from import_rows r order by r.line
          returning id, email)
        insert into imported select id, lower(email) from ins`,
  );
  await db.execute(sql`analyze imported`);
  await db.execute(
    sql`insert into vault_holders (user_id, sponsor_id, organization_name)
        select i.id, ${sponsorId}, r."organizationName" from imported i join import_rows r on lower(r.email) = i.email`,
  );
  await db.execute(
    sql`insert into vaults (holder_user_id, sponsor_id, package_id, license, tag, entity_type)
        select i.id, ${sponsorId}, r."packageId", r.license, r.tag, r."entityType"
        from imported i join import_rows r on lower(r.email) = i.email order by i.id`,
  );
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from imported`);
  return Number(row?.n ?? 0);
}

/** The imported holders' ids, e-mails and first names (for their activation e-mails). */
export async function importedHolders(db: Db) {
  return rowsOf<{ id: number; email: string; firstName: string }>(
    db,
    sql`select i.id, r.email, r."firstName" from imported i join import_rows r on lower(r.email) = i.email order by i.id`,
  );
}

/** Activation links and their e-mails for many holders at once (same texts as lib/password-links); answers the outbox ids. */
export async function insertActivationLinks(
  db: Db,
  links: { userId: number; tokenHash: string; expiresAt: Date; to: string; subject: string; body: string; sponsorId: number }[],
  chunk = 5000,
): Promise<number[]> {
  const outboxIds: number[] = [];
  for (let i = 0; i < links.length; i += chunk) {
    const part = links.slice(i, i + chunk);
    const tokens = JSON.stringify(part.map((l) => ({ user_id: l.userId, token_hash: l.tokenHash, expires_at: l.expiresAt.toISOString() })));
    await db.execute(
      sql`insert into password_tokens (user_id, token_hash, purpose, expires_at)
          select x.user_id, x.token_hash, 'activation', x.expires_at
          from json_to_recordset(${tokens}::json) as x(user_id int, token_hash text, expires_at timestamptz)`,
    );
    const mails = JSON.stringify(part.map((l) => ({ to_address: l.to, subject: l.subject, body_text: l.body, sponsor_id: l.sponsorId })));
    const inserted = await rowsOf<{ id: number }>(
      db,
      sql`insert into email_outbox (sponsor_id, to_address, subject, body_text, template)
          select x.sponsor_id, x.to_address, x.subject, x.body_text, 'activation'
          from json_to_recordset(${mails}::json) as x(sponsor_id int, to_address text, subject text, body_text text)
          returning id`,
    );
    for (const r of inserted) outboxIds.push(Number(r.id));
  }
  return outboxIds;
}
