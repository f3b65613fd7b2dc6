import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithPortal } from '../../test/render';
import { HolderFilterChips } from './HolderFilterChips';

describe('HolderFilterChips (the vault list filters an Overview link sets)', () => {
  it('names each filter and removes it, or all of them, by its URL parameters', async () => {
    const onRemove = vi.fn();
    const { user } = renderWithPortal(
      <HolderFilterChips
        filters={{ createdFrom: '2026-03-02', createdTo: '2026-03-08', activated: 'yes', packageId: 4 }}
        packageName="Gold Plan"
        onRemove={onRemove}
      />,
    );
    const group = screen.getByRole('group', { name: 'Filters' });
    expect(group).toHaveTextContent('Created 2026-03-02 to 2026-03-08 (UTC)');
    await user.click(screen.getByRole('button', { name: 'Remove filter: Created 2026-03-02 to 2026-03-08 (UTC)' }));
    expect(onRemove).toHaveBeenLastCalledWith(['from', 'to']);
    await user.click(screen.getByRole('button', { name: 'Remove filter: Activated' }));
    expect(onRemove).toHaveBeenLastCalledWith(['activated']);
    await user.click(screen.getByRole('button', { name: 'Remove filter: Package: Gold Plan' }));
    expect(onRemove).toHaveBeenLastCalledWith(['packageId']);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(onRemove).toHaveBeenLastCalledWith(['from', 'to', 'activated', 'packageId']);
  });

  it('says a single day, one bound, and a package it has no name for', () => {
    renderWithPortal(
      <HolderFilterChips filters={{ createdFrom: '2026-03-02', createdTo: '2026-03-02' }} packageName={null} onRemove={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Remove filter: Created on 2026-03-02 (UTC)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear all' })).toBeNull();
  });

  it('reads "up to" and "from" bounds, and a package by its id', () => {
    renderWithPortal(<HolderFilterChips filters={{ createdTo: '2026-03-08', packageId: 9 }} packageName={null} onRemove={() => {}} />);
    expect(screen.getByRole('button', { name: 'Remove filter: Created up to 2026-03-08 (UTC)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter: Package: #9' })).toBeInTheDocument();
  });
});
