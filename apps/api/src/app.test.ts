import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createTestApp, type TestApp } from './test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('graceful shutdown', () => {
  it('lets a running request finish and refuses new ones while closing', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
    const app = await buildApp({ config, database: t.database });
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    app.get('/api/slow', { config: { auth: 'public' } }, async () => {
      await gate;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const running = fetch(`${base}/api/slow`);
    await new Promise((r) => setTimeout(r, 100));
    const closing = app.close();
    await new Promise((r) => setTimeout(r, 50));
    const late = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.status,
      (e: Error) => (e.name === 'TimeoutError' ? 'hung' : 'refused'),
    );
    expect([503, 'refused']).toContain(late);
    release();
    const res = await running;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
  });
});
