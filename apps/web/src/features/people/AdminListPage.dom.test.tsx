import { screen, within } from '@testing-library/react';
import type { SponsorAdminItem } from '@vault/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmProvider } from '../../components/confirm-context';
import { clearSession, getSponsor, setSponsor, startSession } from '../../lib/session';
import { type SeenRequest, stubApi } from '../../test/fetch';
import { renderWithPortal } from '../../test/render';
import { AdminListPage } from './AdminListPage';

const admin = (id: number, sponsorId: number, sponsorCode: string, lastName: string): SponsorAdminItem =>
  ({
    id,
    said: id + 100,
    sponsorId,
    sponsorCode,
    email: `${lastName.toLowerCase()}@${sponsorCode.toLowerCase()}.example`,
    firstName: 'Pat',
    lastName,
    statusId: 1,
    status: 'Active',
    title: null,
    group: null,
    groupName: null,
    testAccount: false,
    localize: 'en',
    mfaEnabled: false,
    lastLoginAt: null,
    createdAt: '2026-01-02T03:04:05.000Z',
    hasPrivateFoldersAccess: true,
    ssoBreakGlass: false,
    signInMethod: 'password',
  }) as SponsorAdminItem;

function signIn(role: 'staff' | 'sponsor_admin') {
  startSession('tok', {
    id: 1,
    email: 'me@example.com',
    firstName: 'Me',
    lastName: 'Self',
    role,
    sponsorId: role === 'staff' ? null : 1,
    permissions: { hasManageAdminsAccess: true },
  });
}

function serve(): SeenRequest[] {
  return stubApi((req) =>
    req.url.startsWith('/api/v1/sponsors/admin?')
      ? { body: { data: [admin(7, 1, 'ACME', 'Stone'), admin(8, 2, 'BETA', 'Lake')], total: 2 } }
      : { body: { data: [], total: 0 } },
  );
}

const page = (
  <ConfirmProvider>
    <AdminListPage />
  </ConfirmProvider>
);
afterEach(() => clearSession());

/** Decision 0052: the Overview's "Administrators without a second factor" across portals. */
describe('Administrators of every portal', { timeout: 60_000 }, () => {
  it('lists every portal for staff with all=1, with the Portal column and no changes offered', async () => {
    signIn('staff');
    const seen = serve();
    renderWithPortal(page, { route: '/sponsor-admin?all=1&secondFactor=off' });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('BETA')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Portal' })).toBeInTheDocument();
    const call = new URL(seen.find((r) => r.url.startsWith('/api/v1/sponsors/admin?'))!.url, 'http://x');
    expect(call.searchParams.get('allPortals')).toBe('true');
    expect(call.searchParams.get('secondFactor')).toBe('off');
    expect(call.searchParams.has('sponsorcode')).toBe(false);
    expect(screen.queryByRole('button', { name: /Create Administrator/ })).toBeNull();
    expect(within(table).queryByRole('link', { name: /Open/ })).toBeNull();
    expect(screen.getByRole('switch', { name: 'All portals' })).toBeChecked();
  });

  it('opens an administrator in their own portal: the link chooses it', async () => {
    signIn('staff');
    setSponsor({ sponsorId: 1, sponsorCode: 'ACME' });
    serve();
    const { user } = renderWithPortal(page, { route: '/sponsor-admin?all=1' });
    await user.click(await screen.findByRole('link', { name: 'Pat Lake' }));
    expect(getSponsor()).toEqual({ sponsorId: 2, sponsorCode: 'BETA' });
  });

  it('reads the chosen portal for a sponsor administrator, whatever the address says', async () => {
    signIn('sponsor_admin');
    setSponsor({ sponsorId: 1, sponsorCode: 'ACME' });
    const seen = serve();
    renderWithPortal(page, { route: '/sponsor-admin?all=1' });
    const table = await screen.findByRole('table');
    await within(table).findByText('Pat Stone');
    expect(within(table).queryByRole('columnheader', { name: 'Portal' })).toBeNull();
    const call = new URL(seen.find((r) => r.url.startsWith('/api/v1/sponsors/admin?'))!.url, 'http://x');
    expect(call.searchParams.get('sponsorcode')).toBe('ACME');
    expect(call.searchParams.has('allPortals')).toBe(false);
    expect(screen.getByRole('button', { name: /Create Administrator/ })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'All portals' })).toBeNull();
  });
});
