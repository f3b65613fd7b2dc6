import { expect, type Page, test } from '@playwright/test';
import { codeAt, enrollAuthenticator, passwordStep, shot, signOut } from './fixtures';

// A demo administrator no other journey signs in as: enrolling changes how they sign in.
const EMAIL = 'admin@grnl.example';
// Passkeys belong to PUBLIC_URL's host (localhost in playwright.config.ts); WebAuthn refuses an IP address.
test.use({ baseURL: `http://localhost:${Number(process.env.E2E_PORT ?? 8181)}` });

/** Chromium's virtual platform authenticator: it holds discoverable passkeys and verifies its user. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
}

const shell = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('an administrator adds a passkey and signs in with it, as the second factor and alone', async ({ page }) => {
  test.setTimeout(240_000);
  const credentials = await virtualAuthenticator(page);

  // An authenticator app first, its code computed here as the app would.
  await passwordStep(page, EMAIL);
  await expect(shell(page)).toBeVisible();
  const { section, secret, recovery } = await enrollAuthenticator(page);
  await section.getByRole('button', { name: 'I have saved these codes' }).click();

  // Password and the app's next code; then password and a recovery code.
  await signOut(page);
  await passwordStep(page, EMAIL);
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(codeAt(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(shell(page)).toBeVisible();
  await signOut(page);
  await passwordStep(page, EMAIL);
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(recovery[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(shell(page)).toBeVisible();

  // A passkey from the account page, named, once a code proves it is the person (a password alone no longer does).
  await page.goto('/account');
  const check = section.getByRole('region', { name: "Confirm it's you" });
  await check.getByRole('textbox', { name: 'Current code or a recovery code' }).fill(recovery[1]!);
  await check.getByRole('button', { name: 'Confirm' }).click();
  await expect(check).toHaveCount(0);
  await section.getByRole('textbox', { name: 'Passkey name' }).fill('Work laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const passkeys = section.getByRole('list', { name: 'Passkeys' });
  await expect(passkeys.getByRole('listitem', { name: 'Work laptop' })).toContainText('Not used yet');
  expect(await credentials()).toHaveLength(1);
  await shot(page, 'passkeys');

  // The code step offers the passkey.
  await signOut(page);
  await passwordStep(page, EMAIL);
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible();
  await shot(page, 'sign-in-passkey-step');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(shell(page)).toBeVisible();

  // The passkey alone, from the login page.
  await signOut(page);
  await shot(page, 'login-passkey');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(shell(page)).toBeVisible();

  // Rename, then remove after a confirmation (the app stays, so it is not the last factor).
  await page.goto('/account');
  const row = passkeys.getByRole('listitem', { name: 'Work laptop' });
  await expect(row).toContainText('Last used');
  await row.getByRole('button', { name: 'Rename Work laptop' }).click();
  await row.getByRole('textbox', { name: 'Passkey name' }).fill('Old laptop');
  await row.getByRole('button', { name: 'Save' }).click();
  const renamed = passkeys.getByRole('listitem', { name: 'Old laptop' });
  await renamed.getByRole('button', { name: 'Remove Old laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove passkey' });
  await expect(dialog).toContainText('Remove the passkey "Old laptop"?');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toContainText('The passkey was removed.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(section.getByRole('list', { name: 'Passkeys' })).toHaveCount(0);
});
