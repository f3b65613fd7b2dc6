import { screen, waitFor, within } from '@testing-library/react';
import type { SponsorPackageItem } from '@vault/contract';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/fetch';
import { renderWithPortal } from '../../test/render';
import { AssignPackagesDialog } from './AssignPackagesDialog';

const pkg = {
  id: 4,
  name: 'Family Plus',
  description: '',
  storageQuotaBytes: 10 * 1024 ** 3,
  listPrice: '9.00',
  currency: 'USD',
  billingPeriod: 'monthly',
  features: [],
} as unknown as SponsorPackageItem;

describe('Assign Packages', { timeout: 60_000 }, () => {
  it('refuses a sale price the contract refuses, then assigns the package at the typed price', async () => {
    const seen = stubApi((req) => (req.method === 'POST' ? { body: { id: 4, name: 'Family Plus' } } : { body: { data: [], total: 0 } }));
    const onClose = vi.fn();
    const { user } = renderWithPortal(
      <AssignPackagesDialog opened sponsorId={1} sponsorCode="ACME" available={[pkg]} loading={false} onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Assign Packages' });
    const row = within(dialog).getByRole('row', { name: /Family Plus/ });
    await user.click(within(row).getByRole('checkbox'));
    const price = within(row).getByRole('textbox', { name: 'Sale price of Family Plus' });
    expect(price).toHaveValue('9.00');
    await user.clear(price);
    await user.type(price, '-2');
    await user.click(within(dialog).getByRole('button', { name: 'Assign 1' }));
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);

    await user.clear(price);
    await user.type(price, '7.5');
    expect(price).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Assign 1' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/v1/packagesponsor', body: { id: 4, priceSale: '7.5', sponsorId: 1, SponsorCode: 'ACME' } },
    ]);
  });
});
