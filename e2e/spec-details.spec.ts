import { expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD, pickPortal, portalSelect, signIn, storedSponsor } from './fixtures';

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

  test("changing the portal asks only for the new portal's list", async ({ page }) => {
    await signIn(page);
    await pickPortal(page, 'ACME');
    await nav(page).getByRole('link', { name: 'Administrators', exact: true }).click();
    await expect(page.getByRole('main').getByRole('row').nth(1)).toBeVisible();
    const old = await storedSponsor(page);

    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/sponsors/admin?')) asked.push(r.url());
    });
    await pickPortal(page, 'CAPH');
    const chosen = await storedSponsor(page);
    expect(chosen?.sponsorId).not.toBe(old?.sponsorId);
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    await expect(page.getByRole('main').getByRole('row').nth(1)).toBeVisible();
    const forOld = asked.filter((u) => new URL(u).searchParams.get('sponsorcode') === old?.sponsorCode);
    expect(forOld).toEqual([]);
  });
});
