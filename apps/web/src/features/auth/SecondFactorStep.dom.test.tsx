import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_CANCELLED_MESSAGE } from '../../lib/passkeys';
import { renderWithPortal } from '../../test/render';
import { SecondFactorStep } from './SecondFactorStep';

const props = { challengeToken: 'c'.repeat(40), onSignedIn: vi.fn(), onRestart: vi.fn() };

afterEach(() => vi.unstubAllGlobals());

describe('SecondFactorStep', () => {
  it('offers a passkey only to someone who registered one', () => {
    const { unmount } = renderWithPortal(<SecondFactorStep {...props} methods={['totp', 'recovery']} />);
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    expect(screen.getByRole('textbox', { name: /Authentication code/ })).toBeInTheDocument();
    unmount();
    renderWithPortal(<SecondFactorStep {...props} methods={['passkey', 'recovery']} />);
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
    expect(screen.getByText(/Use your passkey\. Lost it\?/)).toBeInTheDocument();
  });

  it('says so when the browser prompt is closed, and stays on the step', async () => {
    const fetchMock = vi.fn().mockResolvedValue(
      new Response(JSON.stringify({ options: { challenge: 'abc', allowCredentials: [] } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    // A browser whose passkey prompt the person dismisses.
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    Object.defineProperty(navigator, 'credentials', {
      configurable: true,
      value: { get: vi.fn().mockRejectedValue(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')) },
    });
    const { user } = renderWithPortal(<SecondFactorStep {...props} methods={['passkey', 'totp', 'recovery']} />);
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSKEY_CANCELLED_MESSAGE);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(props.onSignedIn).not.toHaveBeenCalled();
    expect(props.onRestart).not.toHaveBeenCalled();
  });
});
