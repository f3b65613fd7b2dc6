import { screen, waitFor, within } from '@testing-library/react';
import { LOGIN_FAILED_MESSAGE, PASSWORD_MIN } from '@vault/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFocusFirstInvalid } from '../../lib/focus-invalid';
import { stubApi } from '../../test/fetch';
import { renderWithPortal } from '../../test/render';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { Component as LoginPage } from './LoginPage';
import { Component as SetPasswordPage } from './SetPasswordPage';

let uninstall: () => void;
beforeEach(() => {
  uninstall = installFocusFirstInvalid();
});
afterEach(() => uninstall());

describe('sign-in form', { timeout: 30_000 }, () => {
  it('names each empty field, sends nothing and moves focus to the first', async () => {
    const seen = stubApi(() => ({ status: 500 }));
    const { user } = renderWithPortal(<LoginPage />, { route: '/login' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const username = screen.getByLabelText(/E-mail or username/);
    expect(username).toHaveAccessibleDescription('Enter your e-mail or username');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Enter your password');
    await waitFor(() => expect(username).toHaveFocus());
    expect(seen).toEqual([]);
  });

  it('says the sign-in failed in the specification words and empties the password', async () => {
    const seen = stubApi(() => ({ status: 401, body: { message: 'Invalid', errorMsg: 'Invalid' } }));
    const { user } = renderWithPortal(<LoginPage />, { route: '/login' });
    await user.type(screen.getByLabelText(/E-mail or username/), '  admin@vault.local ');
    await user.type(screen.getByLabelText(/^Password/), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_FAILED_MESSAGE);
    expect(seen[0]).toMatchObject({ method: 'POST', body: { username: 'admin@vault.local', password: 'wrong password' } });
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(screen.getByLabelText(/E-mail or username/)).toHaveValue('  admin@vault.local ');
  });
});

describe('choose a new password', { timeout: 30_000 }, () => {
  it('applies the server rules and the repeat, then sets the password with the link token', async () => {
    const seen = stubApi(() => ({ body: { message: 'Your password is set. You can sign in now.' } }));
    const { user } = renderWithPortal(<SetPasswordPage />, { route: '/set-password?token=tok123' });
    const password = screen.getByLabelText(/^New password/);
    const repeat = screen.getByLabelText(/^Repeat the new password/);
    await user.type(password, 'short');
    await user.type(repeat, 'other');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(password).toHaveAccessibleDescription(expect.stringContaining(`Use at least ${PASSWORD_MIN} characters`));
    expect(repeat).toHaveAccessibleDescription('The two passwords are not the same');
    await waitFor(() => expect(password).toHaveFocus());
    expect(seen).toEqual([]);

    await user.clear(password);
    await user.type(password, 'a long enough password');
    await user.clear(repeat);
    await user.type(repeat, 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Your password is set. You can sign in now.')).toBeVisible();
    expect(seen).toEqual([
      { method: 'POST', url: '/api/v1/authentication/password', body: { token: 'tok123', password: 'a long enough password' } },
    ]);
  });

  it('shows the server refusal of a used link', async () => {
    stubApi(() => ({ status: 400, body: { message: 'This link has expired or was already used.' } }));
    const { user } = renderWithPortal(<SetPasswordPage />, { route: '/set-password?token=old' });
    await user.type(screen.getByLabelText(/^New password/), 'a long enough password');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used.');
  });
});

describe('forgot password dialog', { timeout: 30_000 }, () => {
  it('starts from the address typed at sign-in, refuses an invalid one, then sends the link', async () => {
    const seen = stubApi(() => ({ body: { message: 'If the address belongs to an account, a link is on its way.' } }));
    const { user } = renderWithPortal(<ForgotPasswordDialog opened onClose={() => {}} initialEmail="ann@" />);
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    const email = within(dialog).getByLabelText(/^E-mail/);
    expect(email).toHaveValue('ann@');
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address');
    expect(seen).toEqual([]);

    await user.type(email, 'example.com ');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(await within(dialog).findByText('If the address belongs to an account, a link is on its way.')).toBeVisible();
    expect(seen).toEqual([{ method: 'POST', url: '/api/v1/authentication/forgot-password', body: { email: 'ann@example.com' } }]);
  });
});
