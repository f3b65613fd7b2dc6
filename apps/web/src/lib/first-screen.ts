import { valueStore } from './value-store';

/**
 * The shell's background calls (who the user is, the second-factor status, the sponsor list) are
 * not needed for the first screen's rows. While those rows are on their way they wait, so the
 * server answers the list first and their answers do not redraw the shell before the rows are in.
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

/** True once the background calls may go (at once, unless the app start is waiting for the first rows). */
export const useBackgroundCallsAllowed = (): boolean => !holding.useValue();
