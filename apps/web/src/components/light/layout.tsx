import type { ComponentPropsWithoutRef, CSSProperties } from 'react';
import { classNames as join, MANTINE, spacing } from './mantine-classes';

/*
 * Mantine's Group, Stack and Paper as one plain element each, with the same classes and variables:
 * the first screen lays out its header and toolbars with them, where each Mantine one is a few
 * components deep in the styles API.
 */

type Div = Omit<ComponentPropsWithoutRef<'div'>, 'style'> & { style?: CSSProperties };

/** Mantine's Group: children in a row. */
export function Group({
  gap = 'md',
  align = 'center',
  justify = 'flex-start',
  wrap = 'wrap',
  className,
  style,
  ...props
}: Div & {
  gap?: number | string;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  wrap?: 'wrap' | 'nowrap';
}) {
  return (
    <div
      {...props}
      className={join(MANTINE.group, 'mantine-Group-root', className)}
      style={
        { '--group-gap': spacing(gap), '--group-align': align, '--group-justify': justify, '--group-wrap': wrap, ...style } as CSSProperties
      }
    />
  );
}

/** Mantine's Stack: children in a column. */
export function Stack({ gap = 'md', className, style, ...props }: Div & { gap?: number | string }) {
  return (
    <div
      {...props}
      className={join(MANTINE.stack, 'mantine-Stack-root', className)}
      style={{ '--stack-gap': spacing(gap), '--stack-align': 'stretch', '--stack-justify': 'flex-start', ...style } as CSSProperties}
    />
  );
}

/** Mantine's Paper with a border and the theme's medium radius. */
export function Paper({ className, style, ...props }: Div) {
  return (
    <div
      {...props}
      data-with-border="true"
      className={join(MANTINE.paper, 'mantine-Paper-root', className)}
      style={{ '--paper-radius': 'var(--mantine-radius-md)', ...style } as CSSProperties}
    />
  );
}
