import { documents, users, vaultAdvisors, vaultHolders, vaults } from '../../schema/index.js';
import { DOCUMENT_NAMES, ENTITY_TYPES, ORGANIZATIONS } from '../random.js';
import type { DemoPackages } from './packages.js';
import type { DemoAdmins, DemoAdvisors } from './people.js';
import type { DemoPortals } from './portals.js';
import { DAY, daysAgo, insertMany, MiB, makePeople, type SeedCtx } from './shared.js';

export const DEMO_HOLDERS = 300;

export const ARCHIVE_REASONS = [
  'Client relationship ended; account transferred to another firm. Ticket #',
  'Holder deceased; estate settled and documents released to executor. Ticket #',
  'Duplicate vault created during CSV import, merged into primary vault. Ticket #',
  'Client requested closure of the vault after moving abroad. Ticket #',
];

export type DemoVaults = Awaited<ReturnType<typeof seedVaults>>;

/** Vault holders, their vaults and documents, and the advisors who may see each vault. */
export async function seedVaults(
  { tx, rnd, now }: SeedCtx,
  {
    S,
    staff,
    groupsBySponsor,
    templateRows,
    packagesBySponsor,
    mainAdminBySponsor,
    advisorsBySponsor,
  }: Pick<DemoPortals, 'S' | 'groupsBySponsor' | 'templateRows'> &
    Pick<DemoPackages, 'packagesBySponsor'> &
    Pick<DemoAdmins, 'mainAdminBySponsor'> &
    Pick<DemoAdvisors, 'advisorsBySponsor'> & { staff: { id: number } | undefined },
) {
  const weights = S.map((s) => [s, s.def.weight] as const);
  const holderSponsors = Array.from({ length: DEMO_HOLDERS }, (_, i) => (i < S.length ? S[i]! : rnd.weighted(weights)));
  const statusCycle = [1, 2, 3, 4]; // the first holders of the first sponsor cover every status
  const holderPeople = makePeople(rnd, DEMO_HOLDERS, new Set());
  const holderUsers = holderPeople.map((p, i) => {
    const statusId =
      i < statusCycle.length
        ? statusCycle[i]!
        : rnd.weighted([
            [1, 62],
            [3, 18],
            [2, 10],
            [4, 10],
          ] as const);
    const createdAt = daysAgo(now, rnd, 720, statusId === 3 ? 0 : 15);
    const activated = statusId !== 3;
    return {
      role: 'vault_holder' as const,
      sponsorId: holderSponsors[i]!.id,
      email: p.email,
      firstName: p.first,
      middleName: p.middle,
      lastName: p.last,
      statusId,
      testAccount: rnd.chance(0.04),
      mfaEnabled: activated && rnd.chance(0.35),
      localize: rnd.weighted([
        ['en', 90],
        ['es', 7],
        ['fr', 3],
      ] as const),
      activatedAt: activated ? new Date(createdAt.getTime() + rnd.int(1, 10) * DAY) : null,
      lastLoginAt:
        statusId === 1
          ? rnd.chance(0.9)
            ? daysAgo(now, rnd, 60)
            : null
          : activated && rnd.chance(0.5)
            ? daysAgo(now, rnd, 365, 60)
            : null,
      createdAt,
    };
  });
  const holderIds = ((await insertMany(tx, users, holderUsers, { id: users.id })) as { id: number }[]).map((r) => r.id);
  await insertMany(
    tx,
    vaultHolders,
    holderIds.map((userId, i) => ({
      userId,
      sponsorId: holderSponsors[i]!.id,
      organizationName: rnd.chance(0.2) ? rnd.pick(ORGANIZATIONS) : null,
      createdAt: holderUsers[i]!.createdAt,
    })),
  );
  const docRows: (typeof documents.$inferInsert & { vaultIndex: number })[] = [];
  const vaultRows = holderIds.map((holderUserId, i) => {
    const s = holderSponsors[i]!;
    const u = holderUsers[i]!;
    const tag = rnd.weighted([
      ['individual', 6],
      ['family', 3],
      ['business', 2],
    ] as const);
    const archived = u.statusId === 4;
    const docCount = u.statusId === 3 ? (rnd.chance(0.2) ? rnd.int(1, 2) : 0) : rnd.int(0, 18);
    let used = 0;
    for (let d = 0; d < docCount; d++) {
      const sizeBytes = rnd.chance(0.1) ? rnd.int(5 * MiB, 60 * MiB) : rnd.int(40_000, 3 * MiB);
      used += sizeBytes;
      docRows.push({
        vaultIndex: i,
        vaultId: 0,
        name: rnd.pick(DOCUMENT_NAMES),
        sizeBytes,
        uploadedAt: new Date(u.createdAt.getTime() + rnd.next() * (now - u.createdAt.getTime())),
      });
    }
    const sponsorTemplates = templateRows.filter((t) => t.sponsorId === s.id);
    const archivedBy = mainAdminBySponsor.get(s.id)!;
    return {
      holderUserId,
      sponsorId: s.id,
      packageId: rnd.chance(0.95) ? rnd.pick(packagesBySponsor.get(s.id)!) : null,
      license: rnd.weighted([
        ['trial', 2],
        ['monthly', 5],
        ['annual', 4],
      ] as const),
      tag,
      entityType: tag === 'business' ? rnd.pick(['LLC', 'Corporation', 'Partnership']) : rnd.chance(0.5) ? rnd.pick(ENTITY_TYPES) : null,
      groupId: rnd.chance(0.5) ? rnd.pick(groupsBySponsor.get(s.id)!) : null,
      templateId: rnd.chance(0.6) && sponsorTemplates.length ? rnd.pick(sponsorTemplates).id : null,
      storageUsedBytes: used,
      archivedAt: archived ? daysAgo(now, rnd, 120, 1) : null,
      archivedByUserId: archived ? (rnd.chance(0.5) ? archivedBy.id : (staff?.id ?? archivedBy.id)) : null,
      archiveReason: archived ? `${rnd.pick(ARCHIVE_REASONS)}${rnd.int(10_000, 99_999)}` : null,
      createdAt: u.createdAt,
    };
  });
  const vaultIds = ((await insertMany(tx, vaults, vaultRows, { id: vaults.id })) as { id: number }[]).map((r) => r.id);
  await insertMany(
    tx,
    documents,
    docRows.map(({ vaultIndex, ...d }) => ({ ...d, vaultId: vaultIds[vaultIndex]! })),
  );
  const vaRows: { vaultId: number; advisorUserId: number }[] = [];
  vaultIds.forEach((vaultId, i) => {
    const pool = advisorsBySponsor.get(holderSponsors[i]!.id) ?? [];
    if (!pool.length || rnd.chance(0.35)) return;
    for (const advisorUserId of rnd.sample(pool, rnd.int(1, Math.min(3, pool.length)))) vaRows.push({ vaultId, advisorUserId });
  });
  await insertMany(tx, vaultAdvisors, vaRows);
  return { weights, holderSponsors, holderUsers, holderIds, vaultRows, vaultIds, docRows };
}
