import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { pickPortal, portalSelect, signIn, storedSponsor } from './fixtures';

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase().slice(-5)}`;

/** The header's portal dropdown (a combobox named Portal). */

/** Calls the API as the signed-in browser does (token and XSRF header). */
async function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf =
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.split('=')[1] ?? '';
      const res = await fetch(path, {
        method,
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${localStorage.getItem('access_token')}`,
          'X-XSRF-TOKEN': decodeURIComponent(xsrf),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    },
    { method, path, body },
  );
}

test.describe('portals', () => {
  // Long journeys on a shared, busy machine.
  test.describe.configure({ timeout: 150_000 });

  test('create a sponsor and find it in the dropdown; the Portals list searches, pages, hides its menu bar and stores the chosen sponsor', async ({
    page,
  }) => {
    await signIn(page);
    await nav(page).getByRole('link', { name: 'Portals', exact: true }).click();
    await expect(page).toHaveURL(/\/sponsors$/);
    await expect(page.getByRole('heading', { name: 'Portals', exact: true })).toBeVisible();
    await expect(rowOf(page, 'ACME')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/portals-list.png`, fullPage: true });

    // A header sorts on the server: up, then down; the address keeps it through a reload.
    const table = page.getByRole('table').first();
    const namesIn = (order: 'asc' | 'desc') => async () => {
      const shown = (await table.locator('tbody tr td:nth-child(2)').allTextContents()).map((n) => n.trim());
      const sorted = [...shown].sort();
      return shown.length > 1 && shown.join('|') === (order === 'asc' ? sorted : sorted.reverse()).join('|');
    };
    const byName = table.getByRole('button', { name: 'Name', exact: true });
    await byName.click();
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
    await expect(byName).toHaveAccessibleDescription('sorted ascending');
    await expect.poll(namesIn('asc')).toBe(true);
    await byName.click();
    await expect(page).toHaveURL(/[?&]dir=desc/);
    await page.reload();
    await expect(table.getByRole('button', { name: 'Name', exact: true })).toHaveAccessibleDescription('sorted descending');
    await expect.poll(namesIn('desc')).toBe(true);

    // The menu-bar toggle hides and shows the search bar.
    const bar = page.getByRole('toolbar', { name: 'Portals menu bar' });
    await page.getByRole('button', { name: 'Hide menu bar' }).click();
    await expect(bar).toBeHidden();
    await page.getByRole('button', { name: 'Show menu bar' }).click();
    await expect(bar).toBeVisible();

    const code = unique('ZP');
    await bar.getByRole('button', { name: 'Create Portal' }).click();
    await expect(page).toHaveURL(/\/sponsor$/);
    const form = page.getByRole('form', { name: 'Create portal' });
    await form.getByRole('textbox', { name: 'Sponsor code' }).fill(code);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(`Zephyr Wealth ${code}`);
    await form.getByRole('textbox', { name: 'Contact name' }).fill('Nora Ellis');
    await form.getByRole('textbox', { name: 'Contact e-mail' }).fill('nora@zephyr.example');
    await form.getByRole('switch', { name: 'Uses sponsor categories' }).check({ force: true });
    const tags = form.getByRole('combobox', { name: 'Categories' });
    await tags.fill('Retail');
    await tags.press('Enter');
    await tags.fill('Premium');
    await tags.press('Enter');
    await page.screenshot({ path: `${SHOTS}/portals-create.png`, fullPage: true });
    await form.getByRole('button', { name: 'Create Portal' }).click();
    await expect(page).toHaveURL(/\/sponsor\/\d+$/);
    await expect(page.getByRole('heading', { name: `Portal ${code}` })).toBeVisible();
    await expect(page.getByText('Reset MFA for administrators')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/portals-edit.png`, fullPage: true });

    // A duplicate code is refused with a clear message.
    await page.goto('/sponsor');
    const again = page.getByRole('form', { name: 'Create portal' });
    await again.getByRole('textbox', { name: 'Sponsor code' }).fill(code);
    await again.getByRole('textbox', { name: 'Name', exact: true }).fill('Duplicate');
    await again.getByRole('button', { name: 'Create Portal' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'already used' })).toBeVisible();

    // Sponsor MFA reset: the confirmation says how many administrators it touches.
    await page.goto('/sponsors');
    await rowOf(page, 'ACME').getByRole('link', { name: 'Edit ACME' }).click();
    await expect(page.getByRole('heading', { name: 'Portal ACME' })).toBeVisible();
    const countText = (await page.getByText(/This resets MFA for \d+ administrators? of ACME/).textContent()) ?? '';
    const count = Number(/for (\d+) admin/.exec(countText)![1]);
    expect(count).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Reset MFA for administrators' }).click();
    const mfa = page.getByRole('dialog', { name: 'Reset MFA' });
    await expect(mfa).toContainText(`${count} administrator${count === 1 ? '' : 's'} of ACME`);
    // The dialog has finished fading in before the picture is taken.
    await expect(mfa).toHaveCSS('opacity', '1');
    await page.screenshot({ path: `${SHOTS}/portals-mfa-reset.png`, fullPage: true });
    await mfa.getByRole('button', { name: 'Reset MFA' }).click();
    await expect(mfa.getByRole('status')).toContainText(`MFA was reset for ${count} administrator`);
    await mfa.getByRole('button', { name: 'Close', exact: true }).click();

    // The new sponsor is in the header dropdown.
    await portalSelect(page).click();
    await expect(page.getByRole('option', { name: new RegExp(`^${code}`) })).toBeVisible();
    await page.keyboard.press('Escape');

    // Search finds it; choosing it stores its code under session_sponsor.
    await nav(page).getByRole('link', { name: 'Portals', exact: true }).click();
    await page.getByRole('toolbar', { name: 'Portals menu bar' }).getByRole('textbox', { name: 'Search' }).fill(code);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('row')).toHaveCount(2);
    await rowOf(page, code)
      .getByRole('button', { name: `Choose ${code}` })
      .click();
    await expect(rowOf(page, code).getByText('Chosen').first()).toBeVisible();
    // Its button is named by what it shows (label in name).
    await expect(rowOf(page, code).getByRole('button', { name: `Chosen ${code}` })).toBeDisabled();
    expect(await storedSponsor(page)).toMatchObject({ sponsorCode: code });
    await expect(portalSelect(page)).toHaveValue(new RegExp(`^${code}`));
  });

  test('assign a package with a price, change the price, fail to unassign it while a vault uses it', async ({ page }) => {
    await signIn(page);
    // A base package of our own, so the journey does not depend on the demo catalogue.
    const name = unique('Vault Pro ');
    await nav(page).getByRole('link', { name: 'Base Packages', exact: true }).click();
    await page.getByRole('button', { name: 'Create Base Package' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Base Package' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Made by the browser journey.');
    await dialog.getByRole('textbox', { name: 'List price' }).fill('-3');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog.getByText('The amount cannot be negative')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'List price' }).fill('15.00');
    const features = dialog.getByRole('combobox', { name: 'Features' });
    await features.fill('Journey tested');
    await features.press('Enter');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, name)).toContainText('$15.00');
    await page.screenshot({ path: `${SHOTS}/portals-basepackages.png`, fullPage: true });

    await pickPortal(page, 'ACME');
    await nav(page).getByRole('link', { name: 'Active Packages', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Active Packages' })).toBeVisible();
    await page.getByRole('button', { name: /Assign Packages/ }).click();
    const assign = page.getByRole('dialog', { name: 'Assign Packages' });
    const row = assign.getByRole('row').filter({ hasText: name });
    await row.getByRole('checkbox').check();
    await row.getByRole('textbox', { name: `Sale price of ${name}` }).fill('12.5');
    await page.screenshot({ path: `${SHOTS}/portals-assign.png`, fullPage: true });
    await assign.getByRole('button', { name: 'Assign 1' }).click();
    await expect(assign).toBeHidden();
    await expect(rowOf(page, name)).toContainText('$12.50');

    // Change the sale price; a non-numeric price is refused first.
    await rowOf(page, name)
      .getByRole('button', { name: `Change the sale price of ${name}` })
      .click();
    const reprice = page.getByRole('dialog', { name: 'Change Sale Price' });
    await reprice.getByRole('textbox', { name: 'Sale price' }).fill('ten');
    await reprice.getByRole('button', { name: 'Save price' }).click();
    await expect(reprice.getByText(/Enter an amount such as 12.50/)).toBeVisible();
    await reprice.getByRole('textbox', { name: 'Sale price' }).fill('13.75');
    await reprice.getByRole('button', { name: 'Save price' }).click();
    await expect(reprice).toBeHidden();
    await expect(rowOf(page, name)).toContainText('$13.75');
    await page.screenshot({ path: `${SHOTS}/portals-active-packages.png`, fullPage: true });

    // A vault on this package (created through the API, as the New Vault screen would).
    const pkgs = await callApi<{ data: { id: number; name: string; sponsorId: number }[] }>(
      page,
      'GET',
      `/api/v1/packages?sponsorId=${(await storedSponsor(page))!.sponsorId}&limit=100`,
    );
    const pkg = pkgs.json.data.find((p) => p.name === name)!;
    const created = await callApi(page, 'POST', `/api/v1/users?sponsorId=${pkg.sponsorId}`, {
      email: `${unique('holder').toLowerCase()}@journey.example`,
      firstName: 'Jordan',
      lastName: 'Journey',
      packageId: pkg.id,
      sponsoredAdvisorUserId: null,
    });
    expect(created.status).toBeLessThan(300);
    await page.reload();
    await expect(rowOf(page, name)).toBeVisible();

    await rowOf(page, name)
      .getByRole('button', { name: `Unassign ${name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Unassign Package' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(confirm.getByTestId('server-confirmation')).toContainText(`${name} cannot be unassigned from ACME: 1 vault uses it.`);
    await page.screenshot({ path: `${SHOTS}/portals-unassign-refused.png`, fullPage: true });
    await confirm.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(rowOf(page, name)).toBeVisible();

    // The holders of the package.
    await rowOf(page, name)
      .getByRole('button', { name: `Vault holders of ${name}` })
      .click();
    const holders = page.getByRole('dialog', { name: `Vault Holders of ${name}` });
    await expect(holders.getByRole('row').filter({ hasText: 'Jordan Journey' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/portals-holders.png`, fullPage: true });
  });

  test('Base Packages: edit a package, retire it out of the list and back, delete an unused one', async ({ page }) => {
    await signIn(page);
    const name = unique('Journey Basic ');
    await nav(page).getByRole('link', { name: 'Base Packages', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Base Packages' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Base Package' }).click();
    const create = page.getByRole('dialog', { name: 'Create Base Package' });
    await create.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await create.getByRole('textbox', { name: 'List price' }).fill('4.5');
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(create).toBeHidden();
    await expect(rowOf(page, name)).toContainText('$4.50');
    await expect(rowOf(page, name)).toContainText('10 GB');

    // Edit: the contract's rules refuse an empty name and a forbidden character, on their fields.
    await rowOf(page, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    const nameBox = edit.getByRole('textbox', { name: 'Name', exact: true });
    await nameBox.fill('');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(edit.getByText('Name is required')).toBeVisible();
    await expect(nameBox).toBeFocused();
    const renamed = `${name} Plus`;
    await nameBox.fill(renamed);
    await edit.getByRole('textbox', { name: 'Storage quota' }).fill('25');
    await edit.getByRole('textbox', { name: 'Description' }).fill('Renamed by the browser journey.');
    await page.screenshot({ path: `${SHOTS}/portals-basepackage-edit.png`, fullPage: true });
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(rowOf(page, renamed)).toContainText('25 GB');

    // The list sorts by list price from its header, highest first on a second click, kept in the address.
    const catalogue = page.getByRole('table').first();
    const prices = catalogue.getByRole('button', { name: 'List price', exact: true });
    const pricesIn = (order: 'asc' | 'desc') => async () => {
      const shown = (await catalogue.locator('tbody tr td:nth-child(3)').allTextContents()).map((p) => Number(p.replace(/[^0-9.]/g, '')));
      const sorted = [...shown].sort((x, y) => (order === 'asc' ? x - y : y - x));
      return shown.length > 1 && shown.join('|') === sorted.join('|') && shown[0] !== shown.at(-1);
    };
    await prices.click();
    await expect(page).toHaveURL(/[?&]sort=listPrice(&|$)/);
    await expect(prices).toHaveAccessibleDescription('sorted ascending');
    await expect.poll(pricesIn('asc')).toBe(true);
    await prices.click();
    await expect(page).toHaveURL(/[?&]dir=desc/);
    await expect(prices).toHaveAccessibleDescription('sorted descending');
    await expect.poll(pricesIn('desc')).toBe(true);

    // Retire: it leaves the list, and "Show retired" brings it back to restore it.
    await rowOf(page, renamed)
      .getByRole('button', { name: `More actions for ${renamed}` })
      .click();
    await page.getByRole('menuitem', { name: 'Retire' }).click();
    await expect(rowOf(page, renamed)).toHaveCount(0);
    // The switch lives in the address: it is checked once the list has moved there.
    const showRetired = page.getByRole('switch', { name: 'Show retired' });
    await showRetired.click();
    await expect(page).toHaveURL(/retired=1/);
    // The switch keeps the list's sort.
    await expect(page).toHaveURL(/sort=listPrice/);
    await expect(showRetired).toBeChecked();
    await rowOf(page, renamed)
      .getByRole('button', { name: `More actions for ${renamed}` })
      .click();
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    await expect(rowOf(page, renamed)).toHaveCSS('opacity', '1');
    await showRetired.click();
    await expect(page).not.toHaveURL(/retired=1/);
    await expect(rowOf(page, renamed)).toBeVisible();

    // Delete: no portal uses it, so the catalogue lets it go.
    await rowOf(page, renamed)
      .getByRole('button', { name: `More actions for ${renamed}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Base Package' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(confirm.getByTestId('server-confirmation')).toBeVisible();
    await confirm.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(rowOf(page, renamed)).toHaveCount(0);
  });

  test('create a sub-portal and move an advisor into it', async ({ page }) => {
    await signIn(page);
    await pickPortal(page, 'ACME');
    await nav(page).getByRole('link', { name: 'Sub-Portals', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Sub-Portals' })).toBeVisible();
    const code = unique('SP');
    await page.getByRole('button', { name: 'Create Sub-Portal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Sub-Portal' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Journey Desk ${code}`);
    await dialog.getByRole('textbox', { name: 'Code' }).fill(code);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, code)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/portals-subportals.png`, fullPage: true });

    await rowOf(page, code).getByRole('link', { name: 'Details' }).click();
    await expect(page).toHaveURL(new RegExp(`/advisor-portal-details/${code}$`));
    await expect(page.getByRole('heading', { name: `Journey Desk ${code}` })).toBeVisible();
    await page.getByRole('button', { name: 'Add advisors' }).click();
    const add = page.getByRole('dialog', { name: `Add advisors to Journey Desk ${code}` });
    const first = add.getByRole('row').nth(1);
    await expect(first).toBeVisible();
    const advisorEmail = (await first.getByRole('cell').nth(2).textContent())?.trim() ?? '';
    await first.getByRole('checkbox').check();
    await page.screenshot({ path: `${SHOTS}/portals-add-advisor.png`, fullPage: true });
    await add.getByRole('button', { name: `Move 1 into Journey Desk ${code}` }).click();
    await expect(add).toBeHidden();
    await expect(
      page
        .getByRole('table', { name: `Advisors in Journey Desk ${code}` })
        .getByRole('row')
        .filter({ hasText: advisorEmail }),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/portals-subportal-details.png`, fullPage: true });

    // The list counts the advisor; a sub-portal in use cannot be deleted.
    await page.getByRole('link', { name: 'Sub-Portals' }).first().click();
    await expect(rowOf(page, code).getByRole('cell').nth(3)).toHaveText('1');
    await rowOf(page, code)
      .getByRole('button', { name: `Delete Journey Desk ${code}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete Sub-Portal' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(confirm.getByTestId('server-confirmation')).toContainText('cannot be deleted: it still holds 1 advisor');
  });
});
