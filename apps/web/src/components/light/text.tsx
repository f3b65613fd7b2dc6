import type { ComponentPropsWithoutRef, CSSProperties, ElementType, ReactNode } from 'react';
import { classNames, MANTINE } from './mantine-classes';

/** Mantine's Text: `size` a theme font size (sm by default), `dimmed` its dimmed colour. */
export function Text({
  as: Tag = 'p',
  size = 'sm',
  dimmed = false,
  className,
  style,
  ...props
}: Omit<ComponentPropsWithoutRef<'p'>, 'style'> & { as?: ElementType; size?: string; dimmed?: boolean; style?: CSSProperties }) {
  return (
    <Tag
      {...props}
      data-size={size}
      className={classNames('mantine-focus-auto', MANTINE.text, 'mantine-Text-root', className)}
      style={
        {
          '--text-fz': `var(--mantine-font-size-${size})`,
          '--text-lh': `var(--mantine-line-height-${size})`,
          ...(dimmed ? { color: 'var(--mantine-color-dimmed)' } : null),
          ...style,
        } as CSSProperties
      }
    />
  );
}

/** Mantine's Title of order 1; `className` or `style` may set its size (a screen's title is smaller on a phone). */
export function Title({ className, style, children }: { className?: string; style?: CSSProperties; children: ReactNode }) {
  return (
    <h1
      data-order="1"
      className={classNames(MANTINE.title, 'mantine-Title-root', className)}
      style={
        {
          '--title-fw': 'var(--mantine-h1-font-weight)',
          '--title-lh': 'var(--mantine-h1-line-height)',
          '--title-fz': 'var(--mantine-h1-font-size)',
          ...style,
        } as CSSProperties
      }
    >
      {children}
    </h1>
  );
}
