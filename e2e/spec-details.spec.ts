import { expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD, portalSelect, signIn, storedSponsor } from './fixtures';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test.describe("the specification's last details", () => {
  test('a sponsor administrator with one portal has it chosen for them', async ({ page }) => {
    await signIn(page, 'admin@acme.example', ADMIN_PASSWORD);
    await expect(portalSelect(page)).toHaveValue(/^ACME/);
    expect((await storedSponsor(page))?.sponsorCode).toBe('ACME');
    await nav(page).getByRole('link', { name: 'Administrators', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Warning! Portal code is missing' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Administrators', level: 1 })).toBeVisible();
  });
});
