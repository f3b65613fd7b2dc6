import type { Menu, MenuProps } from '@mantine/core';
import { cloneElement, type ReactElement, type ReactNode, useState } from 'react';
import { type Interactive, loadInteractive, useInteractive } from './load-interactive';

export interface DeferredMenuProps extends Omit<MenuProps, 'children'> {
  /** The button that opens the menu. */
  target: ReactElement<Record<string, unknown>>;
  /**
   * The menu's content, built with the Menu given (Menu.Item, Menu.Label, Menu.Divider) and the other
   * components loaded with it (`parts`: Checkbox, Text), so that they stay off the first screen.
   */
  children: (menu: typeof Menu, parts: Interactive) => ReactNode;
}

/**
 * Mantine's Menu, its code loaded on first use (see load-interactive.ts). Until then the target
 * button alone, announced as opening a menu; a click on it loads the menu and opens it.
 */
export function DeferredMenu({ target, children, ...props }: DeferredMenuProps) {
  const m = useInteractive();
  const [open, setOpen] = useState(false);
  if (m)
    return (
      <m.Menu {...props} defaultOpened={open || props.defaultOpened}>
        <m.Menu.Target>{target}</m.Menu.Target>
        <m.Menu.Dropdown>{children(m.Menu, m)}</m.Menu.Dropdown>
      </m.Menu>
    );
  return cloneElement(target, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: () => void loadInteractive(),
    onFocus: () => void loadInteractive(),
    onClick: () => {
      setOpen(true);
      void loadInteractive();
    },
  });
}
