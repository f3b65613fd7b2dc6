import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_FLAGS } from '@vault/contract';
import { describe, expect, it, vi } from 'vitest';
import { type SeenRequest, stubApi } from '../../test/fetch';
import { renderWithPortal } from '../../test/render';
import { AdminCreateDialog } from './AdminCreateDialog';

function server(onCreate: () => { status?: number; body?: unknown }) {
  return stubApi((req) => {
    if (req.url.startsWith('/api/v1/sponsors/ACME/sponsor-group')) return { body: { data: [], total: 0 } };
    if (req.method === 'POST' && req.url === '/api/v1/sponsors/admin') return onCreate();
    return { status: 404, body: { message: 'not stubbed' } };
  });
}
const posts = (seen: SeenRequest[]) => seen.filter((r) => r.method === 'POST');

describe('Create Administrator', { timeout: 60_000 }, () => {
  it("refuses what the server would refuse, in the contract's words, and sends nothing", async () => {
    const seen = server(() => ({ status: 500 }));
    const { user } = renderWithPortal(<AdminCreateDialog opened onClose={() => {}} sponsorId={1} sponsorCode="ACME" />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Administrator' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByLabelText(/^E-mail/)).toHaveAccessibleDescription('E-mail is required');
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'not-an-email');
    await user.type(within(dialog).getByLabelText(/^First name/), 'Grace<');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByLabelText(/^E-mail/)).toHaveAccessibleDescription('Enter a valid e-mail address');
    expect(within(dialog).getByLabelText(/^First name/)).toHaveAccessibleDescription(
      'First name may contain only letters, digits, spaces, apostrophes, hyphens and periods',
    );
    expect(posts(seen)).toEqual([]);
  });

  it('sends the administrator with private folders access and closes; a server field error lands on its field', async () => {
    let answer: { status?: number; body?: unknown } = {
      status: 400,
      body: { message: 'Invalid input', details: [{ field: 'lastName', message: 'Last name is too long' }] },
    };
    const seen = server(() => answer);
    const onClose = vi.fn();
    const { user } = renderWithPortal(<AdminCreateDialog opened onClose={onClose} sponsorId={1} sponsorCode="ACME" />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Administrator' });
    await user.type(within(dialog).getByLabelText(/^E-mail/), ' grace@acme.example ');
    await user.type(within(dialog).getByLabelText(/^First name/), 'Grace');
    await user.type(within(dialog).getByLabelText(/^Last name/), "O'Hopper");
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Last name/)).toHaveAccessibleDescription('Last name is too long'));
    expect(onClose).not.toHaveBeenCalled();

    answer = { body: { id: 5, email: 'grace@acme.example' } };
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts(seen).at(-1)?.body).toMatchObject({
      email: 'grace@acme.example',
      firstName: 'Grace',
      lastName: "O'Hopper",
      sponsorId: 1,
      group: null,
      localize: 'en',
      testAccount: false,
      hasPrivateFoldersAccess: true,
      hasManageMfaAccess: false,
    });
  });

  it('says every access flag in words only, never its code', async () => {
    server(() => ({ status: 500 }));
    renderWithPortal(<AdminCreateDialog opened onClose={() => {}} sponsorId={1} sponsorCode="ACME" />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Administrator' });
    expect(within(dialog).getByRole('checkbox', { name: /Manage MFA access/ })).toBeInTheDocument();
    for (const code of ADMIN_FLAGS) expect(within(dialog).queryByText(code)).toBeNull();
  });
});
