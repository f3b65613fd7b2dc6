/**
 * npm run audit:verify-export -- FILE --public-key KEYFILE
 * Exits 0 when the NDJSON export is whole and signed; 1 naming the first bad line; 2 on wrong use.
 * Reads the file a line at a time (constant memory). Imports only node: modules and the checker.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parsePublicKey } from './canonical.js';
import { verifyExport } from './verify-export.js';

const args = process.argv.slice(2);
const keyAt = args.indexOf('--public-key');
const keyFile = keyAt >= 0 ? args[keyAt + 1] : undefined;
const file = args.find((a, i) => !a.startsWith('--') && i !== keyAt + 1);
if (!file || !keyFile) {
  console.error('Usage: npm run audit:verify-export -- FILE --public-key KEYFILE   (KEYFILE: PEM, or the raw key in base64)');
  process.exit(2);
}
let key: ReturnType<typeof parsePublicKey>;
try {
  key = parsePublicKey(readFileSync(keyFile, 'utf8'));
} catch (err) {
  console.error(`${keyFile}: not an Ed25519 public key (${(err as Error).message})`);
  process.exit(2);
}
const result = await verifyExport(createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY }), key);
if (result.ok) {
  const chain = result.sponsorId === null ? 'entries with no portal' : `portal ${result.sponsorId}`;
  console.log(
    `${file}: whole and signed. ${result.entries} entries of the chain of ${chain}` +
      (result.firstSeq === null ? '' : `, seq ${result.firstSeq} to ${result.lastSeq}`) +
      `; checkpoint signed ${result.signedAt} by key ${result.keyId}.`,
  );
  process.exit(0);
}
console.error(`${file}: line ${result.line}: ${result.reason}`);
process.exit(1);
