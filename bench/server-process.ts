import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Dataset } from './dataset.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const SERVER = join(ROOT, 'apps/api/dist/server.js');

/**
 * Node's flags in the README's production command (also the Dockerfile's, apps/api's `npm start` and
 * .ci/production-check). API_NODE_FLAGS="…" replaces them, to compare other settings.
 */
const PRODUCTION_NODE_FLAGS = process.env.API_NODE_FLAGS?.split(' ').filter(Boolean) ?? [
  '--max-semi-space-size=4',
  '--heap-growing-percent=30',
];
/** Starts the production build of the API as the README does (with PRODUCTION_NODE_FLAGS) on the data set; answers its address. */
export async function startServer(
  location: Dataset['location'],
  adminEmail: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, SERVER], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      ADMIN_EMAIL: adminEmail,
      PUBLIC_URL: 'http://127.0.0.1:8080',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      MFA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      AUDIT_SIGNING_KEY: randomBytes(32).toString('base64'),
      ...('url' in location ? { DATABASE_URL: location.url } : { DATA_DIR: location.dataDir }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((done, fail) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /running at (http:\/\/[\d.]+:\d+)/.exec(output);
      if (found) done(found[1]!);
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code) => fail(new Error(`the API stopped (exit ${code}) before listening: ${output.slice(-300)}`)));
  });
  return { child, baseUrl };
}

/** Stops a server started by startServer, as production does (SIGTERM), and waits for it to exit. */
export async function stopServer(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done(null)));
}
