import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { shot, signIn, staffHeaders } from './fixtures';

const CODE = `RET${Date.now().toString(36).slice(-5).toUpperCase()}`;

async function expectNoSeriousFindings(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`);
  expect.soft(serious, where).toEqual([]);
}

/** A portal of this journey's own (staff makes it through the API), so the demo portals keep their settings. */
async function newPortal(request: APIRequestContext) {
  const headers = await staffHeaders(request);
  const sponsor = await request.post('/api/v1/sponsors', { headers, data: { sponsorCode: CODE, name: `${CODE} Capital` } });
  expect(sponsor.status(), await sponsor.text()).toBe(201);
  return { sponsorId: (await sponsor.json()).id as number, headers };
}

test('staff change a portal’s audit retention and put it on legal hold, with a confirmation', async ({ page, request }) => {
  // Two axe runs and two confirmations on a machine other journeys share.
  test.setTimeout(180_000);
  const { sponsorId, headers } = await newPortal(request);
  await signIn(page);
  await page.goto(`/sponsor/${sponsorId}`);
  const section = page.getByRole('region', { name: 'Retention' });
  // The page's sections load one after another; on a shared CI machine that takes a while.
  await expect(section.getByText(/Audit entries are kept for 7 years/)).toBeVisible({ timeout: 30_000 });
  await expect(section.getByText('Not on hold')).toBeVisible();

  // Shorter than the service's minimum is refused on the field.
  const period = section.getByRole('textbox', { name: 'Retention period (months)' });
  await period.fill('60');
  await section.getByRole('button', { name: 'Save retention' }).click();
  await expect(section.getByText('Enter a whole number of months from 84 to 1200')).toBeVisible();
  await period.fill('120');
  await section.getByRole('button', { name: 'Save retention' }).click();
  await expect(page.getByText('The retention period was saved.')).toBeVisible();
  await expect(section.getByText(/Audit entries are kept for 10 years/)).toBeVisible();

  // The hold asks first, and needs a reason.
  await section.getByRole('switch', { name: 'Legal hold' }).click();
  const dialog = page.getByRole('dialog', { name: 'Put the portal on legal hold' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Put on hold' }).click();
  await expect(dialog.getByText('Say why the portal is put on legal hold')).toBeVisible();
  await expectNoSeriousFindings(page, 'the hold confirmation');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Matter 2026-114 (regulator request)');
  await dialog.getByRole('button', { name: 'Put on hold' }).click();
  await expect(dialog.getByText('The portal is on legal hold: none of its audit entries will be removed.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  // axe below must not meet the dialog half faded out (its title then fails the contrast check).
  await expect(dialog).toHaveCount(0);
  await expect(section.getByText('On hold', { exact: true })).toBeVisible();
  await expect(section.getByText(/Reason: Matter 2026-114 \(regulator request\)\./)).toBeVisible();
  await expect(section.getByRole('switch', { name: 'Legal hold' })).toBeChecked();
  await expectNoSeriousFindings(page, 'the Retention section');

  // Usable on a phone: the section's controls stay within the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  const box = await section.getByRole('button', { name: 'Save retention' }).boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 860 });
  await shot(page, 'audit-retention');

  // Lifting it asks too, and the change is in the portal's audit trail.
  await section.getByRole('switch', { name: 'Legal hold' }).click();
  const lift = page.getByRole('dialog', { name: 'Lift the legal hold' });
  await lift.getByRole('button', { name: 'Lift hold' }).click();
  await expect(lift.getByText('The legal hold was lifted.')).toBeVisible();
  await lift.getByRole('button', { name: 'Close' }).click();
  await expect(section.getByText('Not on hold')).toBeVisible();
  const trail = await request.get(`/api/v1/audit?sponsorid=${sponsorId}&action=audit.`, { headers });
  expect(trail.status(), await trail.text()).toBe(200);
  const actions = ((await trail.json()).data as { action: string }[]).map((e) => e.action);
  expect(actions).toEqual(expect.arrayContaining(['audit.retention.update', 'audit.hold.set', 'audit.hold.lift']));
});
