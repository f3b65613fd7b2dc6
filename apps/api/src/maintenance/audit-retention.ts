import type { Database } from '../db/client.js';
import type { AuditSigner } from '../modules/audit/chain/signing-key.js';
import { purgeExpiredMonths } from '../modules/audit/retention/purge.js';
import type { CleanupLogger } from './cleanup.js';
import { createSchedule } from './schedule.js';

/**
 * How often an instance runs the retention pass: it makes the coming months' partitions and drops
 * expired months (a month expires once a month, so a few passes a day are plenty).
 */
export const RETENTION_CHECK_MS = 6 * 3600_000;

/** The audit retention job (decision 0045); of several instances one runs a pass at a time. */
export function createAuditRetention(opts: { database: Database; signer: AuditSigner; log: CleanupLogger; intervalMs?: number }) {
  const { database, signer, log, intervalMs = RETENTION_CHECK_MS } = opts;
  return createSchedule({
    intervalMs,
    run: async () => {
      const result = await purgeExpiredMonths(database, signer);
      if (result?.months.length) log.info({ months: result.months, rows: result.rows }, 'expired audit months dropped');
      else if (result?.keptBecause === 'hold' || result?.keptBecause === 'chain-order')
        log.info({ keptBecause: result.keptBecause }, 'an expired audit month was kept');
      return result;
    },
    onError: (err) => log.error({ err: err.message }, 'audit retention pass failed'),
  });
}
