import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD, pickPortal, signIn, storedSponsor } from './fixtures';

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const unique = (prefix: string) => `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}@e2e.example`;

/** Calls the API from inside the signed-in page (bearer token and XSRF header, as the portal does). */
async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = document.cookie
        .split(';')
        .map((c) => c.trim().split('='))
        .find(([k]) => k === 'XSRF-TOKEN')?.[1];
      const res = await fetch(path, {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('access_token')}`,
          ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        },
        body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(json)}`);
      return json;
    },
    { method, path, body },
  ) as Promise<T>;
}

async function sponsorIdOf(page: Page, code: string): Promise<number> {
  const res = await apiCall<{ data: { id: number; sponsorCode: string }[] }>(page, 'GET', '/api/v1/sponsors');
  return res.data.find((s) => s.sponsorCode === code)!.id;
}

/** A representative created through the API (it also creates the global advisor). */
async function addRepresentative(page: Page, sponsorCode: string, email: string, firstName: string, lastName: string) {
  const sponsorId = await sponsorIdOf(page, sponsorCode);
  return apiCall<{ id: number; userId: number }>(page, 'POST', `/api/v1/sponsoredadvisor?sponsorId=${sponsorId}`, {
    email,
    firstName,
    lastName,
  });
}

test.describe('people', () => {
  // Several sign-ins, dialogs and portal switches per journey: give them room on a busy machine.
  test.describe.configure({ timeout: 150_000 });

  test('create an administrator with flags and see them in the list, then change a flag on the detail page', async ({ page }) => {
    await signIn(page);
    await pickPortal(page, 'ACME');
    await nav(page).getByRole('link', { name: 'Administrators', exact: true }).click();
    await expect(page).toHaveURL(/\/sponsor-admin$/);
    await expect(page.getByRole('heading', { name: 'Administrators', exact: true })).toBeVisible();

    const email = unique('grace.admin');
    await page.getByRole('button', { name: 'Create Administrator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Administrator' });
    await expect(dialog).toBeVisible();
    // Bad input is refused in the form with the specification's rules.
    await dialog.getByLabel('E-mail').fill('not-an-email');
    await dialog.getByLabel('First name').fill('Grace<');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog.getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(dialog.getByText('First name may contain only letters, digits, spaces, apostrophes, hyphens and periods')).toBeVisible();

    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('First name').fill('Grace');
    await dialog.getByLabel('Last name').fill('Hopper');
    await dialog.getByLabel('Title').fill('Operations lead');
    await dialog.getByLabel('Test account').check();
    // hasPrivateFoldersAccess is always on for a new administrator.
    await expect(dialog.getByRole('checkbox', { name: /Private folders access/ })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: /Private folders access/ })).toBeDisabled();
    await dialog.getByRole('checkbox', { name: /Manage MFA access/ }).check();
    await dialog.getByRole('checkbox', { name: /Archive vault access/ }).check();
    await page.screenshot({ path: `${SHOTS}/people-admin-create.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Create Administrator' })).toHaveCount(0);

    const row = rowOf(page, email);
    await expect(row).toBeVisible();
    await expect(row).toContainText('Grace Hopper');
    await expect(row).toContainText('Pending activation');
    await page.screenshot({ path: `${SHOTS}/people-admins.png`, fullPage: true });

    // Search finds them.
    await page.getByLabel('Search', { exact: true }).fill('hopper');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/q=hopper/);
    await expect(rowOf(page, email)).toBeVisible();

    // Resend the activation link behind its confirmation, with the server's answer.
    await row.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
    await page.getByRole('menuitem', { name: 'Resend activation link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Resend Activation Email' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(confirm.getByText('Server Confirmation')).toBeVisible();
    await expect(confirm).toContainText(`An activation e-mail was sent to ${email}.`);
    await confirm.getByRole('button', { name: 'Close', exact: true }).click();

    // The detail page edits the flags.
    await rowOf(page, email).getByRole('link', { name: 'Grace Hopper', exact: true }).click();
    await expect(page).toHaveURL(/\/sponsor-admin\/\d+\/said\/\d+$/);
    const form = page.getByRole('form', { name: 'Administrator details and access' });
    await expect(form.getByRole('checkbox', { name: /Manage MFA access/ })).toBeChecked();
    await form.getByRole('checkbox', { name: /Template access/ }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/access was saved/)).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('form', { name: 'Administrator details and access' }).getByRole('checkbox', { name: /Template access/ }),
    ).toBeChecked();
    // The page shows the messages sent to them, each with where it is on its way.
    const messages = page.getByRole('table', { name: `Messages to ${email}` });
    await expect(messages.getByRole('row')).toHaveCount(3);
    await expect(messages.getByRole('row').nth(1)).toContainText('Resend activation');
    await expect(messages.getByRole('row').nth(2)).toContainText('Activation');
    await expect(messages.getByRole('row').nth(1)).toContainText(/Sent \d{2}\/\d{2}\/\d{4}/, { timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/people-admin-detail.png`, fullPage: true });

    // Deactivate (sent with the version header v2) behind its confirmation.
    await page.getByRole('button', { name: 'Deactivate' }).click();
    const deactivate = page.getByRole('dialog', { name: 'Account Deactivation Confirmation' });
    await deactivate.getByRole('button', { name: 'Yes' }).click();
    await expect(deactivate.getByText('Server Confirmation')).toBeVisible();
    await expect(deactivate).toContainText('Grace Hopper is now inactive.');
    await page.screenshot({ path: `${SHOTS}/people-admin-deactivate.png`, fullPage: true });
    await deactivate.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByText('Inactive', { exact: true })).toBeVisible();

    // The Messages list opens on exactly their messages, where "Send again" is.
    await page.getByRole('link', { name: 'Open in the Messages list' }).click();
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(2);
  });

  test('add a representative whose e-mail already exists: the modal prefills them with a warning', async ({ page }) => {
    await signIn(page);
    await pickPortal(page, 'BRKS');
    const email = unique('olivia.rep');
    await addRepresentative(page, 'BRKS', email, 'Olivia', 'Stone');

    await pickPortal(page, 'ACME');
    await nav(page).getByRole('link', { name: 'Representatives', exact: true }).click();
    await expect(page).toHaveURL(/\/sponsor-trusted-advisors$/);
    await expect(page.getByRole('heading', { name: 'Representatives', exact: true })).toBeVisible();
    await expect(rowOf(page, email)).toHaveCount(0);

    await page.getByRole('button', { name: 'Add Representative' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Representative' });
    await modal.getByLabel('E-mail').fill(email.toUpperCase());
    const lookup = page.waitForRequest((r) => r.url().includes('/api/v1/sponsoredadvisor/details'));
    await modal.getByRole('button', { name: 'Look up' }).click();
    // Specification section 5: the look-up sends the placeholder names NA.
    expect((await lookup).postDataJSON()).toMatchObject({ firstName: 'NA', lastName: 'NA' });
    await expect(modal.getByTestId('existing-user-warning')).toBeVisible();
    await expect(modal.getByTestId('existing-user-warning')).toContainText('already exists');
    // The look-up tells only that the e-mail is a user: another portal's details are not shown.
    await expect(modal.getByLabel('First name')).toHaveCount(0);
    await expect(modal.getByText('Stone')).toHaveCount(0);
    await modal.getByRole('checkbox', { name: /Vault activation/ }).check();
    await page.screenshot({ path: `${SHOTS}/people-rep-existing.png`, fullPage: true });

    // Closing resets the flags: opening again shows no warning.
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Add Representative' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Representative' }).getByTestId('existing-user-warning')).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Add Representative' }).getByLabel('E-mail')).toHaveValue('');

    const again = page.getByRole('dialog', { name: 'Add Representative' });
    await again.getByLabel('E-mail').fill(email);
    await again.getByRole('button', { name: 'Look up' }).click();
    await expect(again.getByTestId('existing-user-warning')).toBeVisible();
    await again.getByLabel('Permissions').fill('Estate planning');
    await again.getByLabel('Permissions').press('Enter');
    // The remaining categories stay listed under the field (over the flags) until it loses focus.
    await again.getByLabel('Permissions').blur();
    await again.getByRole('checkbox', { name: /Vault activation/ }).check();
    await again.getByRole('button', { name: 'Add to this portal' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Representative' })).toHaveCount(0);
    await expect(rowOf(page, email)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/people-reps.png`, fullPage: true });

    // Adding them again is refused with the server's reason.
    await page.getByRole('button', { name: 'Add Representative' }).click();
    const third = page.getByRole('dialog', { name: 'Add Representative' });
    await third.getByLabel('E-mail').fill(email);
    await third.getByRole('button', { name: 'Look up' }).click();
    await expect(third.getByRole('alert')).toContainText('already a representative of this portal');
    await third.getByRole('button', { name: 'Cancel' }).click();

    // Edit mode: after a save the form stays open and editable.
    await rowOf(page, email).getByRole('button', { name: 'Edit Olivia Stone' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Representative' });
    await expect(edit.getByLabel('E-mail')).toBeDisabled();
    await edit.getByRole('checkbox', { name: /Reminder tab access/ }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    // The time is said like every other time of the portal: a 12-hour clock with lower-case am/pm.
    await expect(edit.getByText(/saved at \d{1,2}:\d{2} (am|pm)\. You can keep editing/)).toBeVisible();
    await expect(edit.getByRole('checkbox', { name: /Show in contacts/ })).toBeEnabled();
    await page.screenshot({ path: `${SHOTS}/people-rep-edit.png`, fullPage: true });
    await edit.getByRole('button', { name: 'Close', exact: true }).click();

    // The list reloads when the sponsor changes.
    await pickPortal(page, 'CAPH');
    await expect(rowOf(page, email)).toHaveCount(0);
    expect((await storedSponsor(page))?.sponsorCode).toBe('CAPH');
    await pickPortal(page, 'ACME');
    await expect(rowOf(page, email)).toBeVisible();

    // Detail page.
    await rowOf(page, email).getByRole('link', { name: 'Olivia', exact: true }).click();
    await expect(page).toHaveURL(/\/sponsor-trusted-advisors\/\d+\/staid\/\d+$/);
    await expect(page.getByText('Estate planning')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/people-rep-detail.png`, fullPage: true });

    // The test-account flag is read from and saved to users/{id}, behind a confirmation.
    const testSwitch = page.getByRole('switch', { name: 'Test account' });
    await expect(testSwitch).not.toBeChecked();
    await testSwitch.click({ force: true });
    const testDialog = page.getByRole('dialog', { name: 'Test Account' });
    await testDialog.getByRole('button', { name: 'Yes' }).click();
    await expect(testDialog).toContainText('Olivia Stone is now a test account.');
    await testDialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(testSwitch).toBeChecked();
  });

  test('deactivate and activate a trusted collaborator, then reset their MFA and see the success state', async ({ page }) => {
    await signIn(page);
    await pickPortal(page, 'ACME');
    const email = unique('tom.collab');
    await addRepresentative(page, 'ACME', email, 'Tom', 'Baker');
    const { userId } = await apiCall<{ data: { id: number; email: string }[] }>(page, 'POST', '/api/v1/advisors/search', {
      fieldName: 'email',
      fieldValue: email,
    }).then((r) => ({
      userId: r.data[0]!.id,
    }));
    // Make them active first, so that deactivating is the first visible change.
    await apiCall(page, 'PUT', `/api/v1/advisors/activate?sponsorid=${await sponsorIdOf(page, 'ACME')}`, { id: userId, statusId: 1 });

    await nav(page).getByRole('link', { name: 'Trusted Collaborators', exact: true }).click();
    await expect(page).toHaveURL(/\/trusted-advisors$/);
    await page.getByLabel('Search', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = rowOf(page, email);
    await expect(row).toContainText('Active');
    await page.screenshot({ path: `${SHOTS}/people-collaborators.png`, fullPage: true });

    await row.getByRole('button', { name: 'Actions for Tom Baker' }).click();
    await page.getByRole('menuitem', { name: 'Deactivate', exact: true }).click();
    const off = page.getByRole('dialog', { name: 'Account Deactivation Confirmation' });
    await off.getByRole('button', { name: 'Yes' }).click();
    await expect(off.getByText('Server Confirmation')).toBeVisible();
    await expect(off).toContainText('Tom Baker is now inactive.');
    await off.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(rowOf(page, email)).toContainText('Inactive');

    await rowOf(page, email).getByRole('button', { name: 'Actions for Tom Baker' }).click();
    await page.getByRole('menuitem', { name: 'Activate', exact: true }).click();
    const on = page.getByRole('dialog', { name: 'Account Activation Confirmation' });
    await on.getByRole('button', { name: 'Yes' }).click();
    await expect(on).toContainText('Tom Baker is now active.');
    await on.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(rowOf(page, email)).toContainText('Active');

    await rowOf(page, email).getByRole('button', { name: 'Actions for Tom Baker' }).click();
    await page.getByRole('menuitem', { name: 'Reset MFA' }).click();
    const mfa = page.getByRole('dialog', { name: 'Reset MFA' });
    await expect(mfa.getByTestId('mfa-reset')).toHaveAttribute('data-state', 'idle');
    await mfa.getByRole('button', { name: 'Reset MFA' }).click();
    await expect(mfa.getByTestId('mfa-reset')).toHaveAttribute('data-state', 'success');
    await expect(mfa.getByRole('status')).toContainText(`MFA was reset for ${email}.`);
    await page.screenshot({ path: `${SHOTS}/people-mfa-reset.png`, fullPage: true });
    await mfa.getByRole('button', { name: 'Close', exact: true }).click();
    // Back to idle: opening again asks first.
    await rowOf(page, email).getByRole('button', { name: 'Actions for Tom Baker' }).click();
    await page.getByRole('menuitem', { name: 'Reset MFA' }).click();
    await expect(page.getByRole('dialog', { name: 'Reset MFA' }).getByTestId('mfa-reset')).toHaveAttribute('data-state', 'idle');
    await page.getByRole('dialog', { name: 'Reset MFA' }).getByRole('button', { name: 'No' }).click();

    // Detail page with the portals they represent.
    await rowOf(page, email).getByRole('link', { name: 'Tom Baker', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/trusted-advisor/${userId}$`));
    await expect(page.getByRole('cell', { name: 'ACME', exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/people-collaborator-detail.png`, fullPage: true });
  });

  test('a sponsor administrator without hasManageMfaAccess sees no MFA reset and cannot grant it', async ({ page }) => {
    await signIn(page);
    const sponsorId = await sponsorIdOf(page, 'SUMT');
    const admins = await apiCall<{ data: { id: number; email: string }[] }>(
      page,
      'GET',
      '/api/v1/sponsors/admin?sponsorcode=SUMT&offset=0&limit=100',
    );
    const main = admins.data.find((a) => a.email === 'admin@sumt.example')!;
    await addRepresentative(page, 'SUMT', unique('nora.rep'), 'Nora', 'Quinn');
    await apiCall(page, 'PUT', `/api/v1/sponsors/admin/${main.id}?sponsorid=${sponsorId}`, { hasManageMfaAccess: false });
    try {
      await page.evaluate(() => localStorage.clear());
      await page.goto('/login');
      await page.getByLabel('E-mail or username').fill('admin@sumt.example');
      await page.locator('input[type="password"]').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
      await pickPortal(page, 'SUMT');

      await nav(page).getByRole('link', { name: 'Representatives', exact: true }).click();
      await rowOf(page, 'Nora').getByRole('button', { name: 'Actions for Nora Quinn' }).click();
      await expect(page.getByRole('menuitem', { name: 'Send activation link' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Reset MFA' })).toHaveCount(0);
      await page.keyboard.press('Escape');

      await nav(page).getByRole('link', { name: 'Trusted Collaborators', exact: true }).click();
      await rowOf(page, 'Nora').getByRole('button', { name: 'Actions for Nora Quinn' }).click();
      await expect(page.getByRole('menuitem', { name: 'Reset MFA' })).toHaveCount(0);
      await page.keyboard.press('Escape');

      await nav(page).getByRole('link', { name: 'Administrators', exact: true }).click();
      await page.getByRole('button', { name: 'Create Administrator' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Create Administrator' }).getByRole('checkbox', { name: /Manage MFA access/ }),
      ).toBeDisabled();
      await page.screenshot({ path: `${SHOTS}/people-admin-no-mfa.png`, fullPage: true });
    } finally {
      await page.evaluate(() => localStorage.clear());
      await signIn(page);
      await apiCall(page, 'PUT', `/api/v1/sponsors/admin/${main.id}?sponsorid=${sponsorId}`, { hasManageMfaAccess: true });
    }
  });
});
