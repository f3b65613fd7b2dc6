import { useSyncExternalStore } from 'react';

/**
 * The shell's background calls (who the user is, the second-factor status, the sponsor list) are
 * not needed for the first screen's rows. While those rows are on their way they wait, so the
 * server answers the list first and their answers do not redraw the shell before the rows are in.
 * Nothing waits unless the app start holds them (the tests and every later screen never do).
 */
let holding = false;
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const set = (value: boolean) => {
  holding = value;
  for (const l of listeners) l();
};

/** Holds the background calls until `done` settles (whether the first screen's request worked or not). */
export function holdBackgroundCallsUntil(done: Promise<unknown>) {
  set(true);
  void done.then(
    () => set(false),
    () => set(false),
  );
}

const isHolding = () => holding;

/** True once the background calls may go (at once, unless the app start is waiting for the first rows). */
export const useBackgroundCallsAllowed = (): boolean => !useSyncExternalStore(subscribe, isHolding, isHolding);
