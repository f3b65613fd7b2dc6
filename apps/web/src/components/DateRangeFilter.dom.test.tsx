import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithPortal } from '../test/render';
import { DateRangeFilter } from './DateRangeFilter';

describe('DateRangeFilter', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 2, 17, 10, 0) });
  });
  afterEach(() => vi.useRealTimers());

  it('is a labelled control showing the range in the portal date format', () => {
    renderWithPortal(<DateRangeFilter from="2026-03-01" to="2026-03-17" onChange={() => {}} />);
    const control = screen.getByRole('button', { name: 'Date range' });
    expect(control).toHaveTextContent('03/01/2026 – 03/17/2026');
  });

  it.each([
    ['Today', '2026-03-17', '2026-03-17'],
    ['Last 7 days', '2026-03-11', '2026-03-17'],
    ['Last 30 days', '2026-02-16', '2026-03-17'],
    ['This month', '2026-03-01', '2026-03-17'],
  ])('the %s preset picks %s to %s', async (preset, from, to) => {
    const onChange = vi.fn();
    const { user } = renderWithPortal(<DateRangeFilter from={null} to={null} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Date range' }));
    await user.click(await screen.findByRole('button', { name: preset }));
    expect(onChange).toHaveBeenCalledWith(from, to);
  });

  it('names the calendar arrows for screen readers', async () => {
    const { user } = renderWithPortal(<DateRangeFilter from={null} to={null} onChange={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Date range' }));
    expect(await screen.findByRole('button', { name: 'Previous month' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeInTheDocument();
  });

  it('opens from the keyboard and a preset is chosen with Enter', async () => {
    const onChange = vi.fn();
    const { user } = renderWithPortal(<DateRangeFilter from={null} to={null} onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Date range' })).toHaveFocus();
    await user.keyboard('{Enter}');
    (await screen.findByRole('button', { name: 'Last 7 days' })).focus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('2026-03-11', '2026-03-17');
  });

  it('clearing reports a range with no bounds', async () => {
    const onChange = vi.fn();
    const { user } = renderWithPortal(<DateRangeFilter from="2026-03-01" to="2026-03-17" onChange={onChange} clearable />);
    await user.click(screen.getByRole('button', { name: 'Clear date range' }));
    expect(onChange).toHaveBeenCalledWith(null, null);
  });
});
