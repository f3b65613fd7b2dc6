import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { startOidcProvider, type TestProvider } from '../apps/api/src/test/oidc-provider';
import { pickPortal, shot, signIn, staffHeaders, storedSponsor } from './fixtures';

/**
 * Enterprise sign-in (issue 32): an administrator signs in through the portal's OpenID Connect
 * provider, on the provider's own login page, and lands on the vault list of their portal. The
 * provider (oidc-provider) runs inside the journey on a free port; the portal is set up through the API.
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
// The provider sends the browser back to PUBLIC_URL (localhost in playwright.config.ts), where the
// sign-in's cookie must be: the journey browses there.
const ORIGIN = `http://localhost:${PORT}`;
test.use({ baseURL: ORIGIN });

const CODE = `SSO${Date.now().toString(36).slice(-5).toUpperCase()}`;
const DOMAIN = `${CODE.toLowerCase()}.example`;
const PERSON = `dana@${DOMAIN}`;
let idp: TestProvider;

test.beforeAll(async () => {
  idp = await startOidcProvider({
    clients: [{ client_id: 'vault-portal', client_secret: 'journey-client-secret', redirect_uris: [`${ORIGIN}/api/v1/sso/oidc/callback`] }],
    accounts: { [PERSON]: { given_name: 'Dana', family_name: 'Doe' } },
  });
});
test.afterAll(async () => idp?.close());

/** Staff sets up a portal, its administrator and its identity provider through the API. */
async function setUpPortal(request: APIRequestContext) {
  const headers = await staffHeaders(request);
  const sponsor = await request.post('/api/v1/sponsors', { headers, data: { sponsorCode: CODE, name: `${CODE} Partners` } });
  expect(sponsor.status(), await sponsor.text()).toBe(201);
  const { id } = await sponsor.json();
  const admin = await request.post('/api/v1/sponsors/admin', {
    headers,
    data: { email: PERSON, firstName: 'Dana', lastName: 'Doe', sponsorId: id },
  });
  expect(admin.status(), await admin.text()).toBe(201);
  const sso = await request.put(`/api/v1/sponsors/${CODE}/sso`, {
    headers,
    data: {
      protocol: 'oidc',
      domains: [DOMAIN],
      ssoOnly: true,
      jit: false,
      oidc: { issuer: idp.issuer, clientId: 'vault-portal', clientSecret: 'journey-client-secret' },
    },
  });
  expect(sso.status(), await sso.text()).toBe(200);
  return id as number;
}

async function ssoEntry(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with SSO' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Work e-mail' }).fill(email);
  await shot(page, 'sso-entry');
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('an administrator signs in through the identity provider’s login page and lands on the vault list', async ({
  page,
  request,
  browser,
}) => {
  // One journey: the portal it sets up is the one staff look at after (a new worker would make another).
  test.setTimeout(180_000);
  const sponsorId = await setUpPortal(request);

  // An address no portal claims is answered on the login page.
  await ssoEntry(page, 'someone@unclaimed.example');
  await expect(page.getByRole('alert')).toContainText('No portal signs in with single sign-on for this e-mail domain');

  await ssoEntry(page, PERSON);
  // The provider's own development login page.
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill(PERSON);
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Vault holders' })).toBeVisible();
  await expect.poll(async () => (await storedSponsor(page))?.sponsorId).toBe(sponsorId);
  await shot(page, 'sso-landed');

  // Staff see the Sign-in section and how each administrator signs in.
  await staffView(await browser.newPage({ baseURL: ORIGIN }));
});

async function staffView(page: Page) {
  await signIn(page);
  await pickPortal(page, CODE);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Administrators' }).click();
  await expect(page.getByRole('heading', { name: 'Administrators' })).toBeVisible();
  await shot(page, 'sso-admin-list');
  const table = page.getByRole('table', { name: 'Administrators' });
  await expect(table.getByRole('row').filter({ hasText: PERSON })).toContainText('SSO');
  await page.getByRole('combobox', { name: 'Signs in with' }).click();
  await page.getByRole('option', { name: 'SSO, break-glass' }).click();
  await expect(table.getByRole('row').filter({ hasText: PERSON })).toHaveCount(0);

  const sponsorId = (await storedSponsor(page))!.sponsorId;
  await page.goto(`/sponsor/${sponsorId}`);
  const section = page.getByRole('region', { name: 'Sign-in' });
  await expect(section.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(`${ORIGIN}/api/v1/sso/oidc/callback`);
  await expect(section.getByRole('switch', { name: 'Administrators sign in with SSO only' })).toBeChecked();
  await expect(section.getByRole('textbox', { name: 'Client secret' })).toHaveValue('');
  await shot(page, 'sso-settings');
}
