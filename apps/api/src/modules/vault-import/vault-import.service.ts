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
import { randomToken, sha256 } from '../../lib/crypto.js';
import { type CsvRow, type CsvUpload, toCsv } from '../../lib/csv.js';
import { conflict, notFound } from '../../lib/errors.js';
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

/** Checks every row of the file; rows are keyed by normalised header ("First Name" → "firstname"). */
export function validateRows(
  rows: CsvRow[],
  packages: { id: number; name: string }[],
  existing: Set<string>,
): { valid: repo.ImportRow[]; invalid: repo.ImportError[]; preview: ImportPreviewRow[] } {
  const byName = new Map(packages.map((p) => [p.name.trim().toLowerCase(), p.id]));
  const byId = new Map(packages.map((p) => [String(p.id), p.id]));
  const firstLine = new Map<string, number>();
  const valid: repo.ImportRow[] = [];
  const invalid: repo.ImportError[] = [];
  const preview: ImportPreviewRow[] = [];
  for (const { line, values } of rows) {
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
    else if (existing.has(key)) errors.push('A vault holder with this e-mail already exists in this portal');
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
    const ok = errors.length === 0;
    preview.push({ line, email, firstName, lastName, package: pkg, valid: ok, errors });
    if (ok) {
      valid.push({
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
      });
    } else {
      invalid.push({ line, email, firstName, lastName, package: pkg, errors });
    }
  }
  return { valid, invalid, preview };
}

/** The upload's CSV options: the required columns, headers matched ignoring case, spaces and underscores. */
export const UPLOAD_OPTIONS = { requiredHeaders: [...IMPORT_REQUIRED_COLUMNS], normaliseHeaders: true };

/** Preview of a parsed upload: check every row, keep the result as an import job. Nothing is imported yet. */
export async function preview(ctx: Ctx, upload: CsvUpload): Promise<ImportPreview> {
  const sponsorId = ctx.sponsor.id;
  const emails = [...new Set(upload.rows.map((r) => (r.values.email ?? '').trim().toLowerCase()).filter(Boolean))];
  const [packages, existing] = await Promise.all([repo.sponsorPackages(ctx.db, sponsorId), repo.existingEmails(ctx.db, sponsorId, emails)]);
  const { valid, invalid, preview: rows } = validateRows(upload.rows, packages, existing);
  const fileName = upload.filename.slice(0, 255);
  const jobId = await ctx.db.transaction(async (tx) => {
    const id = await repo.insertJob(tx, {
      sponsorId,
      fileName,
      totalRows: rows.length,
      validRows: valid.length,
      rows: valid,
      errors: invalid,
      createdByUserId: ctx.actor.userId,
    });
    await writeAudit(tx, ctx.actor, {
      action: `${TARGET}.import_preview`,
      sponsorId,
      targetType: 'import_job',
      targetId: id,
      logJson: { fileName, bytes: upload.bytes, totalRows: rows.length, validRows: valid.length, invalidRows: invalid.length },
    });
    return id;
  });
  const truncated = rows.length > IMPORT_PREVIEW_ROWS;
  const shown = truncated ? [...rows.filter((r) => !r.valid), ...rows.filter((r) => r.valid)].slice(0, IMPORT_PREVIEW_ROWS) : rows;
  return { jobId, fileName, totalRows: rows.length, validRows: valid.length, invalidRows: invalid.length, rows: shown, truncated };
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
      await repo.insertActivationLinks(
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
