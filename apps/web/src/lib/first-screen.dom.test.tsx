import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { holdBackgroundCallsUntil, useBackgroundCallsAllowed } from './first-screen';

function Shell() {
  return <p>{useBackgroundCallsAllowed() ? 'calls go' : 'calls wait'}</p>;
}

/** A promise settled from outside, like the first screen's request. */
function pending() {
  let settle: { resolve: () => void; reject: (e: Error) => void } = { resolve: () => undefined, reject: () => undefined };
  const promise = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

describe('background calls of the shell', () => {
  it('go at once when nothing holds them', () => {
    render(<Shell />);
    expect(screen.getByText('calls go')).toBeInTheDocument();
  });

  it('wait while the first screen’s rows are on their way, and go once they are in', async () => {
    const rows = pending();
    holdBackgroundCallsUntil(rows.promise);
    render(<Shell />);
    expect(screen.getByText('calls wait')).toBeInTheDocument();
    await act(async () => rows.resolve());
    expect(screen.getByText('calls go')).toBeInTheDocument();
  });

  it('go too when the first screen’s request failed', async () => {
    const rows = pending();
    holdBackgroundCallsUntil(rows.promise);
    render(<Shell />);
    expect(screen.getByText('calls wait')).toBeInTheDocument();
    await act(async () => rows.reject(new Error('offline')));
    expect(screen.getByText('calls go')).toBeInTheDocument();
  });
});
