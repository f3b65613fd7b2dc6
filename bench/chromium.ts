import { type Browser, chromium } from '@playwright/test';

/** Debian's Chromium, as every browser test here uses it (no downloaded browser). */
const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/**
 * Chrome's own omnibox popup, a WebUI page with some hundred modules of its own, which headless
 * Chromium builds in a new renderer for every new window, so for every cold load's new context,
 * during the very load being timed. A user's browser builds it when its window opens, not when a
 * page loads; Puppeteer turns it off by default for the same reason (puppeteer/puppeteer#15278).
 */
const NOT_PART_OF_A_PAGE_LOAD = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Chromium for timing page loads. Chromium keeps only the last `--disable-features` switch, so
 * adding one would drop the list Playwright passes: the list is read off a first launch's command
 * line and extended instead.
 */
export async function launchBenchChromium(): Promise<Browser> {
  const probe = await chromium.launchServer(CHROMIUM);
  const spawned = probe.process().spawnargs;
  await probe.close();
  const defaults = spawned.filter((a) => a.startsWith('--disable-features='));
  const listed = defaults.flatMap((a) => a.slice('--disable-features='.length).split(',')).filter(Boolean);
  return chromium.launch({
    ...CHROMIUM,
    ignoreDefaultArgs: defaults,
    args: [...CHROMIUM.args, `--disable-features=${[...new Set([...listed, ...NOT_PART_OF_A_PAGE_LOAD])].join(',')}`],
  });
}
