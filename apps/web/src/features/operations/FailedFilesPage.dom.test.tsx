import { screen, within } from '@testing-library/react';
import type { FailedUpload } from '@vault/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmProvider } from '../../components/confirm-context';
import { clearSession, setSponsor, startSession } from '../../lib/session';
import { type SeenRequest, stubApi } from '../../test/fetch';
import { renderWithPortal } from '../../test/render';
import { FailedFilesPage } from './FailedFilesPage';

const file = (id: number, sponsorId: number, sponsorCode: string, fileName: string): FailedUpload => ({
  id,
  sponsorId,
  sponsorCode,
  fileName,
  sizeBytes: 2048,
  contentType: null,
  reason: 'virus',
  detail: null,
  status: 'failed',
  occurredAt: '2026-03-02T12:00:00.000Z',
  resolvedAt: null,
  vaultId: id + 50,
  holder: { userId: id + 10, firstName: 'Hanna', lastName: 'Holder', email: 'hanna@example.com' },
  reportedBy: null,
});

function signIn(role: 'staff' | 'sponsor_admin') {
  startSession('tok', { id: 1, email: 'me@example.com', firstName: 'Me', lastName: 'Self', role, sponsorId: null, permissions: {} });
}

function serve(): SeenRequest[] {
  return stubApi((req) =>
    req.url.startsWith('/api/v1/upload-failed-files?')
      ? { body: { data: [file(1, 1, 'ACME', 'a.pdf'), file(2, 2, 'BETA', 'b.pdf')], total: 2 } }
      : { body: { data: [], total: 0 } },
  );
}

const page = (
  <ConfirmProvider>
    <FailedFilesPage />
  </ConfirmProvider>
);
const listCall = (seen: SeenRequest[]) => new URL(seen.find((r) => r.url.startsWith('/api/v1/upload-failed-files?'))!.url, 'http://x');
afterEach(() => clearSession());

/** Decision 0052: the Overview's "Failed uploads per day" across portals. */
describe('Failed Files of every portal', { timeout: 60_000 }, () => {
  it('lists every portal for staff with all=1 and the day’s filters, with the Portal column and no changes offered', async () => {
    signIn('staff');
    setSponsor({ sponsorId: 1, sponsorCode: 'ACME' });
    const seen = serve();
    renderWithPortal(page, { route: '/upload-failed-files?all=1&from=2026-03-02&to=2026-03-02&status=all' });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('BETA')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Portal' })).toBeInTheDocument();
    const call = listCall(seen);
    expect(Object.fromEntries(call.searchParams)).toMatchObject({
      allPortals: 'true',
      fromDate: '2026-03-02',
      toDate: '2026-03-02',
      status: 'all',
    });
    expect(call.searchParams.has('sponsorId')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Retry selected' })).toBeNull();
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(within(table).queryByRole('button', { name: /Retry|Dismiss/ })).toBeNull();
    // The chosen portal's vault opens; another portal's is named, not linked.
    expect(within(table).getByRole('link', { name: '#51' })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: '#52' })).toBeNull();
    expect(within(table).getByText('#52')).toBeInTheDocument();
  });

  it('keeps one portal’s list, with its changes, for a sponsor administrator whatever the address says', async () => {
    signIn('sponsor_admin');
    setSponsor({ sponsorId: 1, sponsorCode: 'ACME' });
    const seen = serve();
    renderWithPortal(page, { route: '/upload-failed-files?all=1' });
    const table = await screen.findByRole('table');
    await within(table).findByText('a.pdf');
    expect(within(table).queryByRole('columnheader', { name: 'Portal' })).toBeNull();
    expect(listCall(seen).searchParams.get('sponsorId')).toBe('1');
    expect(listCall(seen).searchParams.has('allPortals')).toBe(false);
    expect(screen.getByRole('button', { name: 'Retry selected' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Retry a.pdf' })).toBeInTheDocument();
  });
});
