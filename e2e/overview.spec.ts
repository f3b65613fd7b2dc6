import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { pickPortal, signIn } from './fixtures';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

async function expectNoSeriousFindings(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`);
  expect.soft(serious, where).toEqual([]);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('the overview: read a chart’s table, follow a figure to the list showing as many rows', async ({ page }) => {
  // Seven charts, axe twice and two widths: more than the default minute on a shared, loaded machine.
  test.setTimeout(240_000);
  await signIn(page);
  await pickPortal(page);
  await nav(page).getByRole('link', { name: 'Overview', exact: true }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();

  const byStatus = page.getByRole('region', { name: 'Vault holders by status' });
  await byStatus.getByText('Show table').click();
  const table = byStatus.getByRole('table', { name: 'Vault holders by status: numbers' });
  await expect(table).toBeVisible();
  const first = table.getByRole('row').nth(1);
  const status = (await first.getByRole('rowheader').textContent())!.trim();
  const count = (await first.getByRole('cell').textContent())!.trim();
  expect(Number(count.replace(/,/g, ''))).toBeGreaterThan(0);
  await expectNoSeriousFindings(page, 'overview, desktop');
  await page.screenshot({ path: `${SHOTS}/overview-desktop.png` });

  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/\?field=status&q=\d$/);
  // The list's paging says how many rows match: the figure's number.
  await expect(page.getByText(new RegExp(`^1–\\d+ of ${count}$`))).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText(status);

  // The same screen on a phone: one column, nothing serious for axe, the table still reachable.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/overview');
  const failed = page.getByRole('region', { name: 'Failed uploads per day' });
  await failed.getByText('Show table').click();
  await expect(failed.getByRole('table', { name: 'Failed uploads per day: numbers' })).toBeVisible();
  await expect(failed.getByRole('button', { name: 'Download CSV: Failed uploads per day' })).toBeVisible();
  const download = page.waitForEvent('download');
  await failed.getByRole('button', { name: 'Download CSV: Failed uploads per day' }).click();
  expect((await download).suggestedFilename()).toBe('failed-uploads-per-day.csv');
  await expectNoSeriousFindings(page, 'overview, phone');
  await page.screenshot({ path: `${SHOTS}/overview-phone.png`, fullPage: true });
});

/** A chart's table, opened; the row with the largest count that has a link, and that count as shown. */
async function biggestLinkedRow(page: Page, chart: string) {
  const region = page.getByRole('region', { name: chart });
  await region.getByText('Show table').click();
  const table = region.getByRole('table', { name: `${chart}: numbers` });
  await expect(table).toBeVisible();
  const links = table.getByRole('link');
  let best = { i: -1, n: -1, text: '' };
  for (let i = 0; i < (await links.count()); i++) {
    const text = (await links.nth(i).textContent())!.trim();
    const n = Number(text.replace(/,/g, ''));
    if (n > best.n) best = { i, n, text };
  }
  expect(best.n, `${chart}: a linked figure above 0`).toBeGreaterThan(0);
  return { link: links.nth(best.i), count: best.text };
}

test('a week of new vaults, the activation funnel, a package, invitations sent and redeemed lead to their lists showing as many rows', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await pickPortal(page);
  await page.goto('/overview');

  const week = await biggestLinkedRow(page, 'New vaults per week');
  await week.link.click();
  await expect(page).toHaveURL(/\/\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByText(new RegExp(`^1–\\d+ of ${week.count}$`))).toBeVisible();
  const chip = page.getByRole('button', { name: /^Remove filter: Created \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} \(UTC\)$/ });
  await expect(chip).toBeVisible();
  await expectNoSeriousFindings(page, 'vault list filtered by creation days, desktop');
  await page.screenshot({ path: `${SHOTS}/vault-list-created-filter-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(chip).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/vault-list-created-filter-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 860 });
  // Removing the chip shows the whole list again.
  await chip.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(chip).toBeHidden();
  // The same filter picked by hand: the calendar's code arrives with the click.
  await page.getByRole('button', { name: 'Created between…' }).click();
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/vault-list-created-picker.png` });
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page).toHaveURL(/\/\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('button', { name: /^Remove filter: Created \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} \(UTC\)$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Created between…' })).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/vault-list-created-picked.png` });

  for (const step of [/^\d[\d,]* vaults created$/, /^\d[\d,]* of them activated$/]) {
    await page.goto('/overview');
    const funnel = page.getByRole('region', { name: 'Vault activation funnel' });
    await funnel.getByText('Show table').click();
    const link = funnel.getByRole('link', { name: step });
    const count = (await link.textContent())!.trim();
    await link.click();
    await expect(page).toHaveURL(/\/\?from=.*&to=/);
    if (count === '0') await expect(page.getByText('No vault holder matches these filters.')).toBeVisible();
    else await expect(page.getByText(new RegExp(`^1–\\d+ of ${count}$`))).toBeVisible();
  }

  // Invitations sent in the range: the invitation list's creation days.
  await page.goto('/overview');
  const invitations = page.getByRole('region', { name: 'Invitation funnel' });
  await invitations.getByText('Show table').click();
  const sent = invitations.getByRole('link', { name: /^\d[\d,]* invitations sent$/ });
  const sentCount = (await sent.textContent())!.trim();
  await sent.click();
  await expect(page).toHaveURL(/\/invitation\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  if (sentCount !== '0') await expect(page.getByText(new RegExp(`^1–\\d+ of ${sentCount}$`))).toBeVisible();
  // Redemptions are events: the audit log's "Invitation used" entries of the range's days, as many as the figure.
  await page.goto('/overview');
  await invitations.getByText('Show table').click();
  await expect(invitations.getByRole('table').getByRole('link')).toHaveCount(3);
  const redeemed = invitations.getByRole('link', { name: /^\d[\d,]* invitations redeemed$/ });
  const redeemedCount = (await redeemed.textContent())!.trim();
  expect(Number(redeemedCount.replace(/,/g, '')), 'the demo data redeems invitations').toBeGreaterThan(0);
  await expect(invitations.getByRole('link', { name: /^\d[\d,]* vaults activated after an invitation$/ })).toBeVisible();
  // An open invitation is redeemed many times: its steps are counts, never shown as a share of the step before.
  await expect(invitations.getByText(/\d%/)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/overview-invitation-funnel.png` });
  await redeemed.click();
  await expect(page).toHaveURL(/\/audit-logs\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&action=invitation\.redeem&outcome=success$/);
  await expect(page.getByText(new RegExp(`^1–\\d+ of ${redeemedCount}$`))).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText('Invitation used');
  await page.screenshot({ path: `${SHOTS}/audit-log-invitations-redeemed.png` });

  await page.goto('/overview');
  const pkg = await biggestLinkedRow(page, 'Holders per package');
  await pkg.link.click();
  await expect(page).toHaveURL(/\/\?packageId=\d+$/);
  await expect(page.getByText(new RegExp(`^1–\\d+ of ${pkg.count}$`))).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove filter: Package: / })).toBeVisible();
});

test('staff: the All-portals figures lead to the lists across every portal, showing as many rows (decision 0052)', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto('/overview');
  await expect(page.getByText(/^All portals: vault holders/)).toBeVisible();

  // Holders by status, every portal: the vault list across portals, with a Portal column and no row actions.
  const status = await biggestLinkedRow(page, 'Vault holders by status');
  await status.link.click();
  await expect(page).toHaveURL(/\/\?field=status&q=\d&all=1$/);
  await expect(page.getByText(new RegExp(`^1–\\d+ of ${status.count}$`))).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Portal' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove filter: All portals' })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toBeHidden();
  const codes = await page.getByRole('row').locator('td:nth-child(2)').allTextContents();
  expect(new Set(codes).size, 'rows of more than one portal').toBeGreaterThan(1);
  await expectNoSeriousFindings(page, 'vault list, every portal');
  await page.screenshot({ path: `${SHOTS}/vault-list-all-portals.png` });
  // A holder opens in its own portal: the header's portal becomes the holder's.
  const row = page.getByRole('row').nth(1);
  const code = (await row.locator('td:nth-child(2)').textContent())!.trim();
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/vaultdetails\/\d+$/);
  await expect(page.getByText(new RegExp(` · ${code}$`))).toBeVisible();
  await expect(page.getByText('The vault cannot be shown')).toBeHidden();

  // Back to no portal: pending invitations of every portal.
  await page.evaluate(() => localStorage.removeItem('session_sponsor'));
  await page.goto('/overview');
  await expect(page.getByText(/^All portals: vault holders/)).toBeVisible();
  const pending = page.getByRole('link', { name: /invitations pending: show them$/ });
  const pendingCount = (await pending.textContent())!.trim();
  await pending.click();
  await expect(page).toHaveURL(/\/invitation\?field=status&q=pending&all=1$/);
  await expect(page.getByRole('switch', { name: 'All portals' })).toBeChecked();
  if (pendingCount !== '0') await expect(page.getByText(new RegExp(`^1–\\d+ of ${pendingCount}$`))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Invitation' })).toBeDisabled();

  // Administrators without a second factor, every portal: the administrators list across portals.
  await page.goto('/overview');
  const admins = page.getByRole('link', { name: /administrators without a second factor: show them$/ });
  const adminsCount = (await admins.textContent())!.trim();
  await admins.click();
  await expect(page).toHaveURL(/\/sponsor-admin\?secondFactor=off&all=1$/);
  await expect(page.getByRole('heading', { name: 'Administrators', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('columnheader', { name: 'Portal' })).toBeVisible();
  if (adminsCount !== '0') await expect(page.getByText(new RegExp(`^1–\\d+ of ${adminsCount}$`))).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admins-all-portals.png` });

  // A day of failed uploads, every portal: the failed files of that day across portals.
  await page.goto('/overview');
  const failedDay = await biggestLinkedRow(page, 'Failed uploads per day');
  await failedDay.link.click();
  await expect(page).toHaveURL(/\/upload-failed-files\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&status=all&all=1$/);
  await expect(page.getByRole('heading', { name: 'Failed Files', level: 1 })).toBeVisible();
  await expect(page.getByText(new RegExp(`^1–\\d+ of ${failedDay.count}$`))).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Portal' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/failed-files-all-portals.png` });

  // Redemptions, every portal: the audit log's entries of every portal.
  await page.goto('/overview');
  const invitations = page.getByRole('region', { name: 'Invitation funnel' });
  await invitations.getByText('Show table').click();
  const redeemed = invitations.getByRole('link', { name: /^\d[\d,]* invitations redeemed$/ });
  const redeemedCount = (await redeemed.textContent())!.trim();
  await redeemed.click();
  await expect(page).toHaveURL(/\/audit-logs\?.*action=invitation\.redeem.*&all=1$/);
  await expect(page.getByText(new RegExp(`^1–\\d+ of ${redeemedCount}$`))).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Portal' })).toBeVisible();

  // The ten portals: a portal's count opens that portal's own list, with the portal chosen.
  await page.evaluate(() => localStorage.removeItem('session_sponsor'));
  await page.goto('/overview');
  const pendingRegion = page.getByRole('region', { name: 'Portals with the most pending activations' });
  await pendingRegion.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/overview-all-portals-top-ten.png` });
  const pendingTop = pendingRegion.getByRole('link').first();
  const [, pendingN, pendingCode] = (await pendingTop.getAttribute('aria-label'))!.match(
    /^([\d,]+) pending activation in (\S+): show them$/,
  )!;
  await pendingTop.click();
  await expect(page).toHaveURL(/\/\?field=status&q=3$/);
  await expect(page.getByText(new RegExp(`^1–\\d+ of ${pendingN}$`))).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Portal' })).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('session_sponsor') ?? '{}').sponsorCode)).toBe(pendingCode);
});
