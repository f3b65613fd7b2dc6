import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { pickPortal, signIn, storedSponsor } from './fixtures';

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const holders = (page: Page) => page.getByRole('table', { name: 'Vault holders' });
const rowOf = (page: Page, text: string) => holders(page).getByRole('row').filter({ hasText: text });
const unique = (prefix: string) => `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}@e2e.example`;

async function searchByEmail(page: Page, email: string) {
  const search = page.getByRole('search', { name: 'Search vault holders' });
  await search.getByRole('combobox', { name: 'Field name' }).click();
  await page.getByRole('option', { name: 'Email', exact: true }).click();
  await search.getByRole('textbox', { name: 'Field value' }).fill(email);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(rowOf(page, email)).toBeVisible();
}

async function createVault(page: Page, email: string, first = 'Erin', last = 'Endtoend') {
  await nav(page).getByRole('link', { name: 'New Vault' }).click();
  await expect(page.getByRole('heading', { name: 'New Vault' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New Vault' });
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: 'First name' }).fill(first);
  await form.getByRole('textbox', { name: 'Last name' }).fill(last);
  // Tag defaults to individual.
  await expect(form.getByRole('combobox', { name: 'Tag' })).toHaveValue('Individual');
  await form.getByRole('combobox', { name: 'Package' }).click();
  await page.getByRole('option').first().click();
  await form.getByRole('button', { name: 'Create Vault' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Vault created' })).toBeVisible();
}

/** Opens a row's action menu and picks an action. */
async function rowAction(page: Page, email: string, action: string) {
  await rowOf(page, email)
    .getByRole('button', { name: /^Actions for / })
    .click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

async function confirmAndClose(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog.getByText('Server Confirmation')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await pickPortal(page, 'ACME');
});

test('create a vault, find it by search, deactivate then activate it', async ({ page }) => {
  const email = unique('erin');
  await createVault(page, email);
  await page.screenshot({ path: `${SHOTS}/vaults-new-vault.png`, fullPage: true });

  await nav(page).getByRole('link', { name: 'Vaults' }).click();
  await expect(page.getByRole('heading', { name: 'Vaults' })).toBeVisible();
  await searchByEmail(page, email);
  await expect(rowOf(page, email)).toContainText('Pending activation');

  await rowAction(page, email, 'Deactivate');
  await confirmAndClose(page, 'Account Deactivation Confirmation');
  await expect(rowOf(page, email)).toContainText('Inactive');

  await rowAction(page, email, 'Activate');
  const dialog = page.getByRole('dialog', { name: 'Account Activation Confirmation' });
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog.getByText('Server Confirmation')).toBeVisible();
  await expect(dialog).toContainText('is now active');
  await page.screenshot({ path: `${SHOTS}/vaults-server-confirmation.png` });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(rowOf(page, email)).toContainText('Active');
  await page.screenshot({ path: `${SHOTS}/vaults-list-search.png`, fullPage: true });
});

test('archive a vault: a 10-character reason is refused, a valid one archives it', async ({ page }) => {
  const email = unique('archie');
  await createVault(page, email, 'Archie', 'Vault');
  await nav(page).getByRole('link', { name: 'Vaults' }).click();
  await searchByEmail(page, email);

  await rowAction(page, email, 'Archive vault');
  const dialog = page.getByRole('dialog', { name: 'Archive Vault' });
  await expect(dialog).toContainText('Warning. You are about to archive a vault containing 0 documents.');
  const reason = dialog.getByRole('textbox', { name: 'Reason for Archive & Ticket Number (If applicable):' });
  await expect(reason).toHaveAttribute('placeholder', 'Enter reason');
  await reason.fill('Too short!');
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(dialog.getByText('Required (minimum 20 characters, maximum 1024)')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/vaults-archive-refused.png` });
  await reason.fill('Client closed the account, ticket 4711');
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(dialog.getByText('Server Confirmation')).toBeVisible();
  await expect(dialog).toContainText('is archived');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(rowOf(page, email)).toContainText('Archived');

  // The details page shows the archive and the history.
  await rowOf(page, email).getByRole('link', { name: 'Archie', exact: true }).click();
  await expect(page.getByRole('heading', { name: /Archie Vault/ })).toBeVisible();
  await expect(page.getByText('Client closed the account, ticket 4711').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'History' })).toContainText('Vault archived');
  await page.screenshot({ path: `${SHOTS}/vaults-details.png`, fullPage: true });
});

test('import a CSV with one bad row: the preview shows its error, the good rows are imported', async ({ page }) => {
  const tag = Date.now().toString(36);
  await nav(page).getByRole('link', { name: 'Vaults' }).click();
  // The package names of this portal, as the New Vault form lists them.
  await nav(page).getByRole('link', { name: 'New Vault' }).click();
  const form = page.getByRole('form', { name: 'New Vault' });
  await form.getByRole('combobox', { name: 'Package' }).click();
  const packageName = ((await page.getByRole('option').first().textContent()) ?? '').replace(/\s*\(.*$/, '').trim();
  await page.keyboard.press('Escape');
  await nav(page).getByRole('link', { name: 'Vaults' }).click();

  const good1 = `imp1.${tag}@e2e.example`;
  const good2 = `imp2.${tag}@e2e.example`;
  const csv = [
    'email,firstName,lastName,package',
    `${good1},Ima,Porter,${packageName}`,
    `not-an-email-${tag},Bad,Row,${packageName}`,
    `${good2},Ian,Porter,${packageName}`,
  ].join('\n');

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Vault Holders' });
  await expect(dialog).toBeVisible();
  // The template's example rows name this portal's own packages.
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download the template CSV' }).click();
  const template = await readFile((await (await download).path())!, 'utf8');
  expect(template.split('\r\n')[1]).toContain(`,${packageName},`);
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'holders.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const summary = dialog.getByRole('status', { name: 'Preview summary' });
  await expect(summary).toContainText('3 rows');
  await expect(summary).toContainText('2 valid');
  await expect(summary).toContainText('1 invalid');
  const preview = dialog.getByRole('table', { name: 'Import preview' });
  await expect(preview.getByRole('row').filter({ hasText: `not-an-email-${tag}` })).toContainText('Invalid e-mail address');
  await expect(preview.getByRole('row').filter({ hasText: `not-an-email-${tag}` })).toContainText('3');
  await expect(dialog.getByRole('button', { name: 'Download error report' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/vaults-import-preview.png` });

  await dialog.getByRole('button', { name: 'Import 2 vault holders' }).click();
  await expect(dialog).toBeHidden();
  const result = page.getByRole('dialog', { name: 'Import complete' });
  await expect(result).toContainText('migrationStatus: Success');
  await expect(result).toContainText('2 vault holders imported from holders.csv. 1 invalid row was left out.');
  await result.getByRole('button', { name: 'Close', exact: true }).click();

  await searchByEmail(page, good1);
  await searchByEmail(page, good2);
});

test('select rows and run a bulk action with a per-row outcome; columns are remembered', async ({ page }) => {
  await nav(page).getByRole('link', { name: 'Vaults' }).click();
  await expect(holders(page).getByRole('row').nth(2)).toBeVisible();
  await expect(page.getByText(/^1–20 of /)).toBeVisible();

  // Column options: hide License; the choice survives a reload.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'License' }).click();
  await expect(page.getByRole('checkbox', { name: 'License' })).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Last Sign-in' }).click();
  await expect(page.getByRole('checkbox', { name: 'Last Sign-in' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(holders(page).getByRole('columnheader', { name: 'License' })).toHaveCount(0);
  await page.goto('/');
  await expect(holders(page).getByRole('columnheader', { name: 'Last Sign-in' })).toBeVisible();
  await expect(holders(page).getByRole('columnheader', { name: 'License' })).toHaveCount(0);

  const boxes = holders(page).getByRole('checkbox', { name: /^Select (?!every)/ });
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await expect(page.getByRole('region', { name: 'Selection' })).toContainText('2 selected');
  await page.screenshot({ path: `${SHOTS}/vaults-list.png`, fullPage: true });
  await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Resend activation email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Resend Activation Email' });
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog.getByRole('table', { name: 'Outcome per vault holder' }).getByRole('row')).toHaveCount(3);
  await page.screenshot({ path: `${SHOTS}/vaults-bulk-result.png` });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
});

test('New Vault with trusted advisors: the sponsor is chosen in the form, the advisors show on the vault details', async ({ page }) => {
  const email = unique('ada');
  await nav(page).getByRole('link', { name: 'New Vault' }).click();
  const form = page.getByRole('form', { name: 'New Vault' });
  const sponsor = form.getByRole('combobox', { name: 'Sponsor' });
  await expect(sponsor).toHaveValue(/^ACME/);
  // The form's sponsor is the portal of the header: choosing one chooses the other.
  await sponsor.click();
  await page.getByRole('option', { name: /^BRKS/ }).click();
  await expect(page.getByRole('combobox', { name: 'Portal' })).toHaveValue(/^BRKS/);
  await sponsor.click();
  await page.getByRole('option', { name: /^ACME/ }).click();
  await expect(page.getByRole('combobox', { name: 'Portal' })).toHaveValue(/^ACME/);

  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await form.getByRole('textbox', { name: 'Middle name' }).fill('May');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Advised');
  await form.getByRole('combobox', { name: 'Package' }).click();
  await page.getByRole('option').first().click();
  await form.getByRole('combobox', { name: 'Trusted advisors' }).click();
  const firstAdvisor = page.getByRole('option').first();
  const advisorLabel = ((await firstAdvisor.textContent()) ?? '').trim();
  const advisorName = advisorLabel.replace(/\s*\(.*$/, '');
  await firstAdvisor.click();
  await page.keyboard.press('Escape');
  // With advisors, middle name, organisation, tag, entity type and group are not sent.
  await expect(form.getByRole('textbox', { name: 'Middle name' })).toBeDisabled();
  await expect(form.getByRole('combobox', { name: 'Tag' })).toBeDisabled();
  await expect(form.getByText('With trusted advisors, middle name, organization, tag, entity type and group are not sent.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/vaults-new-vault-advisors.png`, fullPage: true });
  await form.getByRole('button', { name: 'Create Vault' }).click();
  const created = page.getByRole('status').filter({ hasText: 'Vault created' });
  await expect(created).toBeVisible();

  await created.getByRole('link', { name: 'Open the vault details' }).click();
  await expect(page.getByRole('heading', { name: /^Ada Advised/ })).toBeVisible();
  const advisors = page.getByRole('heading', { name: 'Trusted advisors' }).locator('..');
  await expect(advisors).toContainText(advisorName);
  await expect(page.getByRole('heading', { name: 'Profile' }).locator('..')).toContainText(email);
  await page.screenshot({ path: `${SHOTS}/vaults-details-advisors.png`, fullPage: true });
});

test('vault details: mark a test account, resend the activation e-mail, and come back to the list', async ({ page }) => {
  const email = unique('dee');
  await createVault(page, email, 'Dee', 'Details');
  await page.getByRole('status').filter({ hasText: 'Vault created' }).getByRole('link', { name: 'Open the vault details' }).click();
  await expect(page.getByRole('heading', { name: /^Dee Details/ })).toBeVisible();
  await expect(page.getByText('Pending activation').first()).toBeVisible();

  const testAccount = page.getByRole('switch', { name: 'Test account' });
  await expect(testAccount).not.toBeChecked();
  await testAccount.click();
  await expect(testAccount).toBeChecked();
  await expect(page.getByRole('heading', { name: /^Dee Details/ })).toContainText('Test account');
  // Kept by the server, not only on the screen.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Test account' })).toBeChecked();

  // A holder still pending activation gets the activation e-mail again.
  await page.getByRole('button', { name: 'Resend activation email' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog.getByText('Server Confirmation')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'History' })).toBeVisible();

  await page.getByRole('link', { name: 'Vaults', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Vaults' })).toBeVisible();
});

test('reloading a sorted list asks once, for the sorted page, or not at all when the server sent it', async ({ page }) => {
  await page.goto('/?sort=lastName&dir=desc');
  await expect(holders(page).getByRole('row').nth(2)).toBeVisible();
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/v1/vaultholders') asked.push(url.search);
  });
  // The portal has written its first-screen cookie: the server sends the sorted rows with the page.
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'vault_first_screen')).toBe(true);
  await page.reload();
  await expect(holders(page).getByRole('row').nth(2)).toBeVisible();
  // A request for the list would follow within moments of the rows showing.
  await page.waitForTimeout(1500);
  expect(asked).toEqual([]);
  // Without the cookie (a first visit) the browser asks once, for the sorted page.
  await page.context().clearCookies({ name: 'vault_first_screen' });
  await page.reload();
  await expect(holders(page).getByRole('row').nth(2)).toBeVisible();
  await page.waitForTimeout(1500);
  const { sponsorId } = (await storedSponsor(page))!;
  expect(asked).toEqual([`?limit=20&offset=0&sponsorId=${sponsorId}&sortBy=lastName&sortDir=desc`]);
});
