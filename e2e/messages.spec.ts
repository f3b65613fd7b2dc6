import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { pickPortal, signIn } from './fixtures';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
/** Where the journeys' mail server (scripts/smtp-sink.mjs) keeps what it received. */
const MAIL_DIR = join(process.env.VAULT_E2E_RUN_DIR!, 'mail');

const SUBJECT = 'Invitation de {portalName} pour {firstName}';

async function received(subject: RegExp) {
  for (const file of readdirSync(MAIL_DIR).sort().reverse()) {
    const mail = await simpleParser(readFileSync(join(MAIL_DIR, file)));
    if (subject.test(mail.subject ?? '')) return mail;
  }
  return null;
}

async function expectNoSeriousFindings(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`);
  expect.soft(serious, where).toEqual([]);
}

test('a portal’s French invitation: change its subject, preview it, send a test, and see it sent', async ({ page, browser }) => {
  // The whole round trip: edit, preview, axe on three screens and on the message, the worker's send.
  test.setTimeout(180_000);
  await signIn(page);
  await pickPortal(page, 'ACME');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Messages', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();

  await page.getByRole('tab', { name: 'Texts and preview' }).click();
  await page.getByRole('combobox', { name: 'Message' }).click();
  await page.getByRole('option', { name: 'Invitation', exact: true }).click();
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Français' }).click();
  const subject = page.getByRole('textbox', { name: 'Subject' });
  await expect(subject).toHaveValue('{portalName} vous invite à ouvrir un coffre-fort de documents');

  // An unknown placeholder is refused on the field, and nothing changes.
  await subject.fill('Bonjour {prenom}');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/\{prenom\} is not a placeholder of this message/)).toBeVisible();

  await subject.fill(SUBJECT);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Message saved')).toBeVisible();
  await expect(page.getByText('Changed for this portal')).toBeVisible();

  // The preview is what a French person receives: the new subject, the French text, in a document that says it is French.
  await expect(page.getByText(/^Subject: Invitation de .+ pour Service$/)).toBeVisible();
  const frame = page.frameLocator('iframe[title="Preview of the invitation message in Français"]');
  await expect(frame.getByText('Votre code d’invitation : SAMPLE-CODE')).toBeVisible();
  await expect(frame.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await page.screenshot({ path: `${SHOTS}/messages-texts-desktop.png`, fullPage: true });
  // The preview frame is sandboxed (it runs no script), so axe cannot enter it: the screen is checked
  // showing the plain-text part, and the HTML message on its own once it arrives (below).
  await page.locator('label', { hasText: /^Plain text$/ }).click();
  await expect(page.getByLabel('Plain-text part')).toContainText('SAMPLE-CODE');
  await expectNoSeriousFindings(page, 'Texts and preview');
  await page.locator('label', { hasText: /^HTML$/ }).click();
  await page.locator('label', { hasText: /^Phone$/ }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(frame.getByText('Votre code d’invitation : SAMPLE-CODE')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/messages-texts-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 860 });

  await page.getByRole('button', { name: 'Send me a test' }).click();
  await expect(page.getByText('Test queued')).toBeVisible();

  // The Messages list shows it leave (the worker sends every few seconds).
  await page.getByRole('tab', { name: 'Sent messages' }).click();
  const row = page
    .getByRole('row')
    .filter({ hasText: /\[Test\] Invitation de .+ pour Service/ })
    .first();
  // The list follows a message on its way until it is sent.
  await expect(row).toContainText(/Sent \d{2}\/\d{2}\/\d{4}/, { timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/messages-sent.png`, fullPage: true });
  await expectNoSeriousFindings(page, 'Sent messages');

  // What arrived: text and HTML, in French, and its link opens the right screen.
  let mail: Awaited<ReturnType<typeof received>> = null;
  await expect(async () => {
    mail = await received(/^\[Test\] Invitation de .+ pour Service$/);
    expect(mail).not.toBeNull();
  }).toPass({ timeout: 10_000 });
  expect(mail!.text).toContain('Votre code d’invitation : SAMPLE-CODE');
  expect(String(mail!.html)).toMatch(/<html lang="fr-CA"/);
  const link = /href="([^"]+\/login)"/.exec(String(mail!.html))![1]!;
  const elsewhere = await browser.newContext();
  const inbox = await elsewhere.newPage();
  await inbox.setContent(String(mail!.html));
  await expectNoSeriousFindings(inbox, 'the received HTML message');
  await inbox.close();
  const stranger = await elsewhere.newPage();
  await stranger.goto(link);
  await expect(stranger.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await elsewhere.close();

  await page.getByRole('tab', { name: 'Branding' }).click();
  await expect(page.getByRole('textbox', { name: 'Display name' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/messages-branding.png`, fullPage: true });
  await expectNoSeriousFindings(page, 'Branding');

  // Reset to default brings the default subject back.
  await page.getByRole('tab', { name: 'Texts and preview' }).click();
  await page.getByRole('button', { name: 'Reset to default' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset to Default' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(confirm.getByText('The default text is back.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('{portalName} vous invite à ouvrir un coffre-fort de documents');
});
