import { type InvitationBody, type InvitationImportResult, type InvitationType, STRICT_INVITE_CODE } from '@vault/contract';
import type { CsvRow } from '../../lib/csv.js';
import { enqueueOutboxJobs } from '../../lib/outbox.js';
import { writeAudit } from '../../plugins/audit.js';
import type { RequestContext } from '../../plugins/types.js';
import * as repo from './invitations.repo.js';
import { type Checked, checkFields, invitationEmail } from './invitations.rules.js';

const TRUE = new Set(['true', '1', 'yes', 'y']);
const FALSE = new Set(['false', '0', 'no', 'n', '']);

/** A CSV date: ISO 8601, YYYY-MM-DD or MM/DD/YYYY (a bare day means its end, UTC). */
function csvDate(value: string): string | null | 'bad' {
  const v = value.trim();
  if (!v) return null;
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (m) return `${m[1]}-${m[2]}-${m[3]}T23:59:59.000Z`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (m) return `${m[3]}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}T23:59:59.000Z`;
  const t = Date.parse(v);
  return Number.isNaN(t) ? 'bad' : new Date(t).toISOString();
}

function csvBool(value: string | undefined, field: string, problems: string[]): boolean | undefined {
  const v = (value ?? '').trim().toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return v === '' ? undefined : false;
  problems.push(`${field}: use true or false`);
  return undefined;
}

export async function importCsv(ctx: RequestContext, rows: CsvRow[], defaultType?: InvitationType): Promise<InvitationImportResult> {
  const { sponsor } = ctx;
  const migrated: InvitationImportResult['MigratedInvitation'] = [];
  const notMigrated: InvitationImportResult['NotMigratedInvitation'] = [];
  if (rows.length === 0) {
    return { MigratedInvitation: [], NotMigratedInvitation: [], migrationStatus: 'failed', message: 'The file has no invitation rows.' };
  }
  const packages = await repo.sponsorPackages(ctx.db, sponsor.id);
  const byName = new Map(packages.map((p) => [p.name.toLowerCase(), p.id]));
  const ids = new Set(packages.map((p) => p.id));
  const ready: { line: number; values: Checked }[] = [];
  const codesInFile = new Map<string, number>();
  const strictEmailsInFile = new Map<string, number>();
  for (const { line, values: cells } of rows) {
    const problems: string[] = [];
    const get = (k: string) => (cells[k] ?? '').trim();
    const code = get('invitecode');
    const typeCell = get('type').toLowerCase();
    const type: InvitationType | null = typeCell
      ? typeCell === 'strict' || typeCell === 'open'
        ? typeCell
        : null
      : (defaultType ?? (code && code.toLowerCase() !== STRICT_INVITE_CODE.toLowerCase() ? 'open' : 'strict'));
    const email = get('email');
    if (!type) {
      notMigrated.push({ line, reason: `type: use strict or open (not "${get('type')}")`, inviteCode: code, email: email || null });
      continue;
    }
    let packageId: number | undefined;
    const pkg = get('packageid') || get('package');
    if (!pkg) problems.push('packageId: Package is required');
    else if (/^\d+$/.test(pkg) && ids.has(Number(pkg))) packageId = Number(pkg);
    else if (byName.has(pkg.toLowerCase())) packageId = byName.get(pkg.toLowerCase());
    else problems.push(`packageId: "${pkg}" is not a package assigned to this portal`);
    const expiry = csvDate(get('expiretime') || get('expires') || get('expiry'));
    if (expiry === 'bad') problems.push('expireTime: not a date (use YYYY-MM-DD)');
    const maxCell = get('max');
    const max = maxCell === '' ? (type === 'strict' ? undefined : Number.NaN) : Number(maxCell);
    const body: InvitationBody = {
      email: email || null,
      firstName: get('firstname') || null,
      lastName: get('lastname') || null,
      packageId: packageId ?? 0,
      expireTime: expiry === 'bad' ? null : expiry,
      localize: get('localize') || undefined,
      testAccount: csvBool(cells.testaccount, 'testAccount', problems),
      ...(type === 'open' ? { inviteCode: code, max } : code ? { inviteCode: code } : {}),
      ...(type === 'strict' && maxCell !== '' ? { max } : {}),
    };
    const { values, details } = checkFields(type, body);
    for (const d of details) if (!(d.field === 'packageId' && packageId === undefined)) problems.push(`${d.field}: ${d.message}`);
    if (type === 'open' && code && !problems.length) {
      const key = code.toLowerCase();
      const earlier = codesInFile.get(key);
      if (earlier) problems.push(`inviteCode: ${code} is already on line ${earlier}`);
      else codesInFile.set(key, line);
    }
    // One person, one pending strict invitation: a second row for the same e-mail would send two.
    if (type === 'strict' && values.email && !problems.length) {
      const key = values.email.toLowerCase();
      const earlier = strictEmailsInFile.get(key);
      if (earlier) problems.push(`email: ${values.email} already has a strict invitation on line ${earlier}`);
      else strictEmailsInFile.set(key, line);
    }
    if (problems.length)
      notMigrated.push({
        line,
        reason: problems.join('; '),
        type,
        inviteCode: code || (type === 'strict' ? STRICT_INVITE_CODE : ''),
        email: email || null,
      });
    else ready.push({ line, values });
  }
  if (ready.length > 0) {
    await ctx.db.transaction(async (tx) => {
      // Checked under the sponsor's lock, so a code taken meanwhile is reported, not a failure.
      await repo.lockSponsor(tx, sponsor.id);
      const openCodes = ready.filter((r) => r.values.type === 'open').map((r) => r.values.inviteCode!);
      const taken = await repo.takenOpenCodes(tx, sponsor.id, openCodes);
      const strictEmails = ready.filter((r) => r.values.type === 'strict' && r.values.email).map((r) => r.values.email!);
      const invited = await repo.pendingStrictEmails(tx, sponsor.id, strictEmails);
      const accepted = ready.filter((r) => {
        if (r.values.type === 'strict' && r.values.email && invited.has(r.values.email.toLowerCase())) {
          notMigrated.push({
            line: r.line,
            reason: `email: ${r.values.email} already has a pending strict invitation in this portal`,
            type: 'strict',
            inviteCode: r.values.inviteCode!,
            email: r.values.email,
          });
          return false;
        }
        if (r.values.type === 'open' && taken.has(r.values.inviteCode!.toLowerCase())) {
          notMigrated.push({
            line: r.line,
            reason: `inviteCode: ${r.values.inviteCode} is already used in this portal`,
            type: 'open',
            inviteCode: r.values.inviteCode!,
            email: r.values.email ?? null,
          });
          return false;
        }
        return true;
      });
      if (accepted.length === 0) return;
      const name = await repo.sponsorName(tx, sponsor.id);
      const now = new Date();
      for (let i = 0; i < accepted.length; i += 1000) {
        const batch = accepted.slice(i, i + 1000);
        const inserted = await repo.insertMany(
          tx,
          batch.map((r) => ({
            ...r.values,
            sponsorId: sponsor.id,
            createdByUserId: ctx.actor.userId,
            lastSentAt: r.values.email ? now : null,
          })),
        );
        const mails = [];
        for (let j = 0; j < batch.length; j++) {
          const r = batch[j]!;
          const id = inserted[j]!.id;
          migrated.push({
            line: r.line,
            reason: 'Imported',
            id,
            type: r.values.type,
            inviteCode: r.values.inviteCode!,
            email: r.values.email ?? null,
          });
          if (r.values.email)
            mails.push(invitationEmail({ ...(r.values as repo.InvitationRow), id, sponsorId: sponsor.id }, name, ctx.publicUrl));
        }
        await enqueueOutboxJobs(tx, await repo.enqueueEmails(tx, mails));
      }
      notMigrated.sort((a, b) => a.line - b.line);
      await writeAudit(tx, ctx.actor, {
        action: 'invitation.import',
        sponsorId: sponsor.id,
        targetType: 'invitation',
        logJson: { imported: migrated.length, rejected: notMigrated.length, rejectedLines: notMigrated.slice(0, 100).map((n) => n.line) },
      });
    });
  }
  notMigrated.sort((a, b) => a.line - b.line);
  const migrationStatus = migrated.length === 0 ? 'failed' : notMigrated.length === 0 ? 'success' : 'partial';
  const message =
    migrationStatus === 'success'
      ? `${migrated.length} invitation${migrated.length === 1 ? ' was' : 's were'} imported.`
      : migrationStatus === 'partial'
        ? `${migrated.length} invitation${migrated.length === 1 ? ' was' : 's were'} imported; ${notMigrated.length} line${notMigrated.length === 1 ? ' was' : 's were'} not.`
        : 'No invitation was imported. Correct the lines listed and try again.';
  return { MigratedInvitation: migrated, NotMigratedInvitation: notMigrated, migrationStatus, message };
}
