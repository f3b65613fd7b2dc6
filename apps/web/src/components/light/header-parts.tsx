import type { ComponentPropsWithRef, CSSProperties, ReactNode } from 'react';
import { classNames, MANTINE, rem } from './mantine-classes';

/*
 * The header's Mantine pieces as plain elements with Mantine's classes and variables: the burger,
 * the brand's icon, the user's avatar and the bare button around it. Every screen draws them.
 * mantine-look.dom.test.tsx checks that each renders the same markup as Mantine's.
 */

/** Mantine's UnstyledButton's classes, for a button or link drawn bare. */
export const unstyledButtonClass = (className?: string) =>
  classNames('mantine-focus-auto', MANTINE.unstyledButton, 'mantine-UnstyledButton-root', className);

/** Mantine's Burger (size sm), hidden from the sm breakpoint up. */
export function LightBurger({ opened, className, ...props }: { opened: boolean } & ComponentPropsWithRef<'button'>) {
  return (
    <button
      type="button"
      {...props}
      className={classNames(
        'mantine-focus-auto',
        MANTINE.burger.root,
        'mantine-Burger-root',
        MANTINE.unstyledButton,
        'mantine-UnstyledButton-root',
        className,
      )}
      data-size="sm"
      style={{ '--burger-size': 'var(--burger-size-sm)' } as CSSProperties}
    >
      <div
        className={classNames(MANTINE.burger.burger, 'mantine-Burger-burger')}
        data-reduce-motion="true"
        data-opened={opened || undefined}
      />
    </button>
  );
}

/** Mantine's ThemeIcon, variant gradient, radius md, `size` in pixels, `background` the gradient. */
export function LightThemeIcon({ size, background, children }: { size: number; background: string; children: ReactNode }) {
  return (
    <div
      className={classNames(MANTINE.themeIcon, 'mantine-ThemeIcon-root')}
      data-variant="gradient"
      style={
        {
          '--ti-size': rem(size),
          '--ti-radius': 'var(--mantine-radius-md)',
          '--ti-bg': background,
          '--ti-color': 'var(--mantine-color-white)',
          '--ti-bd': 'none',
        } as CSSProperties
      }
    >
      {children}
    </div>
  );
}

/** Mantine's Avatar with initials, variant light, radius xl, `size` in pixels, in a theme colour. */
export function LightAvatar({ color, size, children }: { color: string; size: number; children: ReactNode }) {
  return (
    <div
      className={classNames(MANTINE.avatar.root, 'mantine-Avatar-root')}
      style={
        {
          '--avatar-size': rem(size),
          '--avatar-radius': 'var(--mantine-radius-xl)',
          '--avatar-bg': `var(--mantine-color-${color}-light)`,
          '--avatar-color': `var(--mantine-color-${color}-light-color)`,
          '--avatar-bd': `${rem(1)} solid transparent`,
        } as CSSProperties
      }
    >
      <span className={classNames(MANTINE.avatar.placeholder, 'mantine-Avatar-placeholder')}>{children}</span>
    </div>
  );
}
