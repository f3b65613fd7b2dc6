import { useSyncExternalStore } from 'react';

type Interactive = typeof import('./interactive');

let loaded: Interactive | null = null;
let loading: Promise<Interactive | null> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads the dropdowns, menus and tooltips (once); every deferred component then renders the real
 * one. A failed load (the network) is forgotten, so the next use tries again.
 */
export function loadInteractive(): Promise<Interactive | null> {
  loading ??= import('./interactive').then(
    (m) => {
      loaded = m;
      for (const l of listeners) l();
      return m;
    },
    () => {
      loading = null;
      return null;
    },
  );
  return loading;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

/** The loaded components, or null until they are (the caller shows its stand-in). */
export const useInteractive = () => useSyncExternalStore(subscribe, () => loaded);

const FIRST_USE = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Starts the load at the user's first move, key or touch on the page: by the time a dropdown is
 * clicked its code is usually there, and a screen that is only looked at never downloads it.
 */
export function loadInteractiveOnFirstUse(): () => void {
  if (loaded) return () => {};
  const start = () => {
    stop();
    void loadInteractive();
  };
  const stop = () => {
    for (const e of FIRST_USE) window.removeEventListener(e, start, true);
  };
  for (const e of FIRST_USE) window.addEventListener(e, start, { capture: true, passive: true });
  return stop;
}
