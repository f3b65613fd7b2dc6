import { screen, waitFor, within } from '@testing-library/react';
import type { ActivePackage } from '@vault/contract';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/fetch';
import { renderWithPortal } from '../../test/render';
import { SalePriceDialog } from './SalePriceDialog';

const pkg = {
  id: 4,
  name: 'Family Plus',
  listPrice: '9.00',
  priceSale: '8.00',
  currency: 'USD',
  packageSponsorId: 31,
  SponsorCode: 'ACME',
} as unknown as ActivePackage;

describe('Change Sale Price', { timeout: 60_000 }, () => {
  it('refuses what is not an amount, shows a server refusal on the field, then saves the price', async () => {
    let answer: { status?: number; body?: unknown } = { status: 409, body: { message: 'This package is no longer assigned to ACME.' } };
    const seen = stubApi(() => answer);
    const onClose = vi.fn();
    const { user } = renderWithPortal(<SalePriceDialog pkg={pkg} sponsorId={1} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Change Sale Price' });
    const price = within(dialog).getByRole('textbox', { name: 'Sale price' });
    expect(price).toHaveValue('8.00');
    await user.clear(price);
    await user.type(price, 'ten');
    await user.click(within(dialog).getByRole('button', { name: 'Save price' }));
    expect(price).toHaveAccessibleDescription(/Enter an amount such as 12.50/);
    expect(seen).toEqual([]);

    await user.clear(price);
    await user.type(price, '13.75');
    await user.click(within(dialog).getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(price).toHaveAccessibleDescription('This package is no longer assigned to ACME.'));

    answer = { body: { ...pkg, priceSale: '13.75' } };
    await user.click(within(dialog).getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(seen.at(-1)).toEqual({
      method: 'PUT',
      url: '/api/v1/packagesponsor',
      body: { id: 4, priceSale: '13.75', packageSponsorId: 31, sponsorId: 1, SponsorCode: 'ACME' },
    });
  });
});
