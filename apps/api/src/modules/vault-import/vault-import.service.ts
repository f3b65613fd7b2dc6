import {
  EMAIL_PATTERN,
  FORBIDDEN_CHARS,
  IMPORT_PREVIEW_ROWS,
  IMPORT_REQUIRED_COLUMNS,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportResult,
  isPersonName,
  LICENSES,
  personNameMessage,
  VAULT_TAGS,
} from '@vault/contract';
import type { Db } from '../../db/client.js';
import { EMAIL_OF_ANOTHER_ACCOUNT } from '../../lib/accounts.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { type CsvFile, type CsvRow, csvRows, toCsv } from '../../lib/csv.js';
import { conflict, notFound } from '../../lib/errors.js';
import { enqueueOutboxJobs } from '../../lib/outbox.js';
import { LINK_TTL_HOURS } from '../../lib/password-links.js';
import { writeAudit } from '../../plugins/audit.js';
import type { Actor, SponsorRef } from '../../plugins/types.js';
import { changing } from '../vaults/vaults.counts.js';
import * as repo from './vault-import.repo.js';

const TARGET = 'vault_holder';
const FORBIDDEN_RE = /['`~!@#$%^&*()=;:"<>/|?]/;
const LOCALE_RE = /^[a-z]{2}(-[A-Z]{2})?$/;
const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'no', 'n', '0', '']);

export interface Ctx {
  db: Db;
  actor: Actor;
  sponsor: SponsorRef;
  publicUrl: string;
}

function checkName(label: string, value: string, required: boolean, errors: string[], max = 100, person = false) {
  if (!value) {
    if (required) errors.push(`${label} is required`);
    return;
  }
  if (value.length > max) errors.push(`${label} must be at most ${max} characters`);
  // The same rules as the forms: people's names by their own rule, other names by the forbidden list.
  if (person ? !isPersonName(value) : FORBIDDEN_RE.test(value))
    errors.push(person ? personNameMessage(label) : `${label} must not contain any of ${FORBIDDEN_CHARS}`);
}

type Checked =
  | { valid: true; row: repo.ImportRow; preview: ImportPreviewRow }
  | { valid: false; error: repo.ImportError; preview: ImportPreviewRow };

/**
 * The checks of one row, keyed by normalised header ("First Name" → "firstname"). Rows are checked in
 * file order; the checker remembers each e-mail's first line for the duplicate check. `existing`: the
 * (lower-case) e-mails of the row's batch that already belong to an account: a holder of the portal (true) or
 * anyone else (false).
 */
export function rowChecker(packages: { id: number; name: string }[]) {
  const byName = new Map(packages.map((p) => [p.name.trim().toLowerCase(), p.id]));
  const byId = new Map(packages.map((p) => [String(p.id), p.id]));
  const firstLine = new Map<string, number>();
  return ({ line, values }: CsvRow, existing: Map<string, boolean>): Checked => {
    const v = (k: string) => (values[k] ?? '').trim();
    const email = v('email');
    const firstName = v('firstname');
    const lastName = v('lastname');
    const middleName = v('middlename');
    const organizationName = v('organizationname') || v('organization');
    const pkg = v('package') || v('packageid');
    const license = (v('license') || 'trial').toLowerCase();
    const tag = (v('tag') || 'individual').toLowerCase();
    const entityType = v('entitytype');
    const testAccount = v('testaccount').toLowerCase();
    const localize = v('localize') || 'en';
    const errors: string[] = [];
    const key = email.toLowerCase();
    if (!email) errors.push('E-mail is required');
    else if (email.length > 254 || !EMAIL_PATTERN.test(email)) errors.push(`Invalid e-mail address "${email}"`);
    else if (firstLine.has(key)) errors.push(`Duplicate e-mail in the file (first on line ${firstLine.get(key)})`);
    else if (existing.get(key) === true) errors.push('A vault holder with this e-mail already exists in this portal');
    else if (existing.has(key)) errors.push(EMAIL_OF_ANOTHER_ACCOUNT);
    if (email && !firstLine.has(key)) firstLine.set(key, line);
    checkName('First name', firstName, true, errors, 100, true);
    checkName('Last name', lastName, true, errors, 100, true);
    checkName('Middle name', middleName, false, errors, 100, true);
    checkName('Organization name', organizationName, false, errors, 200);
    checkName('Entity type', entityType, false, errors);
    const packageId = byName.get(pkg.toLowerCase()) ?? byId.get(pkg);
    if (!pkg) errors.push('Package is required');
    else if (packageId === undefined) errors.push(`Unknown package "${pkg}": use a package assigned to this portal`);
    if (!(LICENSES as readonly string[]).includes(license)) errors.push(`License must be one of ${LICENSES.join(', ')}`);
    if (!(VAULT_TAGS as readonly string[]).includes(tag)) errors.push(`Tag must be one of ${VAULT_TAGS.join(', ')}`);
    if (!TRUE.has(testAccount) && !FALSE.has(testAccount)) errors.push('testAccount must be true or false');
    if (!LOCALE_RE.test(localize)) errors.push('localize must be a language code such as en or fr-CA');
    const valid = errors.length === 0;
    const preview = { line, email, firstName, lastName, package: pkg, valid, errors };
    if (!valid) return { valid, preview, error: { line, email, firstName, lastName, package: pkg, errors } };
    const row: repo.ImportRow = {
      line,
      email,
      firstName,
      middleName: middleName || null,
      lastName,
      organizationName: organizationName || null,
      packageId: packageId!,
      license: license as repo.ImportRow['license'],
      tag: tag as repo.ImportRow['tag'],
      entityType: entityType || null,
      testAccount: TRUE.has(testAccount),
      localize,
    };
    return { valid, preview, row };
  };
}

/** The upload's CSV options: the required columns, headers matched ignoring case, spaces and underscores. */
export const UPLOAD_OPTIONS = { requiredHeaders: [...IMPORT_REQUIRED_COLUMNS], normaliseHeaders: true };

/** Rows checked and stored together: one e-mail lookup and one insert per batch. */
const BATCH_ROWS = 5000;

/**
 * Preview of an uploaded file: check every row, keep the result as an import job (its valid rows in
 * import_job_rows). Nothing is imported yet. The file is parsed and checked a batch at a time and each
 * batch stored before the next is read, so memory holds one batch, the e-mails seen (for duplicates),
 * the rows shown and the invalid rows' report, never the whole file as objects. One transaction: a
 * fault found late in the file (bad CSV, too many rows) leaves no job behind.
 */
export async function preview(ctx: Ctx, file: CsvFile): Promise<ImportPreview> {
  const sponsorId = ctx.sponsor.id;
  const fileName = file.filename.slice(0, 255);
  const check = rowChecker(await repo.sponsorPackages(ctx.db, sponsorId));
  // The rows a preview shows: all of a small file; of a larger one, invalid rows first.
  const shown: { valid: ImportPreviewRow[]; invalid: ImportPreviewRow[] } = { valid: [], invalid: [] };
  const errors: string[] = [];
  let totalRows = 0;
  let validRows = 0;
  const jobId = await ctx.db.transaction(async (tx) => {
    const id = await repo.insertJob(tx, { sponsorId, fileName, createdByUserId: ctx.actor.userId });
    // The rows point at the job inserted just above: their foreign-key trigger would add nothing (decision 0019).
    const rowChecksOff = await repo.skipRowChecks(tx);
    let batch: CsvRow[] = [];
    const flush = async () => {
      const emails = [...new Set(batch.map((r) => (r.values.email ?? '').trim().toLowerCase()).filter(Boolean))];
      const existing = await repo.existingEmails(tx, sponsorId, emails);
      const valid: repo.ImportRow[] = [];
      for (const row of batch) {
        const c = check(row, existing);
        totalRows++;
        if (c.valid) valid.push(c.row);
        else errors.push(JSON.stringify(c.error));
        const list = c.valid ? shown.valid : shown.invalid;
        if (list.length < IMPORT_PREVIEW_ROWS) list.push(c.preview);
      }
      validRows += valid.length;
      batch = [];
      await repo.addJobRows(tx, id, valid);
    };
    for await (const row of csvRows(file.buffer, UPLOAD_OPTIONS)) {
      batch.push(row);
      if (batch.length >= BATCH_ROWS) await flush();
    }
    await flush();
    if (rowChecksOff) await repo.restoreRowChecks(tx);
    await repo.completeJob(tx, id, { totalRows, validRows, errorsJson: `[${errors.join(',')}]` });
    await writeAudit(tx, ctx.actor, {
      action: `${TARGET}.import_preview`,
      sponsorId,
      targetType: 'import_job',
      targetId: id,
      logJson: { fileName, bytes: file.bytes, totalRows, validRows, invalidRows: totalRows - validRows },
    });
    return id;
  });
  const truncated = totalRows > IMPORT_PREVIEW_ROWS;
  const rows = truncated
    ? [...shown.invalid, ...shown.valid].slice(0, IMPORT_PREVIEW_ROWS)
    : [...shown.invalid, ...shown.valid].sort((a, b) => a.line - b.line);
  return { jobId, fileName, totalRows, validRows, invalidRows: totalRows - validRows, rows, truncated };
}

/**
 * Confirm: imports the valid rows of the preview in ONE transaction (all or nothing). A job is
 * imported once: confirming it again imports nothing. E-mails taken since the preview are skipped.
 */
export async function confirm(ctx: Ctx, body: { jobId: string; sendActivationEmail?: boolean }): Promise<ImportResult> {
  try {
    return await changing(ctx.sponsor.id, confirmInTransaction(ctx, body), ctx.db);
  } catch (err) {
    // Drizzle wraps driver errors; a constraint refusing a row means nothing was imported.
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23503' || err instanceof repo.UnassignedPackages)
      throw conflict('A package of this file is no longer assigned to this portal. Nothing was imported; upload the file again.');
    if (code === '23505')
      throw conflict('Some e-mails of this file were added to this portal meanwhile. Nothing was imported; upload the file again.');
    throw err;
  }
}

async function confirmInTransaction(ctx: Ctx, body: { jobId: string; sendActivationEmail?: boolean }): Promise<ImportResult> {
  const sponsorId = ctx.sponsor.id;
  return ctx.db.transaction(async (tx) => {
    const job = await repo.lockJob(tx, sponsorId, body.jobId);
    if (!job) throw notFound('The import preview');
    if (job.status !== 'previewed') {
      return {
        migrationStatus: 'AlreadyImported' as const,
        importMessage: `${job.fileName} was already imported${job.completedAt ? ` on ${job.completedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` : ''}. Nothing was imported again.`,
        importedUsers: 0,
      };
    }
    const { taken: takenMeanwhile, packageIds } = await repo.stageJobRows(tx, sponsorId, job.id);
    await repo.lockReferences(tx, sponsorId, repo.IMPORTED_STATUS, packageIds);
    const rowChecksOff = await repo.skipRowChecks(tx);
    await repo.startBulkUsers(tx);
    const n = await repo.insertStagedHolders(tx, sponsorId);
    await repo.finishBulkUsers(tx);
    if (body.sendActivationEmail && n) {
      const hours = LINK_TTL_HOURS.activation;
      const expiresAt = new Date(Date.now() + hours * 3600_000);
      const base = ctx.publicUrl.replace(/\/$/, '');
      const outboxIds = await repo.insertActivationLinks(
        tx,
        (await repo.importedHolders(tx)).map((h) => {
          const token = randomToken();
          return {
            userId: Number(h.id),
            tokenHash: sha256(token),
            expiresAt,
            to: h.email,
            sponsorId,
            subject: 'Activate your account',
            body: `Hello ${h.firstName},\n\nYour account is ready. Set your password to activate it:\n${base}/set-password?token=${token}\n\nThe link works once and expires in ${hours} hours. If you did not expect this e-mail, ignore it.\n`,
          };
        }),
      );
      await enqueueOutboxJobs(tx, outboxIds);
    }
    if (rowChecksOff) await repo.restoreRowChecks(tx);
    await repo.finishJob(tx, job.id);
    await writeAudit(tx, ctx.actor, {
      action: `${TARGET}.import`,
      sponsorId,
      targetType: 'import_job',
      targetId: job.id,
      logJson: {
        fileName: job.fileName,
        totalRows: job.totalRows,
        importedUsers: n,
        skippedSincePreview: takenMeanwhile,
        invalidRows: job.totalRows - job.validRows,
        sendActivationEmail: Boolean(body.sendActivationEmail),
      },
    });
    const parts = [`${n.toLocaleString('en-US')} vault holder${n === 1 ? '' : 's'} imported from ${job.fileName}.`];
    if (job.totalRows > job.validRows)
      parts.push(
        `${(job.totalRows - job.validRows).toLocaleString('en-US')} invalid row${job.totalRows - job.validRows === 1 ? ' was' : 's were'} left out.`,
      );
    if (takenMeanwhile)
      parts.push(
        `${takenMeanwhile} e-mail${takenMeanwhile === 1 ? ' was' : 's were'} added by someone else since the preview and skipped.`,
      );
    if (body.sendActivationEmail && n) parts.push('Activation e-mails are on their way.');
    return {
      migrationStatus: n > 0 ? ('Success' as const) : ('NothingToImport' as const),
      importMessage: parts.join(' '),
      importedUsers: n,
    };
  });
}

/** The downloadable error report of a preview: every invalid row with its line and reasons. */
export async function errorReport(ctx: Pick<Ctx, 'db' | 'sponsor'>, jobId: string) {
  const job = await repo.findJob(ctx.db, ctx.sponsor.id, jobId);
  if (!job) throw notFound('The import preview');
  const errors = job.errors as repo.ImportError[];
  const csv = toCsv(
    errors.map((e) => ({ ...e, errors: e.errors.join('; ') })),
    [
      { key: 'line', header: 'line' },
      { key: 'email', header: 'email' },
      { key: 'firstName', header: 'firstName' },
      { key: 'lastName', header: 'lastName' },
      { key: 'package', header: 'package' },
      { key: 'errors', header: 'errors' },
    ],
  );
  const base = job.fileName.replace(/\.(csv|txt)$/i, '').replace(/[^A-Za-z0-9._-]+/g, '_') || 'import';
  return { csv, fileName: `${base}-errors.csv` };
}
