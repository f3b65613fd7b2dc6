import type { ComponentPropsWithRef, CSSProperties, ReactNode } from 'react';
import { classNames, MANTINE, PRIMARY, rem } from './mantine-classes';
import { PlainLink } from './PlainLink';

/*
 * Mantine's Button (size sm, the theme's primary colour, radius md) as one plain button or link with
 * Mantine's classes and variables: the first screen has five, each a dozen components and hooks deep
 * in Mantine. mantine-look.dom.test.tsx checks that both render the same markup.
 */

type Variant = 'filled' | 'default' | 'light' | 'subtle' | 'white';

interface Look {
  variant?: Variant;
  /** Mantine's sm (the default) or xs. */
  size?: 'sm' | 'xs';
  /** A theme colour's name (the primary colour by default). */
  color?: string;
  leftSection?: ReactNode;
  /** Disabled, with Mantine's loader over the label, while its work runs. */
  loading?: boolean;
}

const variantVars = (variant: Variant, color: string): CSSProperties => {
  switch (variant) {
    case 'filled':
      return { '--button-color': 'var(--mantine-color-white)' } as CSSProperties;
    case 'default':
      return {
        '--button-bg': 'var(--mantine-color-default)',
        '--button-hover': 'var(--mantine-color-default-hover)',
        '--button-color': 'var(--mantine-color-default-color)',
        '--button-bd': `${rem(1)} solid var(--mantine-color-default-border)`,
      } as CSSProperties;
    // Light and subtle differ only in the resting background.
    case 'light':
    case 'subtle':
      return {
        '--button-bg': variant === 'light' ? `var(--mantine-color-${color}-light)` : 'transparent',
        '--button-hover': `var(--mantine-color-${color}-light-hover)`,
        '--button-color': `var(--mantine-color-${color}-light-color)`,
        '--button-bd': `${rem(1)} solid transparent`,
      } as CSSProperties;
    case 'white':
      return {
        '--button-bg': 'var(--mantine-color-white)',
        '--button-hover': 'rgba(252, 252, 252, 1)',
        '--button-color': `var(--mantine-color-${color}-filled)`,
        '--button-bd': `${rem(1)} solid transparent`,
      } as CSSProperties;
  }
};

const XS = {
  '--button-height': 'var(--button-height-xs)',
  '--button-padding-x': 'var(--button-padding-x-xs)',
  '--button-fz': 'var(--mantine-font-size-xs)',
} as CSSProperties;

const rootProps = (
  { variant = 'filled', size = 'sm', color = PRIMARY, leftSection, loading }: Look,
  disabled: boolean | undefined,
  className: string | undefined,
  style: CSSProperties | undefined,
) => ({
  className: classNames(
    'mantine-focus-auto',
    !disabled && !loading && 'mantine-active',
    MANTINE.button.root,
    'mantine-Button-root',
    MANTINE.unstyledButton,
    'mantine-UnstyledButton-root',
    className,
  ),
  'data-variant': variant === 'filled' ? undefined : variant,
  'data-size': size === 'sm' ? undefined : size,
  'data-disabled': disabled || undefined,
  'data-loading': loading || undefined,
  'data-with-left-section': leftSection ? true : undefined,
  style: {
    ...(size === 'xs' ? XS : null),
    '--button-radius': 'var(--mantine-radius-md)',
    ...variantVars(variant, color),
    ...style,
  } as CSSProperties,
});

function Inner({ leftSection, loading, children }: Look & { children: ReactNode }) {
  return (
    <>
      {loading && (
        <span
          aria-hidden="true"
          className={classNames(MANTINE.button.loader, 'mantine-Button-loader')}
          style={{
            transformOrigin: 'center',
            opacity: 1,
            transform: `translate(-50%, calc(-50% + ${rem(1)}))`,
            transitionDuration: '150ms',
            transitionProperty: 'transform, opacity',
            transitionTimingFunction: 'ease',
          }}
        >
          <span
            className={classNames(MANTINE.loader.root, MANTINE.loader.oval, 'mantine-Loader-root')}
            style={{ '--loader-size': 'calc(var(--button-height) / 1.8)', '--loader-color': 'var(--button-color)' } as CSSProperties}
          />
        </span>
      )}
      <span className={classNames(MANTINE.button.inner, 'mantine-Button-inner')}>
        {leftSection && (
          <span className={classNames(MANTINE.button.section, 'mantine-Button-section')} data-position="left">
            {leftSection}
          </span>
        )}
        <span className={classNames(MANTINE.button.label, 'mantine-Button-label')} data-loading={loading || undefined}>
          {children}
        </span>
      </span>
    </>
  );
}

/** A button with Mantine's Button look; takes a ref and the props a Menu target adds. */
export function LightButton({
  variant,
  size,
  color,
  leftSection,
  loading,
  disabled,
  className,
  style,
  type = 'button',
  children,
  ...props
}: Look & ComponentPropsWithRef<'button'>) {
  return (
    <button
      type={type}
      {...props}
      disabled={disabled || loading}
      {...rootProps({ variant, size, color, leftSection, loading }, disabled, className, style)}
    >
      <Inner leftSection={leftSection} loading={loading}>
        {children}
      </Inner>
    </button>
  );
}

/** A link to another screen with Mantine's Button look. */
export function LightButtonLink({
  variant,
  size,
  color,
  leftSection,
  className,
  style,
  children,
  ...props
}: Omit<Look, 'loading'> & ComponentPropsWithRef<typeof PlainLink>) {
  return (
    <PlainLink {...props} {...rootProps({ variant, size, color, leftSection }, false, className, style)}>
      <Inner leftSection={leftSection}>{children}</Inner>
    </PlainLink>
  );
}
