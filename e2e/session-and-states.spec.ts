import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { pickPortal, signIn, storedSponsor, storedToken } from './fixtures';

const SHOTS = '/tmp/a11y-shots';
mkdirSync(SHOTS, { recursive: true });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test.describe('session messages and list states', () => {
  test('Logout says nothing about inactivity and forgets the portal', async ({ page }) => {
    await signIn(page);
    await pickPortal(page, 'ACME');
    await nav(page).getByRole('link', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    await expect(page.getByText(/inactivity|session ended/i)).toHaveCount(0);
    expect(await storedToken(page)).toBeNull();
    expect((await storedSponsor(page))?.sponsorId ?? 0).toBe(0);
  });

  test('two minutes before the idle timeout a dialog warns; Stay signed in keeps the session', async ({ page }) => {
    await page.clock.install();
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.clock.fastForward('28:05');
    const warning = page.getByRole('dialog', { name: 'Your session is about to end' });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(/ends in 1:\d\d\./);
    await page.screenshot({ path: `${SHOTS}/idle-warning-desktop.png` });

    const kept = page.waitForRequest((r) => r.url().includes('/api/v1/authentication/me'));
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await kept;
    await expect(warning).toBeHidden();
    await expect(page).not.toHaveURL(/\/login$/);
  });

  test('when the idle timeout is reached the portal signs out and says why', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.clock.install();
    await signIn(page);
    await page.clock.fastForward('28:30');
    await expect(page.getByRole('dialog', { name: 'Your session is about to end' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/idle-warning-phone.png` });
    await page.clock.fastForward('02:00');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status')).toContainText('Your session ended after 30 minutes of inactivity.');
    expect(await storedToken(page)).toBeNull();
  });

  test('a list whose load fails shows the error and a Retry button, not an empty list', async ({ page }) => {
    await signIn(page);
    await pickPortal(page, 'ACME');
    let failing = true;
    await page.route(/\/api\/v1\/sponsors\/admin\?/, (route) =>
      failing ? route.fulfill({ status: 503, json: { message: 'The service is briefly unavailable.' } }) : route.fallback(),
    );
    await nav(page).getByRole('link', { name: 'Administrators', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The list could not be loaded' });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert).toContainText('The service is briefly unavailable.');
    // The table does not claim the list is empty.
    await expect(page.getByText('No administrators yet.')).toHaveCount(0);
    await expect(page.getByText('Not loaded: see the message above.')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/list-error-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/list-error-phone.png` });

    failing = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(alert).toBeHidden();
    await expect(page.getByRole('main').getByRole('row').nth(1)).toBeVisible();
  });

  test('Delete stands apart from Archive and its confirmation names what will be lost', async ({ page }) => {
    await signIn(page);
    await pickPortal(page, 'ACME');
    await page
      .getByRole('main')
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Cannot be undone')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/vault-row-menu-desktop.png` });
    await menu.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Vault Holder' });
    await expect(dialog).toContainText(/vault \d+ with its folders, and the links to their advisors are removed/);
    await expect(dialog).toContainText('This cannot be undone. To keep them, archive the vault instead');
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toBeHidden();
  });
});
