import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the built portal, served by the real server on a fresh embedded
 * database with demo data, driven by Debian's Chromium (never a downloaded browser).
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${PORT}`;
const runDir = mkdtempSync(join(tmpdir(), 'vault-e2e-'));
const dataDir = join(runDir, 'data');
// The server serves a private copy of the built portal, so a rebuild during the run cannot
// pull the assets from under the browser.
const builtWeb = join(import.meta.dirname, 'apps/web/dist');
const webDir = join(runDir, 'web');
if (existsSync(join(builtWeb, 'index.html'))) cpSync(builtWeb, webDir, { recursive: true });

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  // Each run keeps its traces apart: other journeys may run at the same time in this tree.
  outputDir: process.env.E2E_OUTPUT_DIR ?? join(runDir, 'results'),
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1366, height: 860 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node_modules/.bin/tsx apps/api/src/server.ts',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(existsSync(webDir) ? { WEB_DIST: webDir } : {}),
      ADMIN_EMAIL: 'admin@vault.local',
      ADMIN_PASSWORD: 'demo-password-2026',
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
    },
  },
});
