import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { serviceProviderMetadata } from '../apps/api/src/modules/sso/saml/saml.service';
import { type SamlTestIdp, startSamlTestIdp } from '../apps/api/src/test/saml-idp';
import { shot, staffHeaders, storedSponsor, untilListSettled } from './fixtures';

/**
 * Enterprise sign-in through SAML 2.0 (issue 32): an administrator signs in on the identity
 * provider's own sign-in page and lands on the vault list of their portal; the identity provider
 * then deprovisions them through SCIM and the browser's session ends at its next call.
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const ORIGIN = `http://localhost:${PORT}`;
test.use({ baseURL: ORIGIN });

const CODE = `SAML${Date.now().toString(36).slice(-5).toUpperCase()}`;
const DOMAIN = `${CODE.toLowerCase()}.example`;
const PERSON = `erin@${DOMAIN}`;
const SESSION_ENDED = 'Your session has ended. Please log in to the Vault Admin Portal again.';
let idp: SamlTestIdp;

test.beforeAll(async () => {
  idp = await startSamlTestIdp(serviceProviderMetadata({ publicUrl: ORIGIN, sponsorCode: CODE }), { loginPage: true });
});
test.afterAll(async () => idp?.close());

/** Staff make the portal, its administrator, its SAML identity provider and a SCIM key, through the API. */
async function setUpPortal(request: APIRequestContext) {
  const headers = await staffHeaders(request);
  const sponsor = await request.post('/api/v1/sponsors', { headers, data: { sponsorCode: CODE, name: `${CODE} Partners` } });
  expect(sponsor.status(), await sponsor.text()).toBe(201);
  const { id } = await sponsor.json();
  const admin = await request.post('/api/v1/sponsors/admin', {
    headers,
    data: { email: PERSON, firstName: 'Erin', lastName: 'Eng', sponsorId: id },
  });
  expect(admin.status(), await admin.text()).toBe(201);
  // A second active administrator: the portal never loses its last one (SCIM is refused that).
  const other = await request.post('/api/v1/sponsors/admin', {
    headers,
    data: { email: `frank@${DOMAIN}`, firstName: 'Frank', lastName: 'Fox', sponsorId: id },
  });
  expect(other.status(), await other.text()).toBe(201);
  const activated = await request.put(`/api/v1/sponsors/admin/${(await other.json()).id}/activate?sponsorid=${id}`, {
    headers,
    data: { statusId: 1 },
  });
  expect(activated.status(), await activated.text()).toBe(200);
  const sso = await request.put(`/api/v1/sponsors/${CODE}/sso`, {
    headers,
    data: { protocol: 'saml', domains: [DOMAIN], ssoOnly: false, jit: false, saml: { metadataXml: idp.metadataXml } },
  });
  expect(sso.status(), await sso.text()).toBe(200);
  // The firm's identity provider provisions through SCIM with an integration key of the scim scope.
  const apps = await (await request.get(`/api/v1/app-integrations?sponsorId=${id}`, { headers })).json();
  const scanner = apps.data.find((a: { code: string }) => a.code === 'doc-scanner');
  const enabled = await request.post(`/api/v1/app-integrations/${scanner.id}/enable?sponsorId=${id}`, {
    headers,
    data: { config: { account: 'identity-provider' } },
  });
  expect(enabled.status(), await enabled.text()).toBe(201);
  const { integration, apiKey } = await enabled.json();
  const grant = await request.post(`/api/v1/sponsor-authorizations?sponsorId=${id}`, {
    headers,
    data: { sponsorIntegrationId: integration.id, scopes: ['scim'] },
  });
  expect(grant.status(), await grant.text()).toBe(201);
  return { sponsorId: id as number, scimKey: apiKey as string };
}

async function ssoEntry(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  await page.getByRole('textbox', { name: 'Work e-mail' }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('SAML: sign in on the identity provider’s page, land on the vault list; SCIM deprovisioning ends the session at the next call', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { sponsorId, scimKey } = await setUpPortal(request);

  await ssoEntry(page, PERSON);
  // The identity provider's own sign-in page.
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  expect(page.url().startsWith(idp.ssoUrl)).toBe(true);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(PERSON);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Its signed answer is posted to the portal's ACS, and the portal page collects the session.
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Vault holders' })).toBeVisible();
  await expect.poll(async () => (await storedSponsor(page))?.sponsorId).toBe(sponsorId);
  await untilListSettled(page);
  await shot(page, 'sso-saml-landed');

  // HR closes the account: the identity provider deactivates the administrator through SCIM.
  const scim = { Authorization: `Bearer ${scimKey}`, 'Content-Type': 'application/scim+json' };
  const found = await request.get(`/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${PERSON}"`)}`, { headers: scim });
  expect(found.status(), await found.text()).toBe(200);
  const user = (await found.json()).Resources[0];
  const patched = await request.patch(`/scim/v2/Users/${user.id}`, {
    headers: scim,
    data: { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', value: { active: false } }] },
  });
  expect(patched.status(), await patched.text()).toBe(200);

  // The browser's next call ends its session.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Administrators', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toContainText(SESSION_ENDED);
});
