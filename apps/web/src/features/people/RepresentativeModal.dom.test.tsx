import { screen, waitFor, within } from '@testing-library/react';
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
