import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithPortal } from '../../test/render';
import { FilterSelect } from './FilterSelect';

const STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'dismissed', label: 'Dismissed' },
];

describe('FilterSelect', () => {
  it('puts a chosen value in its URL parameter, and the initial choice removes the parameter', async () => {
    const update = vi.fn();
    const { user, unmount } = renderWithPortal(
      <FilterSelect label="Status" data={STATUSES} param="status" value="open" initial="open" update={update} />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Dismissed' }));
    expect(update).toHaveBeenLastCalledWith({ status: 'dismissed' });
    unmount();
    renderWithPortal(<FilterSelect label="Status" data={STATUSES} param="status" value="dismissed" initial="open" update={update} />);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Open' }));
    expect(update).toHaveBeenLastCalledWith({ status: null });
  });
});
