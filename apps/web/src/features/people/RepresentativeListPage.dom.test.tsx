import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfirmProvider } from '../../components/confirm-context';
import { NO_SPONSOR, setSponsor } from '../../lib/session';
import { stubApi } from '../../test/fetch';
import { renderWithPortal } from '../../test/render';
import { RepresentativeListPage } from './RepresentativeListPage';

const olivia = {
  id: 3,
  userId: 13,
  sponsorId: 1,
  email: 'olivia@law.example',
  firstName: 'Olivia',
  lastName: 'Stone',
  statusId: 1,
  status: 'Active',
  group: 4,
  groupName: 'West',
  localize: 'en',
  permissions: [],
  testAccount: false,
  ownerEmail: null,
  mfaEnabled: false,
  createdAt: '2026-01-02T03:04:05.000Z',
};

beforeEach(() => {
  localStorage.clear();
  setSponsor({ sponsorId: 1, sponsorCode: 'ACME' });
  stubApi((req) => {
    if (req.url.split('?')[0] === '/api/v1/sponsoredadvisor') return { body: { data: [olivia], total: 1 } };
    return { body: { data: [], total: 0 } };
  });
});
afterEach(() => setSponsor(NO_SPONSOR));

const page = (
  <ConfirmProvider>
    <RepresentativeListPage />
  </ConfirmProvider>
);

describe('Representatives', { timeout: 60_000 }, () => {
  it("shows section 2's columns by default, without the group", async () => {
    renderWithPortal(page, { route: '/sponsor-trusted-advisors' });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Stone')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /Last name/ })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Group' })).toBeNull();
    expect(within(table).queryByText('West')).toBeNull();
  });

  it('offers the group as a column option', async () => {
    const { user } = renderWithPortal(page, { route: '/sponsor-trusted-advisors' });
    await user.click(await screen.findByRole('button', { name: 'Columns' }));
    const group = await screen.findByRole('checkbox', { name: 'Group' });
    expect(group).not.toBeChecked();
    await user.click(group);
    const table = screen.getByRole('table');
    expect(await within(table).findByRole('columnheader', { name: 'Group' })).toBeInTheDocument();
    expect(within(table).getByText('West')).toBeInTheDocument();
  });
});
