import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { pickPortal, signIn } from './fixtures';

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const table = (page: Page) => page.getByRole('table').first();
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const unique = () => `E2E${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;

async function openInvitations(page: Page, code = 'ACME') {
  await signIn(page);
  await pickPortal(page, code);
  await nav(page).getByRole('link', { name: 'Invitation', exact: true }).click();
  await expect(page).toHaveURL(/\/invitation$/);
  await expect(page.getByRole('heading', { name: 'Invitation', exact: true })).toBeVisible();
}

const dayLabel = (d: Date) => `${d.getDate()} ${d.toLocaleString('en-US', { month: 'long' })} ${d.getFullYear()}`;

/**
 * Picks `day` in the invitation's Expires picker: opens it, walks the calendar to the day's month
 * (it opens on the current value's month), clicks the day and closes it with Done. The time stays.
 */
async function pickExpiryDay(page: Page, day: Date) {
  await page.getByRole('dialog').getByRole('button', { name: 'Expires' }).click();
  const target = page.getByRole('button', { name: dayLabel(day), exact: true });
  const arrow = page.getByRole('button', { name: day.getTime() < Date.now() ? 'Previous month' : 'Next month' });
  for (let i = 0; i < 24 && !(await target.isVisible()); i++) await arrow.click();
  await target.click();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(target).toBeHidden();
}

/** Creates an open invitation through the dialog. */
async function createOpen(page: Page, code: string, opts: { max?: number; asDefault?: boolean } = {}) {
  await page.getByRole('button', { name: 'Create Invitation' }).click();
  const dialog = page.getByRole('dialog');
  // A click that lands while the dialog is still opening is lost: choose the type until it took.
  await expect(async () => {
    await dialog.getByText('Open (shared code)').click();
    await expect(dialog).toHaveAccessibleName('Create Open Invitation', { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await dialog.getByRole('textbox', { name: 'Invite code' }).fill(code);
  await dialog.getByRole('textbox', { name: 'Max uses' }).fill(String(opts.max ?? 25));
  await dialog.getByRole('combobox', { name: 'Package' }).click();
  await page.getByRole('option').first().click();
  if (opts.asDefault) await dialog.getByRole('checkbox', { name: 'Default invite code' }).check();
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(rowOf(page, code)).toBeVisible();
}

test.describe('invitations', () => {
  test('the Created filter: a quick range keeps the filter in the URL and narrows the list and a search', async ({ page }) => {
    await openInvitations(page);
    const code = `C${unique()}`;
    await createOpen(page, code);
    // Demo seminar codes were created weeks ago.
    await page.getByRole('combobox', { name: 'Search in' }).click();
    await page.getByRole('option', { name: 'Code', exact: true }).click();
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('SEMINAR');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(rowOf(page, 'SEMINAR').first()).toBeVisible();

    await page.getByRole('button', { name: 'Created' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Today', exact: true }).click();
    const now = new Date();
    const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    await expect(page).toHaveURL(new RegExp(`from=${day}&to=${day}`));
    await expect(page).toHaveURL(/field=inviteCode&q=SEMINAR/);
    await expect(rowOf(page, 'SEMINAR')).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(rowOf(page, code)).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/invitations-created-filter-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 860 });

    await page.getByRole('button', { name: 'Clear created' }).click();
    await expect(page).not.toHaveURL(/from=/);
  });

  test('create an open invitation, make it the default and see the previous default cleared; edit it', async ({ page }) => {
    await openInvitations(page);
    await expect(table(page)).toBeVisible();
    const u = unique();
    const first = `A${u}`;
    await createOpen(page, first, { asDefault: true });
    await expect(rowOf(page, first).getByTestId('default-badge')).toBeVisible();
    // The type last chosen is kept in the browser.
    expect(await page.evaluate(() => localStorage.getItem('invitation_type'))).toBe('open');

    const second = `B${u}`;
    await createOpen(page, second);
    await expect(rowOf(page, second).getByTestId('default-badge')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/invitations-list.png`, fullPage: true });

    await rowOf(page, second)
      .getByRole('button', { name: `Make ${second} the default invite code` })
      .click();
    await expect(rowOf(page, second).getByTestId('default-badge')).toBeVisible();
    await expect(rowOf(page, first).getByTestId('default-badge')).toHaveCount(0);
    await expect(rowOf(page, first).getByRole('button', { name: `Make ${first} the default invite code` })).toBeVisible();
    // Only one default on the page, and still after the server's answer is fetched again.
    await expect(page.getByTestId('default-badge')).toHaveCount(1);
    await page.reload();
    await expect(rowOf(page, second).getByTestId('default-badge')).toBeVisible();
    await expect(page.getByTestId('default-badge')).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/invitations-default.png`, fullPage: true });

    // Edit: editing → "Updating...." → "Server Update Confirmation".
    await page.route('**/api/v1/invitations', async (route) => {
      if (route.request().method() === 'PUT') await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await rowOf(page, first)
      .getByRole('button', { name: `Edit invitation ${first}` })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAccessibleName('Edit Open Invitation');
    await expect(dialog.getByRole('textbox', { name: 'Invite code' })).toHaveValue(first);
    // The expiry is the portal's date-time picker; a day that has passed is refused on the field.
    const now = new Date();
    await pickExpiryDay(page, new Date(now.getFullYear(), now.getMonth() - 1, 1));
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog.getByText('Expiry must be in the future')).toBeVisible();
    const later = new Date(now.getFullYear(), now.getMonth() + 2, 15);
    await pickExpiryDay(page, later);
    await expect(dialog.getByRole('button', { name: 'Expires' })).toContainText(
      `${String(later.getMonth() + 1).padStart(2, '0')}/15/${later.getFullYear()}`,
    );
    await dialog.getByRole('textbox', { name: 'Max uses' }).fill('40');
    await page.screenshot({ path: `${SHOTS}/invitations-edit.png` });
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('dialog', { name: 'Updating....' })).toBeVisible();
    const confirmation = page.getByRole('dialog', { name: 'Server Update Confirmation' });
    await expect(confirmation).toBeVisible();
    await expect(confirmation).toContainText('The invitation was updated.');
    await page.screenshot({ path: `${SHOTS}/invitations-edit-confirmation.png` });
    await confirmation.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(rowOf(page, first)).toContainText('0 of 40');

    // A duplicate open code is refused with a message on the field, and nothing is created.
    await page.getByRole('button', { name: 'Create Invitation' }).click();
    const create = page.getByRole('dialog');
    await expect(create).toHaveAccessibleName('Create Open Invitation');
    await create.getByRole('textbox', { name: 'Invite code' }).fill(first.toLowerCase());
    await create.getByRole('combobox', { name: 'Package' }).click();
    await page.getByRole('option').first().click();
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(create.getByText('This invite code is already used in this portal')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/invitations-create-duplicate.png` });
    await create.getByRole('button', { name: 'Cancel' }).click();
  });

  test('create a strict invitation, resend it: the button is disabled while it runs, then the alert shows the outcome', async ({
    page,
  }) => {
    await openInvitations(page);
    // The type last chosen is kept in the browser: choose open, cancel, reload, and it is still open.
    await page.getByRole('button', { name: 'Create Invitation' }).click();
    let dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAccessibleName(/Create (Strict|Open) Invitation/);
    await dialog.getByText('Open (shared code)').click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.reload();
    await page.getByRole('button', { name: 'Create Invitation' }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAccessibleName('Create Open Invitation');
    await dialog.getByText('Strict (one person)').click();
    await expect(dialog).toHaveAccessibleName('Create Strict Invitation');
    // A strict invitation without e-mail: a message per field.
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog.getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(dialog.getByText('First name is required')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/invitations-create-strict.png` });
    const email = `${unique().toLowerCase()}@example.com`;
    await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Erin');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Tester');
    await dialog.getByRole('combobox', { name: 'Package' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const row = rowOf(page, email);
    await expect(row).toContainText('testInvitation');
    await expect(row).toContainText('0 of 1');
    await expect(row).toContainText('pending');

    await page.route('**/api/v1/invitations/*?*', async (route) => {
      if (route.request().method() === 'PUT') await new Promise((r) => setTimeout(r, 900));
      await route.continue();
    });
    const resend = row.getByRole('button', { name: `Resend invitation to ${email}` });
    await expect(resend).toBeEnabled();
    await resend.click();
    await expect(resend).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/invitations-resend-running.png` });
    dialog = page.getByRole('dialog', { name: 'Resend Invitation' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`The invitation was sent again to ${email}.`);
    await page.screenshot({ path: `${SHOTS}/invitations-resend-alert.png` });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(resend).toBeEnabled();
  });

  test('import a CSV with one bad row and see it under the not-migrated list', async ({ page }) => {
    await openInvitations(page);
    const pkg: string = await page.evaluate(async () => {
      const sponsor = JSON.parse(localStorage.getItem('session_sponsor') ?? '{}');
      const res = await fetch(`/api/v1/packages/filter?sponsorId=${sponsor.sponsorId}`, {
        headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` },
      });
      return (await res.json()).data[0].name;
    });
    const code = unique();
    const good = `${code.toLowerCase()}@example.com`;
    const csv = [
      'type,email,firstName,lastName,inviteCode,max,expireTime,package',
      `strict,${good},Ivy,Import,,,,${pkg}`,
      `open,,,,${code},0,2030-01-01,${pkg}`,
      `open,,,,${code}OK,5,2030-01-01,${pkg}`,
    ].join('\n');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Invitations' });
    await expect(dialog).toBeVisible();
    // The example names one of this portal's packages, so that a copied example imports.
    await expect(dialog.locator('pre')).toContainText(`,${pkg},en,false`);
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'invitations.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByText('Some invitations were imported')).toBeVisible();
    const migrated = dialog.getByRole('table', { name: 'Migrated invitations', exact: true });
    const notMigrated = dialog.getByRole('table', { name: 'Not migrated invitations', exact: true });
    await expect(migrated.getByRole('row')).toHaveCount(3);
    await expect(migrated).toContainText(good);
    await expect(notMigrated.getByRole('row')).toHaveCount(2);
    const bad = notMigrated.getByRole('row').nth(1);
    await expect(bad).toContainText('3');
    await expect(bad).toContainText('Max must be at least 1');
    await page.screenshot({ path: `${SHOTS}/invitations-import.png` });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, good)).toBeVisible();
    await expect(rowOf(page, `${code}OK`)).toBeVisible();

    // A file that is not CSV is refused with a message.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Please choose a CSV file');
  });

  test('search by field keeps the search in the address and shows at most a page of 20', async ({ page }) => {
    await openInvitations(page);
    await page.getByRole('combobox', { name: 'Search in' }).click();
    await page.getByRole('option', { name: 'Type' }).click();
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('strict');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/field=type&q=strict/);
    await expect(page.getByRole('row').filter({ hasText: 'open' }).filter({ hasText: 'Make default' })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/invitations-search.png`, fullPage: true });
    const rows = await page.getByRole('row').count();
    expect(rows).toBeLessThanOrEqual(21);
  });
});
