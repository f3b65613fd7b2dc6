import { valueStore } from './value-store';

/**
 * The shell's background calls (who the user is, the second-factor status, the sponsor list) are
 * not needed for the first screen's rows. While those rows are on their way they wait, so the
 * server answers the list first and their answers do not redraw the shell before the rows are in.
 * They also wait for the rows to be painted: sent from the commit that draws the rows, they would
 * add their own work (three requests and the server's answers competing for the CPU) to the task
 * the browser must finish before it paints.
 * Nothing waits unless the app start holds them (the tests and every later screen never do).
 */
const holding = valueStore(false);

/** Holds the background calls until `done` settles (whether the first screen's request worked or not). */
export function holdBackgroundCallsUntil(done: Promise<unknown>) {
  holding.set(true);
  void done.then(
    () => holding.set(false),
    () => holding.set(false),
  );
}

/** A tab opened in the background draws no frames: the calls go after this instead. */
const NO_FRAME_MS = 250;

/**
 * Settles once the browser has painted what is on screen now: after the next frame (whose paint
 * follows rAF callbacks) and a task, or after NO_FRAME_MS when no frame comes. Called from a
 * commit's effect, the calls it releases go after that commit is on screen instead of inside the
 * task that draws it.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, NO_FRAME_MS);
  });
}

/** True once the background calls may go (at once, unless the app start is waiting for the first rows). */
export const useBackgroundCallsAllowed = (): boolean => !holding.useValue();
