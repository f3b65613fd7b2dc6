import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { pickPortal, portalSelect, shot, signIn } from './fixtures';

/** An endpoint on this machine (plain http is accepted for loopback outside production). */
let receiver: Server;
let endpoint = '';
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/vault-events`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** Clicks `button` until `dialog` is open (a click landing while the screen re-renders after its data arrives is lost). */
async function openDialog(page: Page, button: string, dialog: string) {
  await expect(async () => {
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByRole('dialog', { name: dialog })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  return page.getByRole('dialog', { name: dialog });
}

async function openWebhooks(page: Page) {
  await signIn(page);
  // The first portal may be chosen already (a fresh sign-in lands in it).
  await expect(portalSelect(page)).toBeEnabled();
  if (!(await portalSelect(page).inputValue()).startsWith('ACME')) await pickPortal(page, 'ACME');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'App Integrations', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'App Integrations', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
}

test('webhooks: add one (secret shown once), receive a signed event, read the delivery log, deliver again, rotate, delete', async ({
  page,
}) => {
  // A long journey; a busy machine takes its time over each screen.
  test.setTimeout(240_000);
  await openWebhooks(page);
  // Other journeys on this server may have added webhooks of their own: this one looks at its endpoint only.
  await expect(page.getByRole('table', { name: 'Webhooks' })).toBeVisible();

  const dialog = await openDialog(page, 'Add Webhook', 'Add Webhook');
  // A URL that is neither https nor this machine is refused before anything is sent.
  await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill('http://example.com/hook');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText(/plain http/i).first()).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(endpoint);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Security monitoring');
  await dialog.getByRole('button', { name: 'Add' }).click();

  const secretDialog = page.getByRole('dialog', { name: 'Signing Secret' });
  await expect(secretDialog).toBeVisible();
  const secret = (await secretDialog.getByTestId('webhook-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^whsec_/);
  await expect(secretDialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  await shot(page, 'webhooks-secret');
  await secretDialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);

  const table = page.getByRole('table', { name: 'Webhooks' });
  await expect(table.getByRole('link', { name: endpoint, exact: true })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: endpoint });
  await expect(row.getByText('Every event')).toBeVisible();

  // Its own creation is an audit entry of the portal: it arrives signed, and verifies with the secret.
  await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  const first = received[0]!;
  const event = new Webhook(secret).verify(first.body, {
    'webhook-id': String(first.headers['webhook-id']),
    'webhook-timestamp': String(first.headers['webhook-timestamp']),
    'webhook-signature': String(first.headers['webhook-signature']),
  }) as { type: string; data: { action: string } };
  expect(event).toMatchObject({ type: 'audit.entry', data: { action: 'webhook.create' } });
  await page.reload();
  await expect(row.getByText(/Delivered/)).toBeVisible();
  await shot(page, 'webhooks-list');

  // Edit: only vault events from now on.
  const edit = await openDialog(page, `Edit ${endpoint}`, 'Edit Webhook');
  await edit.getByRole('checkbox', { name: /Every event/ }).uncheck();
  // The pills box over the input takes the click; the input itself opens the list.
  await edit.getByRole('combobox', { name: 'Events' }).click({ force: true });
  await page.getByRole('option', { name: 'Vault created' }).click();
  await page.keyboard.press('Escape');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row.getByText('Vault created')).toBeVisible();

  // The delivery log, and "Deliver again" (the same webhook-id).
  await page.getByRole('link', { name: `Delivery log of ${endpoint}` }).click();
  await expect(page.getByRole('heading', { name: 'Delivery Log' })).toBeVisible();
  const log = page.getByRole('table', { name: 'Deliveries' });
  await expect(log.getByText('Delivered').first()).toBeVisible();
  await expect(log.getByText('audit.entry').first()).toBeVisible();
  await shot(page, 'webhooks-log');
  const before = received.length;
  await log
    .getByRole('button', { name: /Deliver again: audit\.entry / })
    .first()
    .click();
  await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(before);
  expect(received.at(-1)!.headers['webhook-id']).toBe(first.headers['webhook-id']);
  await expect(log.getByRole('cell', { name: '2', exact: true }).first()).toBeVisible({ timeout: 15_000 });

  // Rotate the secret: a new one, shown once; then delete with confirmation.
  await page.getByRole('link', { name: 'Webhooks' }).click();
  const ask = await openDialog(page, `Rotate secret of ${endpoint}`, 'Rotate Signing Secret');
  await ask.getByRole('button', { name: 'Yes' }).click();
  const rotated = page.getByRole('dialog', { name: 'Signing Secret' });
  const fresh = (await rotated.getByTestId('webhook-secret').textContent())?.trim() ?? '';
  expect(fresh).toMatch(/^whsec_/);
  expect(fresh).not.toBe(secret);
  await rotated.getByRole('button', { name: 'Close', exact: true }).click();

  const confirm = await openDialog(page, `Delete ${endpoint}`, 'Delete Webhook');
  await confirm
    .getByRole('button', { name: /Yes|Delete|OK/ })
    .first()
    .click();
  await expect(page.getByText('The webhook was deleted.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('table', { name: 'Webhooks' }).getByRole('link', { name: endpoint, exact: true })).toHaveCount(0);
});
