import type { AuditEntry } from '@vault/contract';
import { targetName } from '@vault/contract';

/** Screens that show the same data whichever portal is chosen. */
const SPONSOR_FREE = new Set(['sponsor', 'base_package']);

const PERSON = new Set(['user', 'vault_holder', 'sponsor_admin', 'sponsored_advisor']);

/**
 * The portal screen of an entry's target, or null when there is none to open: the target has no
 * screen, no longer exists, or lives in another portal than the chosen one (its screens read the
 * chosen portal's data).
 */
export function targetPath(entry: AuditEntry, chosenSponsorId: number, info: Record<string, unknown> = {}): string | null {
  const type = entry.targetType;
  const id = entry.targetId;
  if (!type) return null;
  if (!SPONSOR_FREE.has(type) && (chosenSponsorId === 0 || (entry.sponsorId !== null && entry.sponsorId !== chosenSponsorId))) return null;
  const ref = entry.targetRef ?? {};
  const num = id && /^\d+$/.test(id) ? id : null;
  if (PERSON.has(type) && num) {
    // A person is opened on the screen of what they are in this portal.
    if (ref.vaultId && type !== 'sponsor_admin' && type !== 'sponsored_advisor') return `/vaultdetails/${ref.vaultId}`;
    if (ref.said && type !== 'sponsored_advisor' && type !== 'vault_holder') return `/sponsor-admin/${num}/said/${ref.said}`;
    if (ref.staid && type !== 'sponsor_admin' && type !== 'vault_holder') return `/sponsor-trusted-advisors/${num}/staid/${ref.staid}`;
    return null;
  }
  switch (type) {
    case 'vault':
      return num ? `/vaultdetails/${num}` : null;
    case 'advisor':
      return num ? `/trusted-advisor/${num}` : null;
    case 'sponsor':
      return num ? `/sponsor/${num}` : null;
    case 'sub_portal':
      return ref.groupCode ? `/advisor-portal-details/${encodeURIComponent(ref.groupCode)}` : null;
    case 'invitation':
      return typeof info.inviteCode === 'string' && info.inviteCode
        ? `/invitation?field=inviteCode&q=${encodeURIComponent(info.inviteCode)}`
        : '/invitation';
    case 'base_package':
      return '/basepackages';
    case 'package_sponsor':
    case 'packagesponsor':
    case 'package':
      return '/packages';
    case 'failed_upload':
      return '/upload-failed-files';
    case 'sponsor_integration':
    case 'integration':
      return '/app-integrations';
    case 'sponsor_authorization':
    case 'authorization':
      return '/sponsor-authorization';
    default:
      return null;
  }
}

/** "Vault holder anna@example.com", "Invitation SPRING-50", "Portal #3". */
export function targetText(entry: AuditEntry, info: Record<string, unknown> = {}): string {
  if (!entry.targetType) return '—';
  const name = targetName(entry.targetType);
  const what = [info.email, info.name, info.inviteCode, info.fileName].find((v) => typeof v === 'string' && v.trim() !== '');
  if (what) return `${name} ${what}`;
  return entry.targetId ? `${name} #${entry.targetId}` : name;
}
