import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

export const ADMIN_EMAIL = 'admin@vault.local';
export const ADMIN_PASSWORD = 'demo-password-2026';

/** Headers of a staff session for calls beside the screens (setting up a journey's own data through the API). */
export async function staffHeaders(request: APIRequestContext) {
  const login = await request.post('/api/v1/authentication/login', { data: { username: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  const { accessToken } = await login.json();
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  return { Authorization: `Bearer ${accessToken}`, 'X-XSRF-TOKEN': xsrf };
}

/** Signs in through the login screen and waits for the shell. */
export async function signIn(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail or username' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

/** The header's portal (sponsor) dropdown. */
export const portalSelect = (page: Page) => page.getByRole('combobox', { name: 'Portal' });

/**
 * Chooses a portal in the header dropdown: the one whose code is given, else the first listed.
 * Returns the chosen option's text.
 */
export async function pickPortal(page: Page, code?: string): Promise<string> {
  const select = portalSelect(page);
  await expect(select).toBeEnabled();
  let text = '';
  // Opening, choosing and checking are retried together: a click that lands while the dropdown
  // re-renders (right after a previous choice) is lost, and the next attempt makes it again.
  await expect(async () => {
    await select.click();
    const options = page.getByRole('option');
    const option = code ? options.filter({ hasText: new RegExp(`^${code}(\\b| ·)`) }).first() : options.nth(1);
    await expect(option).toBeVisible({ timeout: 2000 });
    text = (await option.textContent())?.trim() ?? '';
    await option.click();
    await expect(select).toHaveValue(text, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  return text;
}

/** The session_sponsor the portal keeps in localStorage. */
export async function storedSponsor(page: Page): Promise<{ sponsorId: number; sponsorCode: string } | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('session_sponsor') ?? 'null'));
}

/** The access token the portal keeps in localStorage. */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('access_token'));
}

/** The code an authenticator app shows `steps` periods from now. */
export const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

/**
 * Sets up an authenticator app on the signed-in person's account page, its first code computed
 * here as the app would; leaves the ten recovery codes on screen.
 */
export async function enrollAuthenticator(page: Page) {
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Second factor' });
  // A new factor takes a fresh proof that it is the person: the password, while there is no factor yet.
  const check = section.getByRole('region', { name: "Confirm it's you" });
  await shot(page, 'confirm-identity');
  await check.getByLabel('Your password').fill(ADMIN_PASSWORD);
  await check.getByRole('button', { name: 'Confirm' }).click();
  await section.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await section.getByLabel('Secret key').textContent())!.trim();
  await section.getByRole('textbox', { name: 'Code from the app' }).fill(codeAt(secret));
  await section.getByRole('button', { name: 'Confirm' }).click();
  const codes = section.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  return { section, secret, recovery: (await codes.allTextContents()).map((c) => c.trim()) };
}

/** Screenshots at desktop and phone width into SHOTS_DIR, when it is set (for looking at screens). */
export async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-desktop.png`, fullPage: true });
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(size);
}

/** The password step of a sign-in, without waiting for what follows it. */
export async function passwordStep(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail or username' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs out through the account menu and waits for the login page. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
}

/**
 * Waits until a list screen has made its calls: its saved views load after its first rows. A journey
 * that ends the session on the server waits for this, so the first call the ended session makes is
 * the one the journey makes, not a request already on its way.
 */
export async function untilListSettled(page: Page) {
  await expect(page.getByRole('button', { name: 'Views' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
}
