import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { pickPortal, portalSelect, signIn, storedSponsor } from './fixtures';

const SHOTS = '/tmp/a11y-shots';
mkdirSync(SHOTS, { recursive: true });

/** WCAG 2.1 A and AA: what the portal promises (2.1 A holds "label in name", 2.5.3). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical violations on the page as it is now, one line each, to read in a failure. */
async function blockers(page: Page, within?: string): Promise<string[]> {
  // Mantine's transitions fade dialogs and menus in; axe measures contrast on what is painted. Its
  // Transition steps through its stages on timers, so a dialog can be "visible" at opacity 0.3 before
  // any CSS transition has started: wait for every dialog to be fully opaque, then finish what runs.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[role="dialog"]')].every((dialog) => {
        for (let el: Element | null = dialog; el; el = el.parentElement) if (getComputedStyle(el).opacity !== '1') return false;
        return true;
      }),
    undefined,
    { timeout: 10_000 },
  );
  await page.evaluate(() => {
    for (const a of document.getAnimations()) if (a.effect?.getComputedTiming().endTime !== Infinity) a.finish();
  });
  const axe = new AxeBuilder({ page }).withTags(TAGS);
  if (within) axe.include(within);
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1] ?? ''}`));
}

async function expectAccessible(page: Page, where: string, within?: string) {
  expect.soft(await blockers(page, within), where).toEqual([]);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Checks a dialog already open, then leaves it by the button named `leave`. */
async function checkOpenDialog(page: Page, dialogName: string, leave: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, `dialog ${dialogName}`, '[role="dialog"]');
  await dialog.getByRole('button', { name: leave, exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function rowAction(page: Page, rows: Locator, action: string) {
  await rows
    .getByRole('button', { name: /^Actions for / })
    .first()
    .click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

async function open(page: Page, label: string) {
  const link = nav(page).getByRole('link', { name: label, exact: true });
  const path = (await link.getAttribute('href'))?.split('?')[0];
  await link.click();
  // The previous screen's heading and table stay until the new screen has rendered.
  if (path) await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0);
}

/** Opens a dialog by its button, checks it, and closes it by its named close button. */
async function checkDialog(page: Page, button: string, dialogName: string | RegExp) {
  await page.getByRole('button', { name: button, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  // The screen under the dialog was checked on its own.
  await expectAccessible(page, `dialog ${dialogName}`, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Close dialog' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  // axe reads every element's colours and roles: a few seconds a screen on a busy machine.
  test.describe.configure({ timeout: 240_000 });
  test('the screens before signing in have no serious or critical violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'login');
    await checkDialog(page, 'Forgot your password?', 'Reset your password');
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in with SSO' })).toBeVisible();
    await expectAccessible(page, 'Sign in with SSO');
    await page.goto('/login?sso_error=unknown_domain');
    await expect(page.getByRole('alert')).toBeVisible();
    await expectAccessible(page, 'Sign in with SSO, refused');
    await page.goto('/sso/complete?sso_error=invalid_response');
    await expect(page.getByRole('alert')).toBeVisible();
    await expectAccessible(page, 'SSO test refused');
    await page.goto('/set-password?token=x');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'set-password');
    await page.goto('/health');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'health');
  });

  test('vaults, New Vault and the people screens and their dialogs', async ({ page }) => {
    await signIn(page);
    await pickPortal(page, 'ACME');

    await open(page, 'Vaults');
    await expectAccessible(page, 'Vaults');
    await checkDialog(page, 'Import CSV', /Import/);
    await page.getByRole('main').getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'Vault details');

    await open(page, 'New Vault');
    await page.getByRole('button', { name: 'Create Vault', exact: true }).click();
    await expectAccessible(page, 'New Vault with errors');

    await open(page, 'Administrators');
    await expectAccessible(page, 'Administrators');
    await checkDialog(page, 'Create Administrator', 'Create Administrator');
    await page.getByRole('main').getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'Administrator details');

    await open(page, 'Representatives');
    await expectAccessible(page, 'Representatives');
    await checkDialog(page, 'Add Representative', /Representative/);

    await open(page, 'Trusted Collaborators');
    await expectAccessible(page, 'Trusted Collaborators');
  });

  test('the portal, package and operations screens and their dialogs', async ({ page }) => {
    await signIn(page);
    await pickPortal(page, 'ACME');
    for (const screen of ['Portals', 'Sub-Portals', 'Base Packages', 'Active Packages', 'App Integrations']) {
      await open(page, screen);
      await expectAccessible(page, screen);
    }

    await open(page, 'Sponsor Authorizations');
    await expectAccessible(page, 'Sponsor Authorizations');
    await checkDialog(page, 'Grant access', /Grant/);

    await open(page, 'Invitation');
    await expectAccessible(page, 'Invitation');
    await checkDialog(page, 'Create Invitation', /Invitation/);
    await checkDialog(page, 'Import CSV', /Import/);

    for (const screen of ['Failed Files', 'Audit Logs', 'App Status']) {
      await open(page, screen);
      await expectAccessible(page, screen);
    }

    // An opened audit entry (labelled fields, raw JSON) and the date-range dropdown with its quick ranges.
    await open(page, 'Audit Logs');
    await page.getByRole('table', { name: 'Audit log' }).locator('tbody tr').first().locator('td').first().click();
    await page.getByText('Raw JSON').first().click();
    await expectAccessible(page, 'Audit Logs, an entry opened');
    await page.getByRole('button', { name: 'Date range' }).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Last 7 days', exact: true })).toBeVisible();
    await expectAccessible(page, 'date range dropdown', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // On a phone the quick ranges wrap above the calendar, inside the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Date range' }).click();
    const dropdown = page.getByRole('dialog');
    await expect(dropdown.getByRole('button', { name: 'This month', exact: true })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `${SHOTS}/date-range-phone.png` });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  test("the detail screens, the account page and the portal screens' create dialogs", async ({ page }) => {
    await signIn(page);
    await pickPortal(page, 'ACME');

    for (const [screen, details] of [
      ['Representatives', 'Representative details'],
      ['Trusted Collaborators', 'Trusted collaborator details'],
    ] as const) {
      await open(page, screen);
      await page.getByRole('main').getByRole('table').getByRole('link').first().click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0);
      await expectAccessible(page, details);
    }

    await open(page, 'Sub-Portals');
    await checkDialog(page, 'Create Sub-Portal', 'Create Sub-Portal');
    await page.getByRole('main').getByRole('table').getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0);
    await expectAccessible(page, 'Sub-portal details');

    await open(page, 'Base Packages');
    await checkDialog(page, 'Create Base Package', 'Create Base Package');

    await open(page, 'Active Packages');
    await page.getByRole('button', { name: /^Assign Packages/ }).click();
    const assign = page.getByRole('dialog', { name: 'Assign Packages' });
    await expect(assign).toBeVisible();
    await expectAccessible(page, 'dialog Assign Packages', '[role="dialog"]');
    await assign.getByRole('button', { name: 'Close dialog' }).click();
    await expect(assign).toBeHidden();

    const acme = (await storedSponsor(page))!.sponsorId;
    for (const [path, where] of [
      ['/sponsor', 'New portal form'],
      [`/sponsor/${acme}`, 'Portal page with its Sign-in section'],
      ['/account', 'Your account'],
    ] as const) {
      await page.goto(path);
      // A full page load of a lazy screen (the portal page waits for its details): more time on a busy machine.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0);
      await expectAccessible(page, where);
    }
  });

  test("the row actions' dialogs, the bulk dialog, Edit Representative, the New Vault message and the pop-up notifications", async ({
    page,
  }) => {
    await signIn(page);
    await pickPortal(page, 'ACME');
    const email = `axe.${Date.now().toString(36)}@e2e.example`;

    await open(page, 'New Vault');
    const form = page.getByRole('form', { name: 'New Vault' });
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('textbox', { name: 'First name' }).fill('Axel');
    await form.getByRole('textbox', { name: 'Last name' }).fill('Checker');
    await form.getByRole('combobox', { name: 'Package' }).click();
    await page.getByRole('option').first().click();
    await form.getByRole('button', { name: 'Create Vault' }).click();
    const created = page.getByRole('status').filter({ hasText: 'Vault created' });
    await expect(created).toBeVisible();
    await expectAccessible(page, 'New Vault, Vault created');
    await created.getByRole('button', { name: 'Close message' }).click();
    await expect(created).toBeHidden();

    await open(page, 'Vaults');
    const search = page.getByRole('search', { name: 'Search vault holders' });
    await search.getByRole('combobox', { name: 'Field name' }).click();
    await page.getByRole('option', { name: 'Email', exact: true }).click();
    await search.getByRole('textbox', { name: 'Field value' }).fill(email);
    await search.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('table', { name: 'Vault holders' }).getByRole('row').filter({ hasText: email });
    await expect(row).toBeVisible();
    await rowAction(page, row, 'Deactivate');
    await checkOpenDialog(page, 'Account Deactivation Confirmation', 'No');
    await rowAction(page, row, 'Archive vault');
    await checkOpenDialog(page, 'Archive Vault', 'Cancel');
    await row.getByRole('checkbox', { name: /^Select / }).check();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Resend activation email' }).click();
    await checkOpenDialog(page, 'Resend Activation Email', 'No');

    await open(page, 'Trusted Collaborators');
    await rowAction(page, page.getByRole('main').getByRole('table'), 'Reset MFA');
    await checkOpenDialog(page, 'Reset MFA', 'No');

    await open(page, 'Representatives');
    await page
      .getByRole('main')
      .getByRole('table')
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await checkOpenDialog(page, 'Edit Representative', 'Cancel');

    // A pop-up notification, checked while it shows (the pointer on it holds it open).
    await open(page, 'Administrators');
    await page.getByRole('button', { name: 'Create Administrator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Administrator' });
    await dialog.getByLabel('E-mail').fill(email.replace('axe.', 'axe.admin.'));
    await dialog.getByLabel('First name').fill('Axel');
    await dialog.getByLabel('Last name').fill('Admin');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    const note = page.locator('.mantine-Notification-root').filter({ hasText: 'an activation e-mail is on its way' });
    await expect(note).toBeVisible();
    await note.hover();
    await expectAccessible(page, 'notification', '.mantine-Notifications-root');
    await page.screenshot({ path: `${SHOTS}/notification.png` });
  });

  test('webhooks: the list, the add dialog, the secret shown once and a delivery log', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page);
    await expect(portalSelect(page)).toBeEnabled();
    if (!(await portalSelect(page).inputValue()).startsWith('ACME')) await pickPortal(page, 'ACME');
    await open(page, 'App Integrations');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Webhooks' })).toBeVisible();
    await expectAccessible(page, 'Webhooks');
    const endpoint = 'https://hooks.a11y.example/in';
    await expect(async () => {
      await page.getByRole('button', { name: 'Add Webhook' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Webhook' })).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    await expectAccessible(page, 'dialog Add Webhook', '[role="dialog"]');
    const dialog = page.getByRole('dialog', { name: 'Add Webhook' });
    await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(endpoint);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await checkOpenDialog(page, 'Signing Secret', 'Close');
    await expect(page.getByRole('link', { name: endpoint, exact: true })).toBeVisible();
    await expectAccessible(page, 'Webhooks with a row');
    await page.getByRole('link', { name: `Delivery log of ${endpoint}` }).click();
    await expect(page.getByRole('heading', { name: 'Delivery Log' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Deliveries' }).locator('tbody tr').first()).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, 'Delivery Log');
  });

  test('keyboard users skip to the content, the phone menu says whether it is open, and a failed submit focuses the first error', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await pickPortal(page, 'ACME');

    // On a freshly opened screen the first Tab stop is the skip link; it moves focus to the content.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.screenshot({ path: `${SHOTS}/skip-link-phone.png` });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    const burger = page.getByRole('button', { name: 'Show menu' });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();
    await expect(page.getByRole('button', { name: 'Hide menu' })).toHaveAttribute('aria-expanded', 'true');
    await nav(page).getByRole('link', { name: 'New Vault', exact: true }).click();

    // One h1 per screen.
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await page.getByRole('button', { name: 'Create Vault', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/new-vault-errors-phone.png` });
    await page.getByRole('textbox', { name: 'Email' }).fill('someone.new@example.com');
    await page.getByRole('button', { name: 'Create Vault', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'First name' })).toBeFocused();
  });
});
