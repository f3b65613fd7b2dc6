import { expect, type Page, test } from '@playwright/test';
import { codeAt, enrollAuthenticator, passwordStep, shot, signIn, signOut } from './fixtures';

// A demo administrator no other journey signs in as: enrolling changes how they sign in.
const EMAIL = 'admin@tide.example';

async function codeStep(page: Page) {
  await passwordStep(page, EMAIL);
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible();
}

test('an administrator sets up an authenticator app, signs in with its code and with a recovery code', async ({ page }) => {
  // Three sign-ins and an enrollment in one journey.
  test.setTimeout(180_000);
  await passwordStep(page, EMAIL);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  // Enroll from the own account page.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Your account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  const { section, secret, recovery } = await enrollAuthenticator(page);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download as text' }).click();
  expect((await download).suggestedFilename()).toBe('vault-admin-recovery-codes.txt');
  await shot(page, 'recovery-codes');
  await section.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(section.getByText('10 of 10 remaining')).toBeVisible();

  // Password, then the next code of the app (this period's was used by the enrollment).
  await signOut(page);
  await codeStep(page);
  await shot(page, 'sign-in-code');
  await page.getByRole('textbox', { name: 'Authentication code' }).fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('The code is not valid');
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(codeAt(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  // A recovery code instead of the app; it counts down on the account page.
  await signOut(page);
  await codeStep(page);
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(recovery[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Second factor' }).getByText('9 of 10 remaining')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'account');
});

test('the administrators list filters by second factor', async ({ page }) => {
  // Another demo administrator no other journey signs in as, enrolled here.
  const email = 'admin@wstb.example';
  await signIn(page, email);
  const { section } = await enrollAuthenticator(page);
  await section.getByRole('button', { name: 'I have saved these codes' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Administrators', exact: true }).click();
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.filter({ hasText: email })).toHaveCount(1);

  const filter = page.getByRole('combobox', { name: 'Second factor' });
  await filter.click();
  await page.getByRole('option', { name: 'With a second factor' }).click();
  await expect(rows.filter({ hasText: email })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'None' })).toHaveCount(0);

  await filter.click();
  await page.getByRole('option', { name: 'Without a second factor' }).click();
  await expect(rows.filter({ hasText: email })).toHaveCount(0);
  const without = await rows.count();
  for (let i = 0; i < without; i++) await expect(rows.nth(i)).toContainText('None');
});
