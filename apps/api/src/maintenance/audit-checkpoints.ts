import type { Database } from '../db/client.js';
import { signDailyCheckpoints } from '../modules/audit/chain/checkpoints.js';
import type { AuditSigner } from '../modules/audit/chain/signing-key.js';
import type { CleanupLogger } from './cleanup.js';
import { createSchedule } from './schedule.js';

/** How often an instance looks whether the daily checkpoints are due (they are signed once a day). */
export const CHECKPOINT_CHECK_MS = 3600_000;

/** Signs the audit chains' heads at least daily (decision 0040); one instance at a time signs. */
export function createAuditCheckpoints(opts: { database: Database; signer: AuditSigner; log: CleanupLogger; intervalMs?: number }) {
  const { database, signer, log, intervalMs = CHECKPOINT_CHECK_MS } = opts;
  return createSchedule({
    intervalMs,
    run: async () => {
      const signed = await signDailyCheckpoints(database, signer);
      if (signed) log.info({ chains: signed }, 'audit checkpoints signed');
      return signed;
    },
    onError: (err) => log.error({ err: err.message }, 'audit checkpoint pass failed'),
  });
}
