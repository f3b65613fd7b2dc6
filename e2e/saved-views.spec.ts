import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { pickPortal, shot, signIn } from './fixtures';

const holders = (page: Page) => page.getByRole('table', { name: 'Vault holders' });
const search = (page: Page) => page.getByRole('search', { name: 'Search vault holders' });
const params = (page: Page) => new URL(page.url()).searchParams;

async function expectNoSeriousFindings(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`);
  expect.soft(serious, where).toEqual([]);
}

/** Opens the Views menu (its code loads after the list's first rows: the stand-in button is disabled until then). */
async function openViews(page: Page) {
  await expect(async () => {
    await page.getByRole('button', { name: 'Views' }).click({ timeout: 3000 });
    await expect(page.getByRole('menu')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  return page.getByRole('menu');
}

/** The list shows the search "Status contains Active", and only rows in that status. */
async function expectActiveSearch(page: Page) {
  await expect(search(page).getByRole('textbox', { name: 'Field value' })).toHaveValue('Active');
  expect(params(page).get('field')).toBe('status');
  expect(params(page).get('q')).toBe('Active');
  await expect(holders(page).getByRole('row').nth(1)).toContainText('Active');
}

test('saved views: save a search as a view, reload, open it from the menu and from its address, then delete it', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await pickPortal(page, 'ACME');
  const name = `Active holders ${Date.now().toString(36)}`;

  // A search on the vault list.
  await search(page).getByRole('combobox', { name: 'Field name' }).click();
  await page.getByRole('option', { name: 'Status', exact: true }).click();
  await search(page).getByRole('textbox', { name: 'Field value' }).fill('Active');
  await search(page).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=Active/);
  await expectActiveSearch(page);

  // Saved under a name.
  await (await openViews(page)).getByRole('menuitem', { name: /Save current view/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Save View' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await expectNoSeriousFindings(page, 'the Save View dialog');
  await shot(page, 'saved-views-save-dialog');
  const created = page.waitForResponse((r) => r.url().includes('/api/v1/saved-views') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await expect(dialog).toBeHidden();

  // Back to the whole list, then a reload: the list opens as its address says, without the search.
  await search(page).getByRole('button', { name: 'Clear' }).click();
  await expect(page).not.toHaveURL(/q=Active/);
  await page.reload();
  await expect(holders(page)).toBeVisible();
  await expect(search(page).getByRole('textbox', { name: 'Field value' })).toHaveValue('');

  // Opened again from the menu.
  const menu = await openViews(page);
  await shot(page, 'saved-views-menu');
  await menu.getByRole('menuitem', { name }).click();
  await expect(page).toHaveURL(/q=Active/);
  await expectActiveSearch(page);

  // And from its address.
  await search(page).getByRole('button', { name: 'Clear' }).click();
  await expect(page).not.toHaveURL(/q=Active/);
  await page.goto(`/?savedView=${id}`);
  await expect(page).toHaveURL(/q=Active/);
  expect(params(page).get('savedView')).toBeNull();
  await expectActiveSearch(page);

  // Deleted from "Manage views", after confirming: it leaves the menu.
  await (await openViews(page)).getByRole('menuitem', { name: /Manage views/ }).click();
  const manage = page.getByRole('dialog', { name: 'Saved Views' });
  await expect(manage).toBeVisible();
  await expectNoSeriousFindings(page, 'the Saved Views dialog');
  await shot(page, 'saved-views-manage');
  await manage.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete View' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(confirm.getByText('The view was deleted.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(manage.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
});

test('saved views keep the vault list’s creation-day filter; the Views menu is on Sponsor Authorizations and Active Packages too', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await pickPortal(page, 'ACME');
  const name = `Created in March ${Date.now().toString(36)}`;
  const chip = page.getByRole('button', { name: 'Remove filter: Created 2026-03-01 to 2026-03-31 (UTC)' });

  await page.goto('/?from=2026-03-01&to=2026-03-31');
  await expect(chip).toBeVisible();
  await (await openViews(page)).getByRole('menuitem', { name: /Save current view/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Save View' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  const created = page.waitForResponse((r) => r.url().includes('/api/v1/saved-views') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await created).status()).toBe(201);
  await expect(dialog).toBeHidden();

  await chip.click();
  await expect(chip).toBeHidden();
  await (await openViews(page)).getByRole('menuitem', { name }).click();
  await expect(chip).toBeVisible();
  expect(params(page).get('from')).toBe('2026-03-01');
  expect(params(page).get('to')).toBe('2026-03-31');

  for (const path of ['/sponsor-authorization', '/packages']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Views' })).toBeEnabled();
  }
});
