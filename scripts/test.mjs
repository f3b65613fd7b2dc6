// npm test: every test. Unit and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// then the browser journeys in Debian's Chromium against the freshly built portal.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, buildWeb, run } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';
const vitestJson = join(tmpdir(), `vault-vitest-${process.pid}.json`);
const playwrightJson = join(tmpdir(), `vault-playwright-${process.pid}.json`);
let passed = 0;
let failed = 0;

console.log(
  process.env.TEST_DATABASE_URL
    ? '▶ Unit and API tests (API suite on PGlite and on PostgreSQL at TEST_DATABASE_URL)'
    : '▶ Unit and API tests (API suite on PGlite; set TEST_DATABASE_URL to run it on PostgreSQL too)',
);
const unitCode = await run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  rmSync(vitestJson);
}
if (unitCode !== 0 && failed === 0) failed += 1;

console.log('▶ Building the portal');
if ((await buildWeb()) !== 0) {
  console.log(`${passed} passed, ${failed + 1} failed`);
  process.exit(1);
}

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log("▶ Installing Debian's chromium for the browser journeys");
    if ((await run('apt-get', ['update', '-qq'])) !== 0 || (await run('apt-get', ['install', '-y', '-qq', 'chromium'])) !== 0) {
      console.error('Could not install chromium with apt-get; install it (apt-get install -y chromium) and run npm test again.');
      process.exit(1);
    }
  } else {
    console.error(
      "The browser journeys need Debian's Chromium at /usr/bin/chromium: run `sudo apt-get install -y chromium`, then npm test again.",
    );
    process.exit(1);
  }
}

console.log('▶ Browser journeys (Playwright, Chromium)');
const e2eCode = await run(bin('playwright'), ['test', '--reporter=list,json'], {
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
});
if (existsSync(playwrightJson)) {
  const r = JSON.parse(readFileSync(playwrightJson, 'utf8'));
  passed += r.stats.expected + (r.stats.flaky ?? 0);
  failed += r.stats.unexpected;
  rmSync(playwrightJson);
}
if (e2eCode !== 0 && failed === 0) failed += 1;

console.log(`${passed} passed, ${failed} failed`);
process.exit(unitCode !== 0 || e2eCode !== 0 ? 1 : 0);
