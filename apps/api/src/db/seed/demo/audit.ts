import { ensureMonth } from '../../../modules/audit/retention/purge.repo.js';
import { auditLog } from '../../schema/index.js';
import { AUDIT_ACTIONS, DOCUMENT_NAMES } from '../random.js';
import type { DemoInvitations } from './invitations.js';
import type { DemoPackages } from './packages.js';
import { ADMIN_TITLES, type DemoAdmins, type DemoAdvisors } from './people.js';
import { daysAgo, demoIp, insertMany, type SeedCtx } from './shared.js';
import { ARCHIVE_REASONS, type DemoVaults } from './vaults.js';

/** Audit entries over the last 60 days. */
export async function seedAudit(
  { tx, rnd, now }: SeedCtx,
  {
    staffActor,
    adminIds,
    mainAdminBySponsor,
    advisorIds,
    advisorUsers,
    advisorsBySponsor,
    packagesBySponsor,
    weights,
    holderSponsors,
    holderUsers,
    holderIds,
    vaultRows,
    vaultIds,
    invRows,
    invIds,
    redemptionRows,
    failRows,
  }: DemoAdmins &
    DemoAdvisors &
    Pick<DemoPackages, 'packagesBySponsor'> &
    Omit<DemoVaults, 'docRows'> &
    DemoInvitations & { staffActor: { id: number | null; email: string }; failRows: unknown[] },
) {
  const holdersBySponsor = new Map<number, number[]>();
  holderSponsors.forEach((hs, k) => {
    holdersBySponsor.set(hs.id, [...(holdersBySponsor.get(hs.id) ?? []), k]);
  });
  const auditRows: (typeof auditLog.$inferInsert)[] = [];
  for (let i = 0; i < 1500; i++) {
    const action = rnd.weighted(AUDIT_ACTIONS);
    const s = rnd.weighted(weights);
    const byStaff = rnd.chance(0.3);
    const actor = byStaff ? staffActor : mainAdminBySponsor.get(s.id)!;
    const holder = rnd.pick(holdersBySponsor.get(s.id)!);
    const u = holderUsers[holder]!;
    const base = {
      sponsorId: s.id,
      actorUserId: actor.id,
      actorEmail: actor.email,
      actorSponsorId: byStaff ? null : s.id,
      clientIp: demoIp(rnd),
    };
    const entry = ((): Partial<typeof auditLog.$inferInsert> => {
      switch (action) {
        case 'auth.login':
        case 'auth.logout':
          return { targetType: 'user', targetId: String(actor.id), sponsorId: byStaff ? null : s.id };
        case 'auth.login_failed':
          return {
            targetType: 'user',
            targetId: null,
            outcome: 'failure',
            sponsorId: null,
            actorUserId: null,
            actorEmail: null,
            actorSponsorId: null,
            logJson: { username: actor.email, reason: 'invalid credentials' },
          };
        case 'vault_holder.create':
          return {
            targetType: 'vault_holder',
            targetId: String(holderIds[holder]),
            logJson: {
              vaultId: vaultIds[holder],
              email: u.email,
              firstName: u.firstName,
              lastName: u.lastName,
              packageId: vaultRows[holder]!.packageId,
              tag: vaultRows[holder]!.tag,
              sendActivationEmail: rnd.chance(0.6),
            },
          };
        case 'vault_holder.archive':
          return {
            targetType: 'vault_holder',
            targetId: String(holderIds[holder]),
            logJson: {
              vaultId: vaultIds[holder],
              deleteReason: `${rnd.pick(ARCHIVE_REASONS)}${rnd.int(10_000, 99_999)}`,
              documents: rnd.int(0, 18),
            },
          };
        case 'vault_holder.activate':
          return {
            targetType: 'vault_holder',
            targetId: String(holderIds[holder]),
            logJson: { email: u.email, statusId: { from: 3, to: 1 } },
          };
        case 'vault_holder.deactivate':
          return {
            targetType: 'vault_holder',
            targetId: String(holderIds[holder]),
            logJson: { email: u.email, statusId: { from: 1, to: 2 } },
          };
        case 'vault_holder.password_reset':
        case 'vault_holder.activation_email':
          return { targetType: 'vault_holder', targetId: String(holderIds[holder]), logJson: { email: u.email, emailQueued: true } };
        case 'vault_holder.test_account':
          return { targetType: 'vault_holder', targetId: String(holderIds[holder]), logJson: { testAccount: { from: false, to: true } } };
        case 'vault_holder.import':
          return {
            targetType: 'import',
            targetId: null,
            logJson: { fileName: `holders-${rnd.int(1, 12)}.csv`, totalRows: rnd.int(20, 400), imported: rnd.int(15, 380) },
          };
        case 'invitation.create':
        case 'invitation.update':
        case 'invitation.resend': {
          const inv = rnd.int(0, invRows.length - 1);
          return {
            sponsorId: invRows[inv]!.sponsorId,
            targetType: 'invitation',
            targetId: String(invIds[inv]),
            logJson: { type: invRows[inv]!.type, inviteCode: invRows[inv]!.inviteCode, email: invRows[inv]!.email ?? null },
          };
        }
        case 'sponsored_advisor.create':
        case 'sponsored_advisor.update': {
          const pool = advisorsBySponsor.get(s.id) ?? advisorIds;
          const a = rnd.pick(pool);
          return {
            targetType: 'sponsored_advisor',
            targetId: String(a),
            logJson: {
              email: advisorUsers[advisorIds.indexOf(a)]!.email,
              hasDocumentReviewAccess: rnd.chance(0.5),
              showInContacts: true,
            },
          };
        }
        case 'sponsor_admin.create':
          return {
            targetType: 'sponsor_admin',
            targetId: String(rnd.pick(adminIds).id),
            logJson: { title: rnd.pick(ADMIN_TITLES), hasPrivateFoldersAccess: true },
          };
        case 'package_sponsor.assign':
        case 'package_sponsor.reprice': {
          // As the packages service writes them: integer cents beside the currency.
          const pkg = rnd.pick(packagesBySponsor.get(s.id)!);
          const cents = rnd.pick([999, 1799, 34900]);
          const priceSaleCents = action === 'package_sponsor.assign' ? cents : { from: cents, to: cents + 500 };
          return { targetType: 'package_sponsor', targetId: null, logJson: { packageId: pkg, currency: 'USD', priceSaleCents } };
        }
        case 'vault_holder.reset_mfa':
          return { targetType: 'vault_holder', targetId: String(holderIds[holder]), logJson: { email: u.email, kind: 'vault' } };
        default:
          return {
            targetType: 'failed_upload',
            targetId: String(rnd.int(1, failRows.length)),
            logJson: { fileName: rnd.pick(DOCUMENT_NAMES) },
          };
      }
    })();
    auditRows.push({ ...base, action, occurredAt: daysAgo(now, rnd, 60), outcome: 'success', logJson: {}, ...entry });
  }
  // Each redemption's entry, as the redemption route writes it (the Overview's invitation funnel counts these).
  const invIndex = new Map(invIds.map((id, i) => [id, i]));
  for (const r of redemptionRows) {
    const inv = invRows[invIndex.get(r.invitationId)!]!;
    auditRows.push({
      sponsorId: inv.sponsorId,
      actorUserId: null,
      actorEmail: 'integration:crm',
      actorSponsorId: inv.sponsorId,
      action: 'invitation.redeem',
      targetType: 'invitation',
      targetId: String(r.invitationId),
      occurredAt: r.redeemedAt,
      outcome: 'success',
      logJson: { email: r.email, inviteCode: inv.inviteCode, type: inv.type },
    });
  }
  auditRows.sort((a, b) => (a.occurredAt as Date).getTime() - (b.occurredAt as Date).getTime());
  // Each month's partition first (migration 0029): entries of a month without one would stay in the DEFAULT partition for good.
  for (const month of new Set(auditRows.map((r) => (r.occurredAt as Date).toISOString().slice(0, 7))))
    await ensureMonth(tx, new Date(`${month}-01T00:00:00Z`));
  await insertMany(tx, auditLog, auditRows);
  return { auditRows };
}
