/**
 * npm run audit:verify [-- --sponsor ID | --no-portal]
 * Walks the audit chains of the database of DATABASE_URL, or else the PGlite of DATA_DIR, and prints
 * one JSON result per chain (the same answer as GET /api/v1/audit/verify). Without an option every
 * chain is walked. Exits 0 when every chain walked is whole, 1 otherwise, 2 on wrong use.
 * The service should not run on the same PGlite directory at the same time (PGlite has one user).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../../config.js';
import { openDatabase } from '../../../db/client.js';
import { chainHeads } from './chain.repo.js';
import { loadAuditSigner } from './signing-key.js';
import { verifyChain } from './verify.js';

let options: { sponsor?: string; 'no-portal'?: boolean };
try {
  options = parseArgs({ options: { sponsor: { type: 'string' }, 'no-portal': { type: 'boolean' } } }).values;
} catch (err) {
  console.error(`${(err as Error).message}\nUsage: npm run audit:verify [-- --sponsor ID | --no-portal]`);
  process.exit(2);
}
if (options.sponsor !== undefined && !/^[1-9]\d{0,9}$/.test(options.sponsor)) {
  console.error('--sponsor takes a portal id (a positive whole number).');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL, poolSize: 2 } : { dataDir: resolve(config.DATA_DIR) },
);
let whole = true;
try {
  const signer = await loadAuditSigner(config.AUDIT_SIGNING_KEY, database.db);
  const chains =
    options.sponsor !== undefined
      ? [Number(options.sponsor)]
      : options['no-portal']
        ? [null]
        : (await chainHeads(database.db)).map((h) => h.sponsorId);
  for (const chain of chains) {
    const result = await verifyChain(database.db, chain, signer);
    whole &&= result.whole;
    console.log(JSON.stringify(result));
  }
} finally {
  await database.close();
}
process.exit(whole ? 0 : 1);
