import { DOCUMENT_NAMES, EMAIL_DOMAINS, ENTITY_TYPES, emailLocal, FIRST_NAMES, LAST_NAMES, type Random } from '../random.js';
import { line, type Session } from './copy.js';
import type { ReferenceData } from './reference.js';

export const DAY = 86_400_000;

/** Binary search in a cumulative weight table. */
export function pickIndex(cumulative: Float64Array, r: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! > r) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Holder share per sponsor falls off like 1/rank: the first sponsor is the largest. */
export function sponsorWeights(count: number) {
  const cumulative = new Float64Array(count);
  let acc = 0;
  for (let i = 0; i < count; i++) {
    acc += 1 / (i + 1);
    cumulative[i] = acc;
  }
  return { cumulative, acc };
}

export interface LoadStep {
  rnd: Random;
  now: number;
  chunk: number;
  log: (line: string) => void;
  ref: ReferenceData;
  weights: ReturnType<typeof sponsorWeights>;
}

/** Users + vault_holders + vaults (+ documents), generated in chunks and copied; ids continue after the given ones. */
export async function loadHolders(
  s: Session,
  { rnd, now, chunk, log, ref, weights }: LoadStep,
  holders: number,
  docsPerVault: number,
  ids: { userId: number; vaultId: number; docId: number },
) {
  const { sponsorIds, pkgBySponsor, groupsBySponsor, templatesBySponsor, adminBySponsor } = ref;
  const { cumulative, acc } = weights;
  let { userId, vaultId, docId } = ids;
  const holdersPerSponsor = new Array<number>(sponsorIds.length).fill(0);
  const sampleHolders: number[][] = sponsorIds.map(() => []);
  let docs = 0;
  for (let done = 0; done < holders; done += chunk) {
    const n = Math.min(chunk, holders - done);
    const u: string[] = [];
    const h: string[] = [];
    const v: string[] = [];
    const d: string[] = [];
    for (let k = 0; k < n; k++) {
      userId++;
      vaultId++;
      const si = pickIndex(cumulative, rnd.next() * acc);
      const sid = sponsorIds[si]!;
      holdersPerSponsor[si]!++;
      if (sampleHolders[si]!.length < 2000) sampleHolders[si]!.push(userId);
      const first = rnd.pick(FIRST_NAMES);
      const last = rnd.pick(LAST_NAMES);
      const r = rnd.next();
      const status = r < 0.7 ? 1 : r < 0.8 ? 2 : r < 0.92 ? 3 : 4;
      const created = new Date(now - rnd.next() * 1500 * DAY);
      const activated = status === 3 ? null : new Date(created.getTime() + DAY);
      const lastLogin = status === 1 && rnd.next() < 0.85 ? new Date(now - rnd.next() * 90 * DAY) : null;
      u.push(
        line([
          userId,
          'vault_holder',
          sid,
          `${emailLocal(first, last)}.${userId}@${rnd.pick(EMAIL_DOMAINS)}`,
          first,
          rnd.next() < 0.2 ? 'J.' : null,
          last,
          status,
          rnd.next() < 0.02,
          lastLogin,
          activated,
          created,
          created,
        ]),
      );
      h.push(line([userId, sid, rnd.next() < 0.1 ? 'Holdings LLC' : null, created, created]));
      const tag = r < 0.6 ? 'individual' : r < 0.85 ? 'family' : 'business';
      const pkgs = pkgBySponsor[si]!;
      const groups = groupsBySponsor[si]!;
      const tpls = templatesBySponsor[si]!;
      const docCount = status === 3 ? 0 : Math.floor(rnd.next() * (2 * docsPerVault + 1));
      let used = 0;
      for (let j = 0; j < docCount; j++) {
        const size = 20_000 + Math.floor(rnd.next() * 3_000_000);
        used += size;
        docId++;
        d.push(
          line([docId, vaultId, rnd.pick(DOCUMENT_NAMES), size, new Date(created.getTime() + rnd.next() * (now - created.getTime()))]),
        );
      }
      docs += docCount;
      const archived = status === 4;
      v.push(
        line([
          vaultId,
          userId,
          sid,
          pkgs.length ? pkgs[Math.floor(rnd.next() * pkgs.length)] : null,
          r < 0.2 ? 'trial' : r < 0.6 ? 'monthly' : 'annual',
          tag,
          rnd.next() < 0.3 ? rnd.pick(ENTITY_TYPES) : null,
          groups.length && rnd.next() < 0.4 ? groups[Math.floor(rnd.next() * groups.length)] : null,
          tpls.length && rnd.next() < 0.5 ? tpls[Math.floor(rnd.next() * tpls.length)] : null,
          used,
          archived ? new Date(now - rnd.next() * 200 * DAY) : null,
          archived ? adminBySponsor[si]!.id : null,
          archived ? `Client relationship ended; vault archived on request. Ticket #${10_000 + (userId % 90_000)}` : null,
          created,
          created,
        ]),
      );
    }
    await s.copy(
      'users',
      [
        'id',
        'role',
        'sponsor_id',
        'email',
        'first_name',
        'middle_name',
        'last_name',
        'status_id',
        'test_account',
        'last_login_at',
        'activated_at',
        'created_at',
        'updated_at',
      ],
      u.join(''),
    );
    await s.copy('vault_holders', ['user_id', 'sponsor_id', 'organization_name', 'created_at', 'updated_at'], h.join(''));
    await s.copy(
      'vaults',
      [
        'id',
        'holder_user_id',
        'sponsor_id',
        'package_id',
        'license',
        'tag',
        'entity_type',
        'group_id',
        'template_id',
        'storage_used_bytes',
        'archived_at',
        'archived_by_user_id',
        'archive_reason',
        'created_at',
        'updated_at',
      ],
      v.join(''),
    );
    if (d.length) await s.copy('documents', ['id', 'vault_id', 'name', 'size_bytes', 'uploaded_at'], d.join(''));
    if (done + n < holders && (done / chunk) % 5 === 4) log(`    … ${done + n} holders`);
  }
  return { sampleHolders, docs };
}
