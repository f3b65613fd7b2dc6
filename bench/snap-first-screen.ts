/**
 * DIST=<built portal> OUT=<path prefix> tsx bench/snap-first-screen.ts
 * Screenshots of the vault list of one built portal (default apps/web/dist) on the bench's 20,000-holder
 * data set, at 1366 and 390 px (<OUT>-1366.png, <OUT>-390.png), and its markup (<OUT>.html): take them
 * of two builds and compare them (ImageMagick: `compare -metric AE a.png b.png diff.png`) to check that
 * a change to the first screen's code left its look alone (docs/decisions/0031).
 */
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBenchChromium } from './chromium.js';
import { serveFirstScreen } from './first-screen-server.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const DIST = process.env.DIST ?? join(ROOT, 'apps/web/dist');
const OUT = process.env.OUT ?? '/tmp/first-screen';
const { base, xsrf, storage, close } = await serveFirstScreen(DIST);
const browser = await launchBenchChromium();
for (const [w, h] of [
  [1366, 900],
  [390, 844],
] as const) {
  const context = await browser.newContext({ viewport: { width: w, height: h } });
  await context.addCookies([{ name: 'XSRF-TOKEN', value: xsrf, url: base }]);
  await context.addInitScript({ content: `for (const [k, v] of Object.entries(${JSON.stringify(storage)})) localStorage.setItem(k, v);` });
  const page = await context.newPage();
  await page.goto(`${base}${process.env.PATH_ ?? '/'}`);
  await page.waitForSelector('tbody tr td');
  await page.waitForTimeout(1500);
  await page.mouse.move(1, 1);
  await page.screenshot({ path: `${OUT}-${w}.png`, fullPage: true });
  if (w === 1366)
    await writeFile(`${OUT}.html`, ((await page.evaluate("document.getElementById('root').outerHTML")) as string).replace(/></g, '>\n<'));
  await context.close();
}
await browser.close();
await close();
