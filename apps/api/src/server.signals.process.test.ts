import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { type ServerProcess, startServer } from './test/server-process.js';

const PASSWORD = 'signal-test-password-2026';
const dataDir = mkdtempSync(join(tmpdir(), 'vault-signals-'));
let server: ServerProcess | undefined;
afterAll(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A sign-in whose body arrives in two halves: the request is running on the server in between. */
function slowSignIn(base: string) {
  const body = JSON.stringify({ username: 'admin@vault.local', password: PASSWORD });
  const req = request(`${base}/api/v1/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => {
        text += c.toString('utf8');
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 10));
  return { finish: () => req.end(body.slice(10)), answer };
}

it('on SIGTERM stops accepting, finishes the requests in flight and exits 0', async () => {
  server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: 'false', ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'trace' });
  const { url } = server;
  const N = 3;
  const inFlight = Array.from({ length: N }, () => slowSignIn(url));
  const received = (t: string) =>
    t.split('\n').filter((l) => l.includes('"incoming request"') && l.includes('/authentication/login')).length;
  await server.waitForOutput((t) => received(t) === N);

  const signalledAt = Date.now();
  server.child.kill('SIGTERM');
  await server.waitForOutput((t) => t.includes('shutting down'));
  // The listener closes while the running requests are still held open by their clients.
  await expect
    .poll(
      () =>
        fetch(`${url}/api/health`).then(
          (r) => r.status,
          () => 'refused',
        ),
      { timeout: 5_000 },
    )
    .toBe('refused');
  for (const r of inFlight) r.finish();

  const answers = await Promise.all(inFlight.map((r) => r.answer));
  expect(answers.map((a) => a.status)).toEqual(Array(N).fill(200));
  expect(answers.every((a) => typeof (JSON.parse(a.body) as { accessToken?: unknown }).accessToken === 'string')).toBe(true);
  expect(await server.exited).toBe(0);
  expect(Date.now() - signalledAt).toBeLessThan(10_000);
  expect(server.output()).toContain('"msg":"stopped"');
});
