import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
        onCreatedRange={() => {}}
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
      <HolderFilterChips
        filters={{ createdFrom: '2026-03-02', createdTo: '2026-03-02' }}
        packageName={null}
        onRemove={() => {}}
        onCreatedRange={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Remove filter: Created on 2026-03-02 (UTC)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear all' })).toBeNull();
  });

  it('reads "up to" and "from" bounds, and a package by its id', () => {
    renderWithPortal(
      <HolderFilterChips
        filters={{ createdTo: '2026-03-08', packageId: 9 }}
        packageName={null}
        onRemove={() => {}}
        onCreatedRange={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Remove filter: Created up to 2026-03-08 (UTC)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter: Package: #9' })).toBeInTheDocument();
  });

  it('picks the creation days in a calendar loaded on the first click of "Created between…"', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 2, 17, 10, 0) });
    const onCreatedRange = vi.fn();
    const { user } = renderWithPortal(
      <HolderFilterChips filters={{}} packageName={null} onRemove={() => {}} onCreatedRange={onCreatedRange} />,
    );
    // No filter yet: no chips, only the button.
    expect(screen.queryByText('Filtered:')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Created between…' }));
    // The calendar's code arrives on this click, and the calendar opens by itself.
    const picker = await screen.findByRole('button', { name: 'Created between (UTC days)' }, { timeout: 10_000 });
    await waitFor(() => expect(picker).toHaveAttribute('aria-expanded', 'true'));
    await user.click(await screen.findByRole('button', { name: 'Last 7 days' }));
    expect(onCreatedRange).toHaveBeenCalledWith('2026-03-11', '2026-03-17');
  });
});

afterEach(() => vi.useRealTimers());
