import { useSyncExternalStore } from 'react';

/** A value kept outside React that components follow: `set` redraws every component reading it with `useValue`. */
export function valueStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const get = () => value;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    get,
    set(next: T) {
      value = next;
      for (const l of listeners) l();
    },
    useValue: (): T => useSyncExternalStore(subscribe, get, get),
  };
}
