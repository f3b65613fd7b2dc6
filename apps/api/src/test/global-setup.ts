import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';

/**
 * Creating a PGlite cluster and migrating it takes seconds; it is done once per run and each test
 * file starts from this dump instead (about half a second).
 */
export default async function setup() {
  const database = await openDatabase({});
  await migrate(database);
  const dump = await database.pglite!.dumpDataDir('gzip');
  const file = join(tmpdir(), `vault-test-template-${process.pid}.tar.gz`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.env.VAULT_TEST_TEMPLATE = file;
}
