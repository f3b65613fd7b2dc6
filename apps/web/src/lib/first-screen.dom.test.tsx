import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, holdBackgroundCallsUntil, useBackgroundCallsAllowed } from './first-screen';

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

  describe('after the next paint', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    });

    it('waits for the next frame and the task after it', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
      let painted = false;
      void afterNextPaint().then(() => {
        painted = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(painted).toBe(false);
      // One frame (16 ms with fake timers), well before the fallback.
      await vi.advanceTimersByTimeAsync(20);
      expect(painted).toBe(true);
    });

    it('goes anyway when no frame comes (a tab opened in the background)', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      vi.stubGlobal('requestAnimationFrame', () => 0);
      let painted = false;
      void afterNextPaint().then(() => {
        painted = true;
      });
      await vi.advanceTimersByTimeAsync(200);
      expect(painted).toBe(false);
      await vi.advanceTimersByTimeAsync(100);
      expect(painted).toBe(true);
    });
  });
});
