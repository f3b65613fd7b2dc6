import { screen, waitFor, within } from '@testing-library/react';
import { ADVISOR_FLAGS, PEOPLE_FLAG_LABELS, type SponsoredAdvisorItem } from '@vault/contract';
import { describe, expect, it, vi } from 'vitest';
import { type SeenRequest, stubApi } from '../../test/fetch';
import { renderWithPortal } from '../../test/render';
import { RepresentativeModal } from './RepresentativeModal';

const newPerson = { isExistingUser: false, isAssigned: false, warning: null, advisor: null, sponsoredAdvisor: null };

function server(lookup: unknown, onSave: (req: SeenRequest) => { status?: number; body?: unknown }) {
  return stubApi((req) => {
    const path = req.url.split('?')[0];
    if (path === '/api/v1/sponsoredadvisor/details') return { body: lookup };
    if (path === '/api/v1/sponsoredadvisor' && req.method === 'POST') return onSave(req);
    if (path === '/api/v1/fvcore/sponsors/permission/list') return { body: { data: [], total: 0, hasCategory: false } };
    return { body: { data: [], total: 0 } };
  });
}

describe('Add Representative', { timeout: 60_000 }, () => {
  it('looks a valid e-mail up first, then checks the names with the contract before saving', async () => {
    const seen = server(newPerson, () => ({ body: { id: 9, userId: 19, email: 'rita@law.example' } }));
    const onClose = vi.fn();
    const { user } = renderWithPortal(<RepresentativeModal opened sponsorId={1} sponsorCode="ACME" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Representative' });
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await user.click(within(dialog).getByRole('button', { name: 'Look up' }));
    expect(email).toHaveAccessibleDescription(expect.stringContaining('E-mail is required'));
    await user.type(email, 'rita@');
    await user.click(within(dialog).getByRole('button', { name: 'Look up' }));
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Enter a valid e-mail address'));
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(email, 'law.example');
    await user.click(within(dialog).getByRole('button', { name: 'Look up' }));
    const assign = await within(dialog).findByRole('form', { name: 'Assign form' });
    await user.type(within(assign).getByRole('textbox', { name: 'First name' }), 'Rita<');
    await user.type(within(assign).getByRole('textbox', { name: 'Last name' }), 'Lawson');
    await user.click(within(assign).getByRole('button', { name: 'Save' }));
    expect(within(assign).getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
      'First name may contain only letters, digits, spaces, apostrophes, hyphens and periods',
    );
    expect(seen.filter((r) => r.method === 'POST' && r.url.startsWith('/api/v1/sponsoredadvisor?'))).toEqual([]);

    await user.clear(within(assign).getByRole('textbox', { name: 'First name' }));
    await user.type(within(assign).getByRole('textbox', { name: 'First name' }), 'Rita');
    await user.click(within(assign).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen.find((r) => r.url.startsWith('/api/v1/sponsoredadvisor?'))?.body).toMatchObject({
      email: 'rita@law.example',
      firstName: 'Rita',
      lastName: 'Lawson',
      group: null,
      localize: 'en',
      permissions: [],
      testAccount: false,
    });
  });

  it('adds an existing advisor under her own name (sent as NA)', async () => {
    const existing = {
      ...newPerson,
      isExistingUser: true,
      warning: 'This e-mail belongs to an existing user; saving links them to this portal.',
    };
    const seen = server(existing, () => ({ body: { id: 9, userId: 19, email: 'kim@law.example' } }));
    const onClose = vi.fn();
    const { user } = renderWithPortal(<RepresentativeModal opened sponsorId={1} sponsorCode="ACME" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Representative' });
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'kim@law.example');
    await user.click(within(dialog).getByRole('button', { name: 'Look up' }));
    expect(await within(dialog).findByTestId('existing-user-warning')).toHaveTextContent('existing user');
    await user.click(within(dialog).getByRole('button', { name: 'Add to this portal' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen.find((r) => r.url.startsWith('/api/v1/sponsoredadvisor?'))?.body).toMatchObject({ firstName: 'NA', lastName: 'NA' });
  });
});

describe('Edit Representative', { timeout: 60_000 }, () => {
  it('says the access flags and the permissions in words only, never their codes', async () => {
    server(null, () => ({ body: {} }));
    const rep = {
      id: 3,
      userId: 13,
      sponsorId: 1,
      email: 'olivia@law.example',
      firstName: 'Olivia',
      lastName: 'Stone',
      statusId: 1,
      status: 'Active',
      group: null,
      groupName: null,
      localize: 'en',
      permissions: ['view_documents', 'Estate planning'],
      testAccount: false,
      ownerEmail: null,
      mfaEnabled: false,
      createdAt: '2026-01-02T03:04:05.000Z',
      ...Object.fromEntries(ADVISOR_FLAGS.map((f) => [f, false])),
    } as SponsoredAdvisorItem;
    renderWithPortal(<RepresentativeModal opened rep={rep} sponsorId={1} sponsorCode="ACME" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Representative' });
    const assign = await within(dialog).findByRole('form', { name: 'Assign form' });
    // The chosen pills (the dropdown's options say the same words).
    expect(within(assign).getAllByText('View documents')[0]).toBeInTheDocument();
    expect(within(assign).getAllByText('Estate planning')[0]).toBeInTheDocument();
    expect(within(assign).getByRole('checkbox', { name: PEOPLE_FLAG_LABELS.vaultActivationPermission })).toBeInTheDocument();
    for (const code of ['view_documents', ...ADVISOR_FLAGS]) expect(within(dialog).queryByText(code)).toBeNull();
  });
});
