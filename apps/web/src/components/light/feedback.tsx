import { type ComponentPropsWithoutRef, type CSSProperties, type ReactNode, useId } from 'react';
import { classNames, MANTINE, mantineId, rem, spacing } from './mantine-classes';

/*
 * Mantine's Alert, Badge, Loader and Center as plain elements with Mantine's classes and variables:
 * the first screen's code carries them for its rarer states (a failed load, a pending second factor,
 * a test account, a page loading) without Mantine's components. mantine-look.dom.test.tsx checks
 * that each renders the same markup as Mantine's.
 */

/** Mantine's Center: its children centred both ways. */
export function Center({ className, style, children, ...props }: ComponentPropsWithoutRef<'div'>) {
  return (
    <div {...props} className={classNames(MANTINE.center, 'mantine-Center-root', className)} style={style}>
      {children}
    </div>
  );
}

/** Mantine's Loader (oval, or three dots) at a theme size, in the primary colour. */
export function Loader({ size = 'md', type = 'oval' }: { size?: 'sm' | 'md' | 'lg'; type?: 'oval' | 'dots' }) {
  const dots = type === 'dots';
  return (
    <span
      className={classNames(MANTINE.loader.root, dots ? MANTINE.loader.dots : MANTINE.loader.oval, 'mantine-Loader-root')}
      data-size={size}
      style={{ '--loader-size': `var(--loader-size-${size})` } as CSSProperties}
    >
      {dots && (
        <>
          <span className={MANTINE.loader.dot} />
          <span className={MANTINE.loader.dot} />
          <span className={MANTINE.loader.dot} />
        </>
      )}
    </span>
  );
}

/** Mantine's Badge, variant light, size xs, in a theme colour. */
export function Badge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <div
      className={classNames(MANTINE.badge.root, 'mantine-Badge-root')}
      data-variant="light"
      data-size="xs"
      style={
        {
          '--badge-height': 'var(--badge-height-xs)',
          '--badge-padding-x': 'var(--badge-padding-x-xs)',
          '--badge-fz': 'var(--badge-fz-xs)',
          '--badge-bg': `var(--mantine-color-${color}-light)`,
          '--badge-color': `var(--mantine-color-${color}-light-color)`,
          '--badge-bd': `${rem(1)} solid transparent`,
        } as CSSProperties
      }
    >
      <span className={classNames(MANTINE.badge.label, 'mantine-Badge-label')}>{children}</span>
    </div>
  );
}

export interface AlertProps {
  color: string;
  title: ReactNode;
  icon: ReactNode;
  /** "alert" for what went wrong, "region" (with a label) for a standing notice. */
  role?: 'alert' | 'region';
  'aria-label'?: string;
  /** The space below it, a theme size. */
  mb?: string;
  children: ReactNode;
}

/** Mantine's Alert, variant light, with an icon, a title and a message. */
export function Alert({ color, title, icon, role = 'alert', 'aria-label': label, mb, children }: AlertProps) {
  const id = mantineId(useId());
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is alert or region, both of which take a name and a description
    <div
      id={id}
      className={classNames(MANTINE.alert.root, 'mantine-Alert-root')}
      data-variant="light"
      role={role}
      aria-label={label}
      aria-describedby={`${id}-body`}
      aria-labelledby={`${id}-title`}
      style={
        {
          '--alert-bg': `var(--mantine-color-${color}-light)`,
          '--alert-color': `var(--mantine-color-${color}-light-color)`,
          '--alert-bd': `${rem(1)} solid transparent`,
          ...(mb ? { marginBottom: spacing(mb) } : null),
        } as CSSProperties
      }
    >
      <div className={classNames(MANTINE.alert.wrapper, 'mantine-Alert-wrapper')}>
        <div className={classNames(MANTINE.alert.icon, 'mantine-Alert-icon')}>{icon}</div>
        <div className={classNames(MANTINE.alert.body, 'mantine-Alert-body')}>
          <div className={classNames(MANTINE.alert.title, 'mantine-Alert-title')}>
            <span id={`${id}-title`} className={classNames(MANTINE.alert.label, 'mantine-Alert-label')}>
              {title}
            </span>
          </div>
          <div id={`${id}-body`} className={classNames(MANTINE.alert.message, 'mantine-Alert-message')} data-variant="light">
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}

/** Mantine's Anchor drawn on a button (size sm), for an action that reads as a link. */
export function AnchorButton({ dimmed, onClick, children }: { dimmed?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={classNames('mantine-focus-auto', MANTINE.anchor, MANTINE.text, 'mantine-Text-root', 'mantine-Anchor-root')}
      data-size="sm"
      data-underline="hover"
      style={
        {
          '--text-fz': 'var(--mantine-font-size-sm)',
          '--text-lh': 'var(--mantine-line-height-sm)',
          ...(dimmed ? { color: 'var(--mantine-color-dimmed)' } : null),
        } as CSSProperties
      }
    >
      {children}
    </button>
  );
}
