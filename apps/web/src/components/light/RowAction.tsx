import type { ComponentPropsWithRef, CSSProperties } from 'react';
import { PlainLink } from './PlainLink';
import classes from './RowAction.module.css';

/*
 * Icon buttons for the rows of a list, drawn as Mantine's ActionIcon (variant "subtle") on a plain
 * element: the vault list, the screen most users land on, renders two per row, and each ActionIcon
 * was three components deep in Mantine's styles API (a fifth of the first screen's render). Every
 * list's row actions use them; `color` is a theme colour's name, as for ActionIcon.
 */

interface Common {
  /** What the icon does, for screen readers (the icon has no text). */
  'aria-label': string;
  color?: string;
}

const look = (color: string | undefined, className: string | undefined, style: CSSProperties | undefined) => ({
  className: `mantine-focus-auto mantine-active ${classes.action}${className ? ` ${className}` : ''}`,
  style: color
    ? ({
        '--row-action-color': `var(--mantine-color-${color}-light-color)`,
        '--row-action-hover': `var(--mantine-color-${color}-light-hover)`,
        ...style,
      } as CSSProperties)
    : style,
});

/** An icon button; takes a ref and the props a Menu target or Tooltip adds. */
export function RowActionButton({ color, className, style, type = 'button', ...props }: Common & ComponentPropsWithRef<'button'>) {
  return <button type={type} {...props} {...look(color, className, style)} />;
}

/** An icon link to another screen. */
export function RowActionLink({ color, className, style, ...props }: Common & ComponentPropsWithRef<typeof PlainLink>) {
  return <PlainLink {...props} {...look(color, className, style)} />;
}
