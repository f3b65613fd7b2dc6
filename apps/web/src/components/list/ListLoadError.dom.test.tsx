import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithPortal } from '../../test/render';
import { ListLoadError } from './ListLoadError';

describe('ListLoadError', () => {
  it('says the list was not loaded, with the reason, and Retry asks again', async () => {
    const refetch = vi.fn();
    const { user } = renderWithPortal(
      <ListLoadError what="vault list" query={{ isError: true, error: new Error('Network down'), isFetching: false, refetch }} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The vault list could not be loaded');
    expect(screen.getByRole('alert')).toHaveTextContent('Network down');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows nothing while the list loads fine', () => {
    renderWithPortal(<ListLoadError query={{ isError: false, error: null, isFetching: true, refetch: () => {} }} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
