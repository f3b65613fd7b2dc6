import { screen, waitFor, within } from '@testing-library/react';
import { INVITATION_TYPE_STORAGE_KEY } from '@vault/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SeenRequest, stubApi } from '../../test/fetch';
import { renderWithPortal } from '../../test/render';
import { InvitationFormDialog } from './InvitationFormDialog';

function server(onCreate: (req: SeenRequest) => { status?: number; body?: unknown }) {
  return stubApi((req) => {
    const path = req.url.split('?')[0];
    if (path === '/api/v1/packages/filter') return { body: { data: [{ id: 5, name: 'Family Plus' }], total: 1 } };
    if (path === '/api/v1/sponsoredadvisor')
      return { body: { data: [{ userId: 12, firstName: 'Nina', lastName: 'Adviser', email: 'nina@acme.example' }], total: 1 } };
    if (path === '/api/v1/invitations' && req.method === 'POST') return onCreate(req);
    return { status: 404, body: { message: 'not stubbed' } };
  });
}
const posts = (seen: SeenRequest[]) => seen.filter((r) => r.method === 'POST');

beforeEach(() => localStorage.setItem(INVITATION_TYPE_STORAGE_KEY, 'strict'));

describe('Create Strict Invitation', { timeout: 60_000 }, () => {
  it("names each field the contract refuses and sends nothing; the server's field error lands on its field", async () => {
    let answer: { status?: number; body?: unknown } = {
      status: 409,
      body: { message: 'Invalid input', details: [{ field: 'email', message: 'This person was already invited' }] },
    };
    const seen = server(() => answer);
    const onClose = vi.fn();
    const { user } = renderWithPortal(<InvitationFormDialog opened invitation={null} sponsorId={1} sponsorCode="ACME" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Strict Invitation' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription('Enter a valid e-mail address');
    expect(within(dialog).getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription('First name is required');
    expect(posts(seen)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'erin@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Erin');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Tester');
    await user.click(within(dialog).getByRole('combobox', { name: 'Package' }));
    await user.click(await screen.findByRole('option', { name: 'Family Plus' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Sponsored trusted advisors' }));
    await user.click(await screen.findByRole('option', { name: /Nina Adviser/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription('This person was already invited'),
    );

    answer = { body: { id: 3, email: 'erin@example.com', inviteCode: 'testInvitation' } };
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts(seen).at(-1)).toMatchObject({
      url: '/api/v1/invitations?sponsorid=1&itype=strict',
      body: { email: 'erin@example.com', firstName: 'Erin', lastName: 'Tester', packageId: 5, sponsoredTrustedAdvisorId: [12] },
    });
  });
});

/** Opens Create Strict Invitation with a server that accepts it; `create` fills the required fields and sends it. */
async function openStrictCreate() {
  const seen = server(() => ({ body: { id: 4, email: 'erin@example.com', inviteCode: 'x' } }));
  const onClose = vi.fn();
  const { user } = renderWithPortal(<InvitationFormDialog opened invitation={null} sponsorId={1} sponsorCode="ACME" onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'Create Strict Invitation' });
  const create = async () => {
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'erin@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Erin');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Tester');
    await user.click(within(dialog).getByRole('combobox', { name: 'Package' }));
    await user.click(await screen.findByRole('option', { name: 'Family Plus' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    return posts(seen).at(-1)?.body;
  };
  return { user, dialog, create };
}

describe('the Expires field', { timeout: 60_000 }, () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 2, 17, 10, 0) }));
  afterEach(() => vi.useRealTimers());

  it("is the portal's date-time picker in its format, and sends the chosen local time as the instant it names", async () => {
    const { user, dialog, create } = await openStrictCreate();
    // A new invitation expires in 30 days, shown as the portal writes a date and time.
    const expires = within(dialog).getByRole('button', { name: 'Expires' });
    expect(expires).toHaveTextContent('04/16/2026 10:00 am');

    await user.click(expires);
    await user.click(await screen.findByRole('button', { name: '20 April 2026' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(expires).toHaveTextContent('04/20/2026 10:00 am');
    expect(await create()).toMatchObject({ expireTime: new Date(2026, 3, 20, 10, 0).toISOString() });
  });

  it('may be cleared on a strict invitation, which then never expires', async () => {
    const { user, dialog, create } = await openStrictCreate();
    await user.click(within(dialog).getByRole('button', { name: 'Clear expiry' }));
    expect(within(dialog).getByRole('button', { name: 'Expires' })).toHaveTextContent('No expiry');
    expect(await create()).toMatchObject({ expireTime: null });
  });
});
