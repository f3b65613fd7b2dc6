import { valueStore } from '../../lib/value-store';

export type Interactive = typeof import('./interactive');

const loaded = valueStore<Interactive | null>(null);
let loading: Promise<Interactive | null> | null = null;

/**
 * Loads the dropdowns, menus and tooltips (once); every deferred component then renders the real
 * one. A failed load (the network) is forgotten, so the next use tries again.
 */
export function loadInteractive(): Promise<Interactive | null> {
  loading ??= import('./interactive').then(
    (m) => {
      loaded.set(m);
      return m;
    },
    () => {
      loading = null;
      return null;
    },
  );
  return loading;
}

/** The loaded components, or null until they are (the caller shows its stand-in). */
export const useInteractive = () => loaded.useValue();

const FIRST_USE = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Starts the load at the user's first move, key or touch on the page: by the time a dropdown is
 * clicked its code is usually there, and a screen that is only looked at never downloads it.
 */
export function loadInteractiveOnFirstUse(): () => void {
  if (loaded.get()) return () => {};
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
