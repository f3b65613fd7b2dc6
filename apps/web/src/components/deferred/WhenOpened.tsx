import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders a lazily loaded dialog from the first time it is opened, then keeps it mounted so it
 * closes with its transition: dialogs are not part of the first screen's code.
 */
export function WhenOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [used, setUsed] = useState(false);
  if (opened && !used) setUsed(true);
  if (!used) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
