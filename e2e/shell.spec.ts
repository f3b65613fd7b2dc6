import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, pickPortal, portalSelect, signIn, storedSponsor, storedToken, untilListSettled } from './fixtures';

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

/** The specification's menu, with Overview first (decision 0046) and Messages after Invitation (decision 0044). */
const MENU = [
  'Overview',
  'Vaults',
  'New Vault',
  'Administrators',
  'Representatives',
  'Trusted Collaborators',
  'Portals',
  'Sub-Portals',
  'Base Packages',
  'Active Packages',
  'App Integrations',
  'Sponsor Authorizations',
  'Invitation',
  'Messages',
  'Failed Files',
  'Audit Logs',
  'App Status',
  'Logout',
];
const LOGIN_FAILED = 'You have provided an incorrect email/username and/or password or maybe you are not in our system.';
const SESSION_ENDED = 'Your session has ended. Please log in to the Vault Admin Portal again.';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const navLink = (page: Page, label: string) => nav(page).getByRole('link', { name: label, exact: true });
const warning = (page: Page) => page.getByRole('dialog', { name: 'Warning! Portal code is missing' });

test.describe('portal shell', () => {
  test('an address of the portal without a session goes to the login screen', async ({ page }) => {
    await page.goto('/sponsor-admin');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // The login layout shows the brand only.
    await expect(page.getByRole('link', { name: /Vault Admin Portal/ })).toBeVisible();
    await expect(portalSelect(page)).toHaveCount(0);
    await expect(nav(page)).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/login.png` });
  });

  test('a wrong password shows the failure message of the specification', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'E-mail or username' }).fill(ADMIN_EMAIL);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password-at-all');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(LOGIN_FAILED);
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
  });

  test('signing in shows the header, the portal dropdown and the navigation in order', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(nav(page).getByRole('link')).toHaveText(MENU);
    await expect(navLink(page, 'Vaults')).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle('Vaults · Vault Admin Portal');
    // Role names are not shown.
    await expect(page.getByText(/sponsor_admin|staff/i)).toHaveCount(0);

    const select = portalSelect(page);
    await expect(select).toHaveValue('-- pick portal --');
    await select.click();
    const options = page.getByRole('option');
    await expect(options.first()).toHaveText('-- pick portal --');
    const codes = (await options.allTextContents()).slice(1).map((t) => t.split(' · ')[0]!.trim());
    expect(codes.length).toBeGreaterThan(0);
    expect(codes).toEqual([...codes].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    await page.screenshot({ path: `${SHOTS}/shell-dropdown-open.png` });
    await page.keyboard.press('Escape');
  });

  test('opening Administrators without a portal shows the warning, and closing it goes home', async ({ page }) => {
    await signIn(page);
    await navLink(page, 'Portals').click();
    await expect(page).toHaveURL(/\/sponsors$/);

    await navLink(page, 'Administrators').click();
    const dialog = warning(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Please choose a Portal.');
    await expect(page).toHaveURL(/\/sponsors$/);
    await page.screenshot({ path: `${SHOTS}/warning-dialog.png` });

    // Static backdrop: Escape does not close it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  test('paths that need no portal open without one', async ({ page }) => {
    await signIn(page);
    for (const [label, path] of [
      ['Portals', '/sponsors'],
      ['Base Packages', '/basepackages'],
      ['Audit Logs', '/audit-logs'],
    ] as const) {
      await navLink(page, label).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(warning(page)).toBeHidden();
      await expect(navLink(page, label)).toHaveAttribute('aria-current', 'page');
    }
  });

  test('picking a portal saves it and opens sponsor screens', async ({ page }) => {
    await signIn(page);
    const chosen = await pickPortal(page);
    const stored = await storedSponsor(page);
    expect(stored?.sponsorId).toBeGreaterThan(0);
    expect(chosen.startsWith(stored!.sponsorCode)).toBe(true);

    await navLink(page, 'Administrators').click();
    await expect(page).toHaveURL(/\/sponsor-admin$/);
    await expect(warning(page)).toBeHidden();
    await expect(navLink(page, 'Administrators')).toHaveAttribute('aria-current', 'page');

    // The choice survives a reload.
    await page.reload();
    await expect(portalSelect(page)).toHaveValue(chosen);

    // Back to "-- pick portal --": sponsor screens are stopped again.
    await portalSelect(page).click();
    await page.getByRole('option', { name: '-- pick portal --' }).click();
    expect((await storedSponsor(page))?.sponsorId).toBe(0);
    await expect(warning(page)).toBeVisible();
    await warning(page).getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a session ended on the server returns to the login screen with the message and forgets the portal', async ({ page }) => {
    await signIn(page);
    await pickPortal(page);
    await untilListSettled(page);
    const token = await storedToken(page);
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const revoked = await page.request.post('/api/v1/authentication/logout', {
      headers: { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf, 'Content-Type': 'application/json' },
      data: {},
    });
    expect(revoked.status()).toBe(200);

    await navLink(page, 'Portals').click();
    await expect(page).toHaveURL(/\/login$/);
    // Ended by the server, not by 30 idle minutes: the message does not blame inactivity.
    await expect(page.getByRole('status')).toContainText(SESSION_ENDED);
    await expect(page.getByRole('status')).not.toContainText('inactivity');
    expect(await storedToken(page)).toBeNull();
    expect((await storedSponsor(page))?.sponsorId ?? 0).toBe(0);
    await page.screenshot({ path: `${SHOTS}/session-expired.png` });

    // Signing in again clears the message.
    await signIn(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
  });

  test('Logout revokes the session and goes to the login screen', async ({ page }) => {
    await signIn(page);
    const token = await storedToken(page);
    const refused: string[] = [];
    page.on('response', (r) => r.status() === 401 && refused.push(new URL(r.url()).pathname));
    await navLink(page, 'Logout').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    // Nothing the portal sent on the way out was refused (no call racing the logout).
    expect(refused).toEqual([]);
    const me = await page.request.get('/api/v1/authentication/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
    // The guard keeps the signed-out user out.
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('on a narrow screen the burger shows and hides the menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    const burger = page.getByRole('button', { name: 'Show menu' });
    await expect(burger).toBeVisible();
    await expect(navLink(page, 'Vaults')).not.toBeInViewport();
    await burger.click();
    await expect(navLink(page, 'Vaults')).toBeInViewport();
    // The menu has finished sliding in before the picture is taken.
    await expect(page.locator('#main-navigation')).toHaveCSS('transform', 'none');
    await page.screenshot({ path: `${SHOTS}/mobile-menu-open.png` });
    await page.getByRole('button', { name: 'Hide menu' }).click();
    await expect(navLink(page, 'Vaults')).not.toBeInViewport();
    await page.screenshot({ path: `${SHOTS}/mobile-menu-closed.png` });
  });

  test('a forgotten password can be asked for from the login screen', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('not-an-address');
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await expect(dialog.getByText('Enter a valid e-mail address')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(ADMIN_EMAIL);
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await expect(dialog).toContainText('a link to choose a new password is on its way');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  test('changing the portal closes the menu and reloads the screen for the new portal', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.getByRole('button', { name: 'Show menu' }).click();
    await expect(navLink(page, 'Vaults')).toBeInViewport();
    await pickPortal(page);
    await expect(navLink(page, 'Vaults')).not.toBeInViewport();
    const first = await storedSponsor(page);
    // The first portal's screen has finished loading: its Views menu asks for that portal's saved
    // views once its code is in, after the rows (decision 0047), which is not a call after the change.
    await expect(page.getByRole('button', { name: 'Views', exact: true })).toBeEnabled();
    await page.waitForLoadState('networkidle');

    // Choose another portal: the vault list asks the server again, for the new portal.
    const select = portalSelect(page);
    await select.click();
    const other = page.getByRole('option').nth(2);
    const asked: URLSearchParams[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/v1/') && !url.pathname.startsWith('/api/v1/authentication')) asked.push(url.searchParams);
    });
    await other.click();
    const second = await storedSponsor(page);
    expect(second?.sponsorId).toBeGreaterThan(0);
    expect(second?.sponsorId).not.toBe(first?.sponsorId);
    await expect.poll(() => asked.some((q) => [...q.values()].includes(String(second!.sponsorId)))).toBe(true);
    // Only the new portal's data: nothing asked for the old one's again.
    expect(asked.filter((q) => [...q.values()].includes(String(first!.sponsorId))).map(String)).toEqual([]);
  });

  test('/health shows the service health without signing in', async ({ page }) => {
    await page.goto('/health');
    await expect(page.getByRole('heading', { name: 'Service health' })).toBeVisible();
    await expect(page.getByText('Healthy', { exact: true })).toBeVisible();
    await expect(nav(page)).toHaveCount(0);
  });

  test('the set-password page explains an incomplete link and checks the new password', async ({ page }) => {
    await page.goto('/set-password');
    await expect(page.getByText('This link is incomplete')).toBeVisible();
    await page.goto('/set-password?token=this-token-is-not-valid-at-all-000000');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('short');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('Use at least 12 characters')).toBeVisible();
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('a-long-enough-password-2026');
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('a-long-enough-password-2026');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
  });
});
