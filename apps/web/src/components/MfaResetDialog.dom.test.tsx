import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test/fetch';
import { renderWithPortal } from '../test/render';
import { MfaResetDialog } from './MfaResetDialog';

const target = { kind: 'vault', vaultId: 7, sponsorId: 3, label: 'ann@example.com' } as const;

describe('MfaResetDialog', () => {
  it('asks, blocks while the reset runs, then shows the server message and calls onDone', async () => {
    let release!: () => void;
    const seen = stubApi(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { message: 'MFA was reset for ann@example.com.', errorMsg: null, statusType: 'success' } });
        }),
    );
    const onDone = vi.fn();
    const { user } = renderWithPortal(<MfaResetDialog target={target} onClose={() => {}} onDone={onDone} />);
    const dialog = await screen.findByRole('dialog', { name: 'Reset MFA' });
    expect(within(dialog).getByTestId('mfa-reset')).toHaveAttribute('data-state', 'idle');
    expect(dialog).toHaveTextContent('Reset multi-factor authentication for ann@example.com?');

    await user.click(within(dialog).getByRole('button', { name: 'Reset MFA' }));
    expect(within(dialog).getByTestId('mfa-reset')).toHaveAttribute('data-state', 'loading');
    expect(within(dialog).getByRole('button', { name: 'No' })).toBeDisabled();
    expect(seen).toEqual([{ method: 'POST', url: '/api/v1/vaults/reset-mfa?ownerId=7&sponsorId=3', body: {} }]);

    release();
    expect(await within(dialog).findByText('MFA was reset for ann@example.com.')).toBeVisible();
    expect(within(dialog).getByTestId('mfa-reset')).toHaveAttribute('data-state', 'success');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a refused call', { status: 403, body: { message: 'Your administrator account does not have the hasManageMfaAccess permission.' } }],
    [
      'an answer that says error',
      {
        body: {
          message: 'No',
          errorMsg: 'Your administrator account does not have the hasManageMfaAccess permission.',
          statusType: 'error',
        },
      },
    ],
  ])('shows the reason after %s, without onDone', async (_, answer) => {
    stubApi(() => answer);
    const onDone = vi.fn();
    const onClose = vi.fn();
    const { user } = renderWithPortal(<MfaResetDialog target={target} onClose={onClose} onDone={onDone} />);
    const dialog = await screen.findByRole('dialog', { name: 'Reset MFA' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset MFA' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your administrator account does not have the hasManageMfaAccess permission.',
    );
    expect(onDone).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('starts from the question again when opened for the next person', async () => {
    stubApi(() => ({ body: { message: 'MFA was reset.', errorMsg: null, statusType: 'success' } }));
    const { user, rerender } = renderWithPortal(<MfaResetDialog target={target} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Reset MFA' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset MFA' }));
    await within(dialog).findByText('MFA was reset.');
    rerender(<MfaResetDialog target={null} onClose={() => {}} />);
    rerender(<MfaResetDialog target={{ kind: 'sponsor', sponsorCode: 'ACME', label: 'ACME' }} onClose={() => {}} />);
    const again = await screen.findByRole('dialog', { name: 'Reset MFA' });
    expect(within(again).getByTestId('mfa-reset')).toHaveAttribute('data-state', 'idle');
    expect(again).toHaveTextContent('Reset multi-factor authentication for ACME?');
  });
});
