import { cloneElement, type ReactElement, type ReactNode, useState } from 'react';
import { loadInteractive, useInteractive } from './load-interactive';

/**
 * Mantine's Tooltip (shown while the pointer is over its child), its code loaded on first use
 * (see load-interactive.ts): the first hover loads it and the label shows once it is there.
 */
export function DeferredTooltip({ label, children }: { label: ReactNode; children: ReactElement<Record<string, unknown>> }) {
  const m = useInteractive();
  const [shown, setShown] = useState(false);
  const child = cloneElement(children, {
    onMouseEnter: () => {
      setShown(true);
      void loadInteractive();
    },
    onMouseLeave: () => setShown(false),
  });
  return m ? (
    <m.Tooltip label={label} opened={shown}>
      {child}
    </m.Tooltip>
  ) : (
    child
  );
}
