import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { pickPortal, signIn } from './fixtures';

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function open(page: Page, label: string, heading: string, code = 'ACME') {
  await signIn(page);
  await pickPortal(page, code);
  await nav(page).getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
}

const pad = (n: number) => String(n).padStart(2, '0');
const mdy = (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;

test.describe('operations', () => {
  test('audit logs: the default range is the last 29 days; page, then change the date range', async ({ page }) => {
    await open(page, 'Audit Logs', 'Audit Logs');
    const today = new Date();
    const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29);
    const range = page.getByRole('button', { name: 'Date range' });
    await expect(range).toHaveText(`${mdy(start)} – ${mdy(today)}`);
    const table = page.getByRole('table', { name: 'Audit log' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(20);
    // Each entry's info is readable once expanded (a click outside the target's link).
    await table.locator('tbody tr').first().locator('td').first().click();
    await expect(
      page.getByRole('table', { name: 'Entry information' }).or(page.getByText('No further information.')).first(),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/operations-audit.png`, fullPage: true });

    const firstTime = await table.locator('tbody tr').first().locator('td').first().textContent();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(table.locator('tbody tr').first().locator('td').first()).not.toHaveText(firstTime ?? '');

    // A new range in the month the picker opens on (the start's): the 1st to the 15th; the page goes back to 1.
    await range.click();
    const picker = page.getByRole('dialog');
    const month = start.toLocaleString('en-GB', { month: 'long' });
    await picker.getByRole('button', { name: `1 ${month} ${start.getFullYear()}`, exact: true }).click();
    await picker.getByRole('button', { name: `15 ${month} ${start.getFullYear()}`, exact: true }).click();
    const first = new Date(start.getFullYear(), start.getMonth(), 1);
    const fifteenth = new Date(start.getFullYear(), start.getMonth(), 15);
    await expect(range).toHaveText(`${mdy(first)} – ${mdy(fifteenth)}`);
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(page).toHaveURL(
      new RegExp(
        `from=${first.getFullYear()}-${pad(first.getMonth() + 1)}-01&to=${fifteenth.getFullYear()}-${pad(fifteenth.getMonth() + 1)}-15`,
      ),
    );
    await expect(table.locator('tbody tr').first()).toBeVisible();
    // The previous range's rows stay on screen (under the loader) until the new ones arrive.
    const inRange = (cell: string) => {
      const [m, d, y] = cell.split(' ')[0]!.split('/').map(Number);
      const day = new Date(y!, m! - 1, d!);
      return day >= first && day <= fifteenth;
    };
    await expect.poll(async () => (await table.locator('tbody tr td:first-child').allTextContents()).every(inRange)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/operations-audit-range.png`, fullPage: true });
  });

  test('audit logs read in words: quick ranges, actions named, targets linked, details as labelled fields', async ({ page }) => {
    await open(page, 'Audit Logs', 'Audit Logs');
    const range = page.getByRole('button', { name: 'Date range' });
    await range.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Last 7 days', exact: true }).click();
    const today = new Date();
    const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6);
    await expect(range).toHaveText(`${mdy(start)} – ${mdy(today)}`);
    const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    await expect(page).toHaveURL(new RegExp(`from=${iso(start)}&to=${iso(today)}`));

    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Vault holders', exact: true }).click();
    await expect(page).toHaveURL(/action=vault_holder\./);
    const table = page.getByRole('table', { name: 'Audit log' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    // Only vault holder actions once the filtered rows arrive, in words, never codes such as vault_holder.activate.
    const actions = table.locator('tbody tr td:nth-child(3)');
    await expect(actions.filter({ hasNotText: /^Vault holder/ })).toHaveCount(0);
    for (const cell of await actions.allTextContents()) expect(cell).not.toMatch(/[a-z]_[a-z]|\./);
    // Time in the portal format, local time.
    expect(await table.locator('tbody tr td:first-child').first().textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (am|pm)$/);

    // Opening an entry shows labelled fields and, on demand, the raw JSON.
    const row = table.locator('tbody tr').first();
    await row.locator('td').first().click();
    const info = page.getByRole('table', { name: 'Entry information' }).first();
    await expect(info).toBeVisible();
    await expect(info.getByRole('rowheader').first()).toBeVisible();
    await page.getByText('Raw JSON').first().click();
    await expect(page.locator('pre').first()).toContainText('{');
    await page.screenshot({ path: `${SHOTS}/operations-audit-words.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/operations-audit-words-phone.png`, fullPage: true });
    await range.click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'This month', exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/operations-date-range-phone.png` });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.setViewportSize({ width: 1366, height: 860 });

    // The target is a link to its screen.
    const link = table.getByRole('link', { name: /^Vault holder / }).first();
    await link.click();
    await expect(page).toHaveURL(/\/vaultdetails\/\d+$/);
  });

  test('audit logs: verify the trail, and export NDJSON that the offline check accepts', async ({ page }) => {
    await open(page, 'Audit Logs', 'Audit Logs');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText('The audit trail is whole')).toBeVisible();
    await expect(page.getByText(/All [\d,]+ entries of ACME are in place and unchanged/)).toBeVisible();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SHOTS}/operations-audit-verify.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/operations-audit-verify-phone.png` });
    // Nothing wider than the phone: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 860 });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export NDJSON' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-chain-\d+-.*\.ndjson$/);
    // An auditor's check: the public key and the file, the script, no service.
    const dir = mkdtempSync(join(tmpdir(), 'audit-e2e-'));
    const key = (await (await page.request.get('/api/v1/audit/public-key')).json()) as { pem: string };
    writeFileSync(join(dir, 'key.pem'), key.pem);
    const path = join(dir, 'export.ndjson');
    await file.saveAs(path);
    const checked = await promisify(execFile)('node_modules/.bin/tsx', [
      'apps/api/src/modules/audit/chain/verify-export.cli.ts',
      path,
      '--public-key',
      join(dir, 'key.pem'),
    ]);
    expect(checked.stdout).toMatch(/whole and signed/);
    // The export wrote its entry into the trail; the trail is still whole.
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText('The audit trail is whole')).toBeVisible();
  });

  test('app integrations: enable one and see its key exactly once', async ({ page }) => {
    await open(page, 'App Integrations', 'App Integrations', 'GRNL');
    const card = page
      .locator('[data-integration]')
      .filter({ has: page.getByRole('button', { name: 'Enable' }) })
      .first();
    await expect(card).toBeVisible();
    const name = (await card.locator('p').first().textContent())?.trim() ?? '';
    await card.getByRole('button', { name: 'Enable' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Fill whatever the app needs.
    for (const input of await dialog.getByRole('textbox').all()) {
      const label = (await input.getAttribute('aria-haspopup'))
        ? null
        : await input.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '');
      if (label === null) continue;
      if (/url/i.test(label)) await input.fill('https://hooks.greenleaf.example/vault');
      else await input.fill('greenleaf-e2e');
    }
    for (const select of await dialog.locator('input[aria-haspopup="listbox"]').all()) {
      if ((await select.inputValue()) !== '') continue;
      await select.click();
      await page.getByRole('option').first().click();
    }
    await dialog.getByRole('button', { name: 'Enable' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'API Key' });
    await expect(keyDialog).toBeVisible();
    const key = (await keyDialog.getByTestId('api-key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^vk_/);
    await expect(keyDialog.getByRole('button', { name: 'Copy' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/operations-integrations-key.png`, fullPage: true });
    await keyDialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const enabled = page.locator('[data-integration]').filter({ hasText: name });
    await expect(enabled.getByText('Enabled', { exact: true })).toBeVisible();
    await expect(enabled.getByText(`${key.slice(0, 10)}…`)).toBeVisible();
    // Never again: not on the page, not after a reload.
    await expect(page.getByText(key)).toHaveCount(0);
    await page.reload();
    await expect(page.locator('[data-integration]').first()).toBeVisible();
    expect(await page.content()).not.toContain(key);
    await page.screenshot({ path: `${SHOTS}/operations-integrations.png`, fullPage: true });
  });

  test('failed files: dismiss one', async ({ page }) => {
    await open(page, 'Failed Files', 'Failed Files');
    const table = page.getByRole('table', { name: 'Failed files' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/operations-failed-files.png`, fullPage: true });
    const row = table
      .locator('tbody tr')
      .filter({ has: page.getByRole('button', { name: /^Dismiss / }) })
      .first();
    const dismiss = row.getByRole('button', { name: /^Dismiss / });
    const label = (await dismiss.getAttribute('aria-label')) ?? '';
    const fileName = label.replace(/^Dismiss /, '');
    const before = await table.locator('tbody tr').filter({ hasText: fileName }).count();
    await dismiss.click();
    const dialog = page.getByRole('dialog', { name: 'Dismiss Failed File' });
    await expect(dialog).toContainText(fileName);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(dialog.getByText('1 file dismissed.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(table.locator('tbody tr').filter({ hasText: fileName })).toHaveCount(before - 1);
    // It is listed under Dismissed.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Dismissed' }).click();
    await expect(table.locator('tbody tr').filter({ hasText: fileName }).first()).toBeVisible();

    // The shared date-range filter: a quick range goes into the URL; clearing it lists every date again.
    const range = page.getByRole('button', { name: 'Date range' });
    await range.click();
    await page.getByRole('dialog').getByRole('button', { name: 'This month', exact: true }).click();
    const now = new Date();
    await expect(page).toHaveURL(new RegExp(`from=${now.getFullYear()}-${pad(now.getMonth() + 1)}-01&to=`));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/operations-failed-files-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.getByRole('button', { name: 'Clear date range' }).click();
    await expect(page).not.toHaveURL(/from=/);
  });

  test('app status: every check with its colour and time taken', async ({ page }) => {
    await open(page, 'App Status', 'App Status');
    for (const label of [
      'Database',
      'E-mail transport',
      'E-mail outbox',
      'E-mails given up (24 h)',
      'Failed uploads (24 h)',
      'Version',
      'Uptime',
      'Portal data',
    ]) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByText(/^Took /).first()).toBeVisible();
    expect(await page.getByText(/^Took /).count()).toBe(8);
    await expect(page.getByText('ACME: vaults by status')).toBeVisible();
    await expect(page.getByText('Pending invitations', { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/operations-status.png`, fullPage: true });
  });
  test('sponsor authorizations: grant an enabled app scopes, then revoke it', async ({ page }) => {
    await open(page, 'Sponsor Authorizations', 'Sponsor Authorizations');
    const table = page.getByRole('table', { name: 'Sponsor authorizations' });
    await expect(table).toBeVisible();
    await page.getByRole('button', { name: 'Grant access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Grant Access' });
    await dialog.getByRole('combobox', { name: 'Integration' }).click();
    const option = page.getByRole('option').first();
    const app = (await option.textContent())?.trim() ?? '';
    await option.click();
    await dialog.getByRole('combobox', { name: 'Scopes' }).click({ force: true });
    await page.getByRole('option', { name: 'Report failed uploads' }).click();
    await page.getByRole('option', { name: 'Read audit log' }).click();
    await dialog.getByRole('heading', { name: 'Grant Access' }).click();
    await dialog.getByRole('button', { name: 'Grant', exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const row = table
      .locator('tbody tr')
      .filter({ hasText: app })
      .filter({ hasText: 'Report failed uploads' })
      .filter({ hasText: 'Active' })
      .first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('Never');
    await page.screenshot({ path: `${SHOTS}/operations-authorizations.png`, fullPage: true });
    const before = await table.locator('tbody tr').filter({ hasText: 'Revoked' }).count();
    await row.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke Authorization' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(confirm.getByText('Server Confirmation')).toBeVisible();
    await confirm.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(table.locator('tbody tr').filter({ hasText: 'Revoked' })).toHaveCount(before + 1);
  });
});
