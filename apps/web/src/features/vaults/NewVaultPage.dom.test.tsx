import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_SPONSOR, setSponsor } from '../../lib/session';
import { type SeenRequest, stubApi } from '../../test/fetch';
import { renderWithPortal } from '../../test/render';
import { NewVaultPage } from './NewVaultPage';

const list = <T,>(data: T[]) => ({ body: { data, total: data.length } });
const advisor = (userId: number, firstName: string) => ({
  id: userId,
  userId,
  firstName,
  lastName: 'Adviser',
  email: `${firstName.toLowerCase()}@acme.example`,
  statusId: 1,
});

/** The server of the ACME portal: one package, two advisors, one group, one template. */
function acmeServer(onCreate: (req: SeenRequest) => { status?: number; body?: unknown }) {
  return stubApi((req) => {
    const path = req.url.split('?')[0];
    if (path === '/api/v1/sponsors')
      return list([
        { id: 1, sponsorCode: 'ACME', name: 'Acme' },
        { id: 2, sponsorCode: 'GLOBEX', name: 'Globex' },
      ]);
    if (path === '/api/v1/packages/filter')
      return list([{ id: 5, name: 'Family Plus', priceSale: '9.00', currency: 'USD', billingPeriod: 'monthly', packageSponsorId: 8 }]);
    if (path === '/api/v1/sponsors/getSponsorPackageList') return list([]);
    if (path === '/api/v1/sponsoredadvisor') return list([advisor(12, 'Nina'), advisor(7, 'Omar')]);
    if (path === '/api/v1/sponsors/ACME/sponsor-group') return list([{ id: 4, name: 'West' }]);
    if (path === '/api/v1/sponsors/template/ACME') return list([{ id: 3, name: 'Estate' }]);
    if (path === '/api/v1/users' && req.method === 'POST') return onCreate(req);
    return { status: 404, body: { message: `not stubbed: ${req.url}` } };
  });
}

const created = { body: { message: 'The vault was created.', vaultId: 99, userId: 98, email: 'ann@example.com' } };
const creations = (seen: SeenRequest[]) => seen.filter((r) => r.method === 'POST');

beforeEach(() => setSponsor({ sponsorId: 1, sponsorCode: 'ACME' }));
afterEach(() => setSponsor(NO_SPONSOR));

async function fillHolder(user: ReturnType<typeof renderWithPortal>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@example.com');
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ann');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lee');
}

async function choosePackage(user: ReturnType<typeof renderWithPortal>['user']) {
  await user.click(screen.getByRole('combobox', { name: 'Package' }));
  await user.click(await screen.findByRole('option', { name: /Family Plus/ }));
}

describe('New Vault', { timeout: 60_000 }, () => {
  it('checks the holder with the server rules and sends nothing until they pass', async () => {
    const seen = acmeServer(() => created);
    const { user } = renderWithPortal(<NewVaultPage />, { route: '/vault' });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not an address');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ann<script>');
    await user.click(screen.getByRole('button', { name: 'Create Vault' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Enter a valid e-mail address');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: 'Package' })).toHaveAccessibleDescription('Please choose a package');
    expect(creations(seen)).toEqual([]);
  });

  it('sends the specification payload: tag individual, flags false, no advisor is null', async () => {
    const seen = acmeServer(() => created);
    const { user } = renderWithPortal(<NewVaultPage />, { route: '/vault' });
    await fillHolder(user);
    await user.type(screen.getByRole('textbox', { name: 'Organization name' }), 'Lee Holdings');
    await choosePackage(user);
    await user.click(screen.getByRole('button', { name: 'Create Vault' }));
    expect(await screen.findByText('The vault was created.')).toBeVisible();
    expect(creations(seen)).toEqual([
      {
        method: 'POST',
        url: '/api/v1/users?sponsorId=1',
        body: {
          email: 'ann@example.com',
          firstName: 'Ann',
          lastName: 'Lee',
          organizationName: 'Lee Holdings',
          packageId: 5,
          sponsoredAdvisorUserId: null,
          sendActivationEmail: false,
          templateId: null,
          testAccount: false,
          localize: 'en',
          tag: 'individual',
          group: null,
        },
      },
    ]);
    // Ready for the next vault, on the same package.
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  });

  it('with trusted advisors sends their ids as integers and leaves out the fields the specification names', async () => {
    const seen = acmeServer(() => created);
    const { user } = renderWithPortal(<NewVaultPage />, { route: '/vault' });
    await fillHolder(user);
    await user.type(screen.getByRole('textbox', { name: 'Middle name' }), 'Mae');
    await choosePackage(user);
    await user.click(screen.getByRole('combobox', { name: 'Trusted advisors' }));
    await user.click(await screen.findByRole('option', { name: /Nina Adviser/ }));
    await user.click(await screen.findByRole('option', { name: /Omar Adviser/ }));
    expect(screen.getByRole('textbox', { name: 'Middle name' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Create Vault' }));
    await screen.findByText('The vault was created.');
    const body = creations(seen)[0]?.body as Record<string, unknown>;
    expect(body.sponsoredAdvisorUserId).toEqual([12, 7]);
    for (const left of ['middleName', 'organizationName', 'tag', 'entityType', 'group']) expect(body).not.toHaveProperty(left);
  });

  it("shows the server's answer on the field it names", async () => {
    acmeServer(() => ({ status: 409, body: { message: 'A vault holder with this e-mail already exists.' } }));
    const { user } = renderWithPortal(<NewVaultPage />, { route: '/vault' });
    await fillHolder(user);
    await choosePackage(user);
    await user.click(screen.getByRole('button', { name: 'Create Vault' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('A vault holder with this e-mail already exists.'),
    );
  });

  it('lets the user choose the sponsor, which is the portal chosen in the header', async () => {
    acmeServer(() => created);
    const { user } = renderWithPortal(<NewVaultPage />, { route: '/vault' });
    const sponsor = screen.getByRole('combobox', { name: 'Sponsor' });
    await waitFor(() => expect(sponsor).toHaveValue('ACME · Acme'));
    await user.click(sponsor);
    await user.click(await screen.findByRole('option', { name: 'GLOBEX · Globex' }));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('session_sponsor') ?? 'null')).toEqual({ sponsorId: 2, sponsorCode: 'GLOBEX' }),
    );
  });
});
