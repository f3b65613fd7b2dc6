import { useLayoutEffect } from 'react';

let committed!: () => void;
/** Settles once the app's first screen has been committed. */
export const firstCommit = new Promise<void>((resolve) => {
  committed = resolve;
});

/** Renders nothing; tells the app start when the first screen has been committed. */
export function FirstCommit() {
  useLayoutEffect(() => committed(), []);
  return null;
}
