import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the built portal, served by the real server on a fresh embedded
 * database with demo data, driven by Debian's Chromium (never a downloaded browser).
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${PORT}`;
// One directory per run (the workers inherit it): the fresh database and a private copy of the
// built portal, so a rebuild during the run cannot pull the assets from under the browser.
const ownsRun = !process.env.VAULT_E2E_RUN_DIR;
if (ownsRun) process.env.VAULT_E2E_RUN_DIR = mkdtempSync(join(tmpdir(), 'vault-e2e-'));
const runDir = process.env.VAULT_E2E_RUN_DIR!;
const dataDir = join(runDir, 'data');
/** Where the journeys' mail server keeps what it received (e2e/mail.ts reads it). */
const mailDir = join(runDir, 'mail');
const SMTP_PORT = PORT + 2;
const webDir = join(runDir, 'web');
if (ownsRun) {
  const builtWeb = join(import.meta.dirname, 'apps/web/dist');
  if (existsSync(join(builtWeb, 'index.html'))) cpSync(builtWeb, webDir, { recursive: true });
  // The server's renderer of the first screen sits beside the portal, as the build leaves it.
  const builtRenderer = join(import.meta.dirname, 'apps/web/dist-ssr');
  if (existsSync(builtRenderer)) cpSync(builtRenderer, join(runDir, 'dist-ssr'), { recursive: true });
  // The database and the copy go when the run ends; traces stay in the results folder.
  process.on('exit', () => rmSync(runDir, { recursive: true, force: true }));
}

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
  outputDir: process.env.E2E_OUTPUT_DIR ?? join(tmpdir(), 'vault-e2e-results', basename(runDir)),
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
  webServer: [
    {
      command: 'node scripts/smtp-sink.mjs',
      port: SMTP_PORT,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { SMTP_SINK_PORT: String(SMTP_PORT), SMTP_SINK_DIR: mailDir },
    },
    {
      command: 'node_modules/.bin/tsx apps/api/src/server.ts',
      url: `${baseURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        // Passkeys are bound to PUBLIC_URL's host name, and WebAuthn takes a domain, never an IP
        // address: the passkey journey browses at localhost (the same server), the others at 127.0.0.1.
        PUBLIC_URL: `http://localhost:${PORT}`,
        DATA_DIR: dataDir,
        ...(existsSync(webDir) ? { WEB_DIST: webDir } : {}),
        ADMIN_EMAIL: 'admin@vault.local',
        ADMIN_PASSWORD: 'demo-password-2026',
        DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
        // Messages are really sent, to the mail server above: the journeys see them leave.
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      },
    },
  ],
});
