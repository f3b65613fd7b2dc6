import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { CLIENT_TYPES_FILE, clientTypes } from './client-types.js';

/** `npm run openapi:types`: writes generated/api-types.ts from the document a fresh in-memory app serves. */
const database = await openDatabase({});
await migrate(database);
const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), database });
await app.ready();
await mkdir(dirname(CLIENT_TYPES_FILE), { recursive: true });
await writeFile(CLIENT_TYPES_FILE, await clientTypes(app.swagger()));
await app.close();
await database.close();
console.log(`Wrote ${CLIENT_TYPES_FILE}`);
