import { entryHash, GENESIS_HASH } from '../../../modules/audit/chain/canonical.js';
import { AUDIT_ACTIONS } from '../random.js';
import { line, type Session } from './copy.js';
import { DAY, type LoadStep, pickIndex } from './holders.js';

/**
 * The text PostgreSQL answers for a jsonb holding `value` (what the chain hashes as logJson): object
 * keys shorter first, then by their bytes, with ", " and ": " between. For the seed's own details
 * only: strings, whole numbers and nested objects.
 */
export function jsonbText(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value).sort(
      (a, b) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)),
    );
    return `{${keys.map((k) => `${JSON.stringify(k)}: ${jsonbText((value as Record<string, unknown>)[k])}`).join(', ')}}`;
  }
  throw new TypeError(`the seed writes no ${typeof value} into logJson`);
}

/**
 * The monthly partitions of audit_log (migration 0029) for every month from `from` to `to`, made before
 * a load: entries of a month without one would land in the DEFAULT partition, which is never purged.
 */
export async function ensureAuditMonths(s: Pick<Session, 'query'>, from: number, to: number) {
  await s.query(
    `select audit_log_ensure_month(m at time zone 'UTC')
       from generate_series(date_trunc('month', $1::timestamptz at time zone 'UTC'), $2::timestamptz at time zone 'UTC', interval '1 month') as m`,
    [new Date(from).toISOString(), new Date(to).toISOString()],
  );
}

/** The chains' heads the load continues: (portal or 0) → last seq and hash. */
export type ChainHeads = Map<number, { seq: number; hash: string }>;

export async function chainHeadsOf(s: Session): Promise<ChainHeads> {
  const rows = await s.query<{ chain: number; seq: number | string; hash: string }>(
    `select distinct on (coalesce(sponsor_id, 0)) coalesce(sponsor_id, 0) as chain, chain_seq as seq, hash
       from audit_log order by coalesce(sponsor_id, 0), chain_seq desc`,
  );
  return new Map(rows.map((r) => [Number(r.chain), { seq: Number(r.seq), hash: r.hash }]));
}

/**
 * Audit entries in time order over auditDays, acting on a sample of each sponsor's holders. COPY
 * runs with the chain trigger off (a trigger per row would look up each chain's head), so each
 * entry's seq, prevHash and hash are computed here, by the same canonical form, continuing `heads`.
 */
export async function loadAudit(
  s: Session,
  { rnd, now, chunk, log, ref, weights }: LoadStep,
  total: number,
  auditDays: number,
  sampleHolders: number[][],
  firstId: number,
  heads: ChainHeads,
) {
  const { sponsorIds, adminBySponsor } = ref;
  const { cumulative, acc } = weights;
  let auditId = firstId;
  const actions = AUDIT_ACTIONS;
  const actionCumulative = new Float64Array(actions.length);
  let aacc = 0;
  actions.forEach(([, w], i) => {
    aacc += w;
    actionCumulative[i] = aacc;
  });
  const span = auditDays * DAY;
  const t0 = now - span;
  for (let done = 0; done < total; done += chunk) {
    const n = Math.min(chunk, total - done);
    const a: string[] = [];
    for (let k = 0; k < n; k++) {
      auditId++;
      const i = done + k;
      const at = new Date(t0 + ((i + rnd.next()) / total) * span);
      const si = pickIndex(cumulative, rnd.next() * acc);
      const sid = sponsorIds[si]!;
      const action = actions[pickIndex(actionCumulative, rnd.next() * aacc)]![0];
      const admin = adminBySponsor[si]!;
      const sample = sampleHolders[si]!;
      const target = sample.length ? sample[Math.floor(rnd.next() * sample.length)]! : admin.id;
      const failed = action === 'auth.login_failed';
      const isAuth = action.startsWith('auth.');
      const content = {
        id: auditId,
        occurredAt: at.toISOString().replace(/Z$/, '000Z'),
        actorUserId: failed ? null : admin.id,
        actorEmail: failed ? null : admin.email,
        actorSponsorId: failed ? null : sid,
        sponsorId: failed ? null : sid,
        action,
        targetType: isAuth ? 'user' : action.split('.')[0]!,
        targetId: failed ? null : String(isAuth ? admin.id : target),
        outcome: failed ? 'failure' : 'success',
        clientIp: `198.51.100.${(i % 250) + 2}`,
      };
      const details = failed
        ? { username: admin.email, reason: 'invalid credentials' }
        : isAuth
          ? {}
          : { userId: target, statusId: (i % 4) + 1 };
      const chain = content.sponsorId ?? 0;
      const head = heads.get(chain) ?? { seq: 0, hash: GENESIS_HASH };
      const seq = head.seq + 1;
      const hash = entryHash(head.hash, { ...content, seq, logJson: jsonbText(details) });
      a.push(
        line([
          auditId,
          at,
          content.actorUserId,
          content.actorEmail,
          content.actorSponsorId,
          content.sponsorId,
          action,
          content.targetType,
          content.targetId,
          content.outcome,
          content.clientIp,
          details,
          seq,
          head.hash,
          hash,
        ]),
      );
      heads.set(chain, { seq, hash });
    }
    await s.copy(
      'audit_log',
      [
        'id',
        'occurred_at',
        'actor_user_id',
        'actor_email',
        'actor_sponsor_id',
        'sponsor_id',
        'action',
        'target_type',
        'target_id',
        'outcome',
        'client_ip',
        'log_json',
        'chain_seq',
        'prev_hash',
        'hash',
      ],
      a.join(''),
    );
    if (done + n < total && (done / chunk) % 10 === 9) log(`    … ${done + n} audit entries`);
  }
}
