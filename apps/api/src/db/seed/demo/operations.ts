import { createHash } from 'node:crypto';
import { INTEGRATION_SCOPES } from '@vault/contract';
import { appIntegrations, emailOutbox, failedUploads, sponsorAuthorizations, sponsorIntegrations } from '../../schema/index.js';
import { DOCUMENT_NAMES } from '../random.js';
import type { DemoAdmins } from './people.js';
import type { DemoPortals } from './portals.js';
import { DAY, daysAgo, GiB, insertMany, MiB, type SeedCtx } from './shared.js';
import type { DemoVaults } from './vaults.js';

const FAILED_DETAILS: Record<'too_large' | 'virus' | 'type' | 'storage_error', string> = {
  too_large: 'File exceeds the 250 MB upload limit.',
  virus: 'Malware scan reported Win.Trojan.Agent-1234 in the file.',
  type: 'Executable and script files cannot be stored in a vault.',
  storage_error: 'Object storage timed out after 3 attempts (HTTP 503).',
};

/** Integrations: the catalogue, a few enabled per sponsor with hashed keys, and authorizations. */
export async function seedIntegrations(
  { tx, rnd, now }: SeedCtx,
  { S, mainAdminBySponsor }: Pick<DemoPortals, 'S'> & Pick<DemoAdmins, 'mainAdminBySponsor'>,
) {
  const catalog = await tx.select({ id: appIntegrations.id, code: appIntegrations.code }).from(appIntegrations);
  const integrationRows: (typeof sponsorIntegrations.$inferInsert)[] = [];
  for (const s of S.slice(0, 5)) {
    for (const app of rnd.sample(catalog, rnd.int(1, 3))) {
      const key = `vk_${s.sponsorCode.toLowerCase()}_${Array.from({ length: 32 }, () => rnd.int(0, 35).toString(36)).join('')}`;
      integrationRows.push({
        sponsorId: s.id,
        integrationId: app.id,
        config:
          app.code === 'webhook'
            ? { url: `https://hooks.${s.sponsorCode.toLowerCase()}.example/vault-events`, events: ['vault.created', 'upload.failed'] }
            : app.code === 'crm'
              ? { instance: `${s.sponsorCode.toLowerCase()}.crm.example`, syncDirection: 'both' }
              : { account: `${s.sponsorCode}-${rnd.int(1000, 9999)}` },
        enabled: rnd.chance(0.85),
        apiKeyHash: createHash('sha256').update(key).digest('hex'),
        apiKeyPrefix: key.slice(0, 11),
        keyRotatedAt: rnd.chance(0.3) ? daysAgo(now, rnd, 60) : null,
        createdAt: daysAgo(now, rnd, 200, 60),
      });
    }
  }
  const siRows = (await insertMany(tx, sponsorIntegrations, integrationRows, {
    id: sponsorIntegrations.id,
    sponsorId: sponsorIntegrations.sponsorId,
  })) as { id: number; sponsorId: number }[];
  await insertMany(
    tx,
    sponsorAuthorizations,
    siRows.map((si, i) => ({
      sponsorId: si.sponsorId,
      sponsorIntegrationId: si.id,
      scopes: rnd.sample([...INTEGRATION_SCOPES], rnd.int(1, 3)),
      expiresAt: i % 3 === 0 ? new Date(now + 180 * DAY) : null,
      revokedAt: i % 5 === 4 ? daysAgo(now, rnd, 20) : null,
      lastUsedAt: i % 5 === 4 ? null : daysAgo(now, rnd, 5),
      createdByUserId: mainAdminBySponsor.get(si.sponsorId)!.id,
      createdAt: daysAgo(now, rnd, 60, 20),
    })),
  );
  return { siRows };
}

/** Failed uploads: every reason and status. */
export async function seedFailedUploads(
  { tx, rnd, now }: SeedCtx,
  {
    siRows,
    vaultIds,
    holderSponsors,
    holderIds,
    mainAdminBySponsor,
  }: Awaited<ReturnType<typeof seedIntegrations>> &
    Pick<DemoVaults, 'vaultIds' | 'holderSponsors' | 'holderIds'> &
    Pick<DemoAdmins, 'mainAdminBySponsor'>,
) {
  const reasons = ['too_large', 'virus', 'type', 'storage_error'] as const;
  const failRows = Array.from({ length: 36 }, (_, i) => {
    const vi = rnd.int(0, vaultIds.length - 1);
    const reason = reasons[i % reasons.length]!;
    const status: 'failed' | 'retry_requested' | 'dismissed' = i < 24 ? 'failed' : rnd.pick(['retry_requested', 'dismissed'] as const);
    const ext = reason === 'type' ? rnd.pick(['.exe', '.js', '.bat']) : reason === 'too_large' ? '.mov' : '.pdf';
    const si = siRows.find((r) => r.sponsorId === holderSponsors[vi]!.id);
    return {
      sponsorId: holderSponsors[vi]!.id,
      vaultId: vaultIds[vi]!,
      holderUserId: holderIds[vi]!,
      fileName: rnd.pick(DOCUMENT_NAMES).replace(/\.[a-z]+$/, ext),
      sizeBytes: reason === 'too_large' ? rnd.int(260 * MiB, 2 * GiB) : rnd.int(20_000, 8 * MiB),
      contentType: ext === '.pdf' ? 'application/pdf' : ext === '.mov' ? 'video/quicktime' : 'application/octet-stream',
      reason,
      detail: FAILED_DETAILS[reason],
      status,
      reportedBySponsorIntegrationId: si && rnd.chance(0.5) ? si.id : null,
      occurredAt: i < 4 ? new Date(now - rnd.int(1, 20) * 3_600_000) : daysAgo(now, rnd, 30),
      resolvedAt: status === 'failed' ? null : daysAgo(now, rnd, 1),
      resolvedByUserId: status === 'failed' ? null : mainAdminBySponsor.get(holderSponsors[vi]!.id)!.id,
    };
  });
  await insertMany(tx, failedUploads, failRows);
  return { failRows };
}

/** E-mail outbox: sent, pending and failed messages. */
export async function seedOutbox({ tx, rnd, now }: SeedCtx, { holderIds, holderUsers }: Pick<DemoVaults, 'holderIds' | 'holderUsers'>) {
  const outRows = Array.from({ length: 12 }, (_, i) => {
    const vi = rnd.int(0, holderIds.length - 1);
    const u = holderUsers[vi]!;
    const template = rnd.pick(['activation', 'password_reset', 'invitation'] as const);
    const status: 'sent' | 'queued' | 'failed' = i < 7 ? 'sent' : i < 10 ? 'queued' : 'failed';
    const created = daysAgo(now, rnd, 7);
    return {
      sponsorId: u.sponsorId,
      toAddress: u.email,
      subject:
        template === 'activation'
          ? 'Activate your vault'
          : template === 'password_reset'
            ? 'Reset your vault password'
            : 'You are invited to a secure document vault',
      bodyText: `Hello ${u.firstName},\n\nThis is a demo message (${template}). The link it carried has expired.\n`,
      template,
      status,
      attempts: status === 'sent' ? 1 : status === 'failed' ? 5 : 0,
      nextAttemptAt: created,
      lastError: status === 'failed' ? '550 5.1.1 mailbox unavailable' : null,
      createdAt: created,
      sentAt: status === 'sent' ? new Date(created.getTime() + 4000) : null,
    };
  });
  await insertMany(tx, emailOutbox, outRows);
}
