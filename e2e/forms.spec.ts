import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { pickPortal, signIn } from './fixtures';

const SHOTS = '/tmp/a11y-shots';
mkdirSync(SHOTS, { recursive: true });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test.describe('forms: people names and administrator roles', () => {
  test("an administrator named O'Brien is created from the Vault manager preset, one flag changed by hand", async ({ page }) => {
    await signIn(page);
    await pickPortal(page, 'ACME');
    await nav(page).getByRole('link', { name: 'Administrators', exact: true }).click();
    await page.getByRole('button', { name: 'Create Administrator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Administrator' });
    const email = `siobhan.obrien.${Date.now()}@example.com`;
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('First name').fill('Siobhán');
    await dialog.getByLabel('Last name').fill("O'Brien-Smith");

    // The flags are grouped and said in words; a preset fills them.
    await expect(dialog.getByRole('group', { name: 'Vaults and documents' })).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'People and portal' })).toBeVisible();
    const role = dialog.getByRole('combobox', { name: 'Role preset' });
    await expect(role).toHaveValue('Custom');
    await role.click();
    await page.getByRole('option', { name: /^Vault manager/ }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Archive vault access' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Manage MFA access' })).not.toBeChecked();
    await page.screenshot({ path: `${SHOTS}/admin-create-presets-desktop.png`, fullPage: true });

    // The raw flags stay editable: one more by hand makes the choice custom.
    await dialog.getByRole('checkbox', { name: 'Manage MFA access' }).check();
    await expect(role).toHaveValue('Custom');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText("Siobhán O'Brien-Smith");
  });

  test('the preset control and grouped flags fit a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await pickPortal(page, 'ACME');
    await page.goto('/sponsor-admin');
    await page.getByRole('button', { name: 'Create Administrator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Administrator' });
    await dialog.getByRole('combobox', { name: 'Role preset' }).click();
    await page.getByRole('option', { name: /^Read-only support/ }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Enterprise dashboard access' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Archive vault access' })).not.toBeChecked();
    await dialog.getByRole('group', { name: 'Vaults and documents' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/admin-create-presets-phone.png` });
  });
});
