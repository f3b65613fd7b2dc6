import { AUDIT_ACTIONS } from '../random.js';
import { line, type Session } from './copy.js';
import { DAY, type LoadStep, pickIndex } from './holders.js';

/** Audit entries in time order over auditDays, acting on a sample of each sponsor's holders. */
export async function loadAudit(
  s: Session,
  { rnd, now, chunk, log, ref, weights }: LoadStep,
  total: number,
  auditDays: number,
  sampleHolders: number[][],
  firstId: number,
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
      a.push(
        line([
          auditId,
          at,
          failed ? null : admin.id,
          failed ? null : admin.email,
          failed ? null : sid,
          failed ? null : sid,
          action,
          isAuth ? 'user' : action.split('.')[0],
          failed ? null : String(isAuth ? admin.id : target),
          failed ? 'failure' : 'success',
          `198.51.100.${(i % 250) + 2}`,
          failed ? { username: admin.email, reason: 'invalid credentials' } : isAuth ? {} : { userId: target, statusId: (i % 4) + 1 },
        ]),
      );
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
      ],
      a.join(''),
    );
    if (done + n < total && (done / chunk) % 10 === 9) log(`    … ${done + n} audit entries`);
  }
}
