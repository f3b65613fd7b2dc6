import { expect, type Page, test } from '@playwright/test';
import { pickPortal, shot, signIn } from './fixtures';

// The vault list's first screen drawn by the server with its rows, then hydrated (decision 0051).

const COOKIE = 'vault_first_screen';
const holders = (page: Page) => page.getByRole('table', { name: 'Vault holders' });
const firstCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === COOKIE);

/** The HTML the server sends for `/` with this browser's cookies, before any script runs. */
const servedPage = async (page: Page, path = '/') => (await page.context().request.get(path)).text();

/**
 * The page's markup, written the same way whoever made it: attributes in name order, each style as the
 * browser reads it (the server writes `width:18px`, the browser `width: 18px;`), and React's generated
 * ids numbered in the order they appear (a hydrated page keeps the server's tree-based ids, a page the
 * browser drew alone counts its own), so a label still has to point at its own input.
 */
const markup = (page: Page) =>
  page.locator('#root').evaluate((root) => {
    const copy = root.cloneNode(true) as HTMLElement;
    const ids = new Map<string, string>();
    const numbered = (m: string) => {
      if (!ids.has(m)) ids.set(m, `#${ids.size}`);
      return ids.get(m)!;
    };
    const id = (raw: string) => raw.replace(/_[rR]_[A-Za-z0-9]*_/g, numbered);
    for (const el of copy.querySelectorAll<HTMLElement>('*')) {
      const attrs = [...el.attributes].map((a) => [a.name, a.name === 'style' ? el.style.cssText : id(a.value)] as const);
      for (const [name] of attrs) el.removeAttribute(name);
      for (const [name, value] of attrs.sort(([a], [b]) => a.localeCompare(b))) el.setAttribute(name, value);
    }
    return copy.innerHTML;
  });

/** Errors the page reports: React's hydration mismatches are reported as console errors. */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await pickPortal(page, 'ACME');
  await expect(holders(page).getByRole('row').nth(1)).toBeVisible();
});

test('the server sends the first screen with its rows, and the page that hydrates it is the one the browser draws', async ({ page }) => {
  const cookie = await firstCookie(page);
  expect(cookie?.sameSite).toBe('Strict');
  const firstEmail = (await holders(page).getByRole('row').nth(1).getByRole('cell').nth(4).textContent())!.trim();
  expect(firstEmail).toContain('@');

  const html = await servedPage(page);
  expect(html).toContain('id="first-screen-data"');
  expect(html).toContain(firstEmail);

  // Drawn by the browser alone: no cookie, so index.html comes without rows.
  await page.context().clearCookies({ name: COOKIE });
  expect(await servedPage(page)).not.toContain(firstEmail);
  await page.reload();
  await expect(holders(page).getByRole('row').nth(1)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const drawn = await markup(page);

  // Drawn by the server and hydrated: the app wrote the cookie again once its screen was painted.
  await expect.poll(() => firstCookie(page)).toBeTruthy();
  const errors = collectErrors(page);
  await page.reload();
  await expect(holders(page).getByRole('row').nth(1)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await markup(page)).toBe(drawn);
  expect(await page.locator('#first-screen-data').count()).toBe(0);
  expect(errors).toEqual([]);
  await shot(page, 'first-screen-hydrated');

  // Live: selecting a row and paging work on the hydrated rows.
  const row = holders(page).getByRole('row').nth(1);
  await row.getByRole('checkbox').check();
  await expect(page.getByRole('region', { name: 'Selection' })).toContainText('1 selected');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(holders(page).getByRole('row').nth(1)).not.toContainText(firstEmail);
});

test('a sorted page and a later page come from the server as the list would show them', async ({ page }) => {
  await page.goto('/?page=2&sort=email&dir=desc');
  await expect(holders(page).getByRole('row').nth(1)).toBeVisible();
  const email = (await holders(page).getByRole('row').nth(1).getByRole('cell').nth(4).textContent())!.trim();
  await expect.poll(() => firstCookie(page)).toBeTruthy();
  const html = await servedPage(page, '/?page=2&sort=email&dir=desc');
  expect(html).toContain(email);
  const errors = collectErrors(page);
  await page.reload();
  await expect(holders(page).getByRole('row').nth(1)).toContainText(email);
  await expect(page.getByRole('combobox', { name: 'Portal' })).toBeEnabled();
  expect(errors).toEqual([]);
});

test('signing out removes the cookie: the next page is sent without rows', async ({ page }) => {
  const firstEmail = (await holders(page).getByRole('row').nth(1).getByRole('cell').nth(4).textContent())!.trim();
  await page.goto('/logout');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await firstCookie(page)).toBeUndefined();
  expect(await servedPage(page)).not.toContain(firstEmail);
});
