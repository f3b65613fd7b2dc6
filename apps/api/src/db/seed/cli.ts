/**
 * npm run seed -- --holders N --audit M [--sponsors 50] [--documents 2]
 * Loads a large data set with COPY into the database of DATABASE_URL, or else the PGlite of DATA_DIR.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../client.js';
import { migrate } from '../migrate.js';
import { bulkLoad } from './bulk.js';
import { ensureCatalog } from './catalog.js';

const { values } = parseArgs({
  options: {
    holders: { type: 'string', default: '100000' },
    audit: { type: 'string', default: '1000000' },
    sponsors: { type: 'string', default: '50' },
    documents: { type: 'string', default: '2' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log('usage: npm run seed -- --holders N --audit M [--sponsors 50] [--documents 2 (average per vault)]');
  process.exit(0);
}
const num = (name: string, v: string) => {
  const n = Number(v.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got ${v}`);
  return n;
};
const holders = num('holders', values.holders);
const audit = num('audit', values.audit);
const sponsors = num('sponsors', values.sponsors);
if (sponsors < 1) throw new Error('--sponsors must be at least 1');

const config = loadConfig();
if (!config.DATABASE_URL) mkdirSync(resolve(config.DATA_DIR), { recursive: true });
const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${resolve(config.DATA_DIR)}`;
console.log(`Seeding ${holders} vault holders across ${sponsors} sponsors and ${audit} audit entries into ${where}`);
const t0 = performance.now();
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL, poolSize: 2 } : { dataDir: resolve(config.DATA_DIR) },
);
try {
  await migrate(database);
  await ensureCatalog(database.db);
  console.log(`  open + migrate                     ${((performance.now() - t0) / 1000).toFixed(1).padStart(7)} s`);
  const report = await bulkLoad(database, {
    holders,
    audit,
    sponsors,
    documentsPerVault: num('documents', values.documents),
    log: (l) => console.log(l),
  });
  const top = report.sponsors.slice(0, 3).map((s) => `${s.sponsorCode} ${s.holders}`);
  console.log(`Done in ${(report.totalMs / 1000).toFixed(1)} s (largest sponsors: ${top.join(', ')}).`);
} finally {
  const tc = performance.now();
  await database.close();
  console.log(`  close                              ${((performance.now() - tc) / 1000).toFixed(1).padStart(7)} s`);
}
