import { type ComponentPropsWithRef, type CSSProperties, type ReactNode, useId } from 'react';
import classes from './LightTextInput.module.css';
import { classNames, MANTINE, mantineId, rem, spacing } from './mantine-classes';

/*
 * Mantine's TextInput (size sm, variant default, label above) as plain elements with Mantine's
 * classes and variables: the first screen has three (the search field and two select stand-ins),
 * each five components deep in Mantine. mantine-look.dom.test.tsx checks that both render the same
 * markup.
 */

/** A width, or widths from a breakpoint up as Mantine's style props take them (base, xs, sm, md). */
export type ResponsiveWidth = number | string | Partial<Record<'base' | 'xs' | 'sm' | 'md', number | string>>;

const size = (v: number | string) => (typeof v === 'number' ? rem(v) : v);

function widthStyle(w: ResponsiveWidth | undefined): { className?: string; style?: CSSProperties } {
  if (w === undefined) return {};
  if (typeof w !== 'object') return { style: { width: size(w) } };
  const vars: Record<string, string> = {};
  for (const [k, v] of Object.entries(w)) if (v !== undefined) vars[`--light-w-${k}`] = size(v);
  return { className: classes.width, style: vars as CSSProperties };
}

export interface LightTextInputProps extends Omit<ComponentPropsWithRef<'input'>, 'size' | 'style'> {
  label?: ReactNode;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  /** The right section lets clicks through to the input (a select's chevron). */
  rightSectionPointerEvents?: 'none';
  /** A pointer cursor over the whole field (a select). */
  pointer?: boolean;
  error?: boolean;
  w?: ResponsiveWidth;
  mb?: string;
  hiddenFrom?: 'xs' | 'sm' | 'md';
  /** On the root element (Mantine's `style`). */
  style?: CSSProperties;
}

/** A labelled text field with Mantine's TextInput look. */
export function LightTextInput({
  label,
  leftSection,
  rightSection,
  rightSectionPointerEvents,
  pointer,
  error,
  w,
  mb,
  hiddenFrom,
  style,
  id: givenId,
  disabled,
  className,
  ...inputProps
}: LightTextInputProps) {
  const generated = mantineId(useId());
  const id = givenId ?? generated;
  const width = widthStyle(w);
  return (
    <div
      className={classNames(
        MANTINE.input.root,
        'mantine-InputWrapper-root',
        'mantine-TextInput-root',
        width.className,
        hiddenFrom && `mantine-hidden-from-${hiddenFrom}`,
        className,
      )}
      data-size="sm"
      data-error={error || undefined}
      style={{ ...width.style, ...(mb ? { marginBottom: spacing(mb) } : null), ...style }}
    >
      {label && (
        <label
          className={classNames(MANTINE.input.label, 'mantine-InputWrapper-label', 'mantine-TextInput-label')}
          data-size="sm"
          htmlFor={id}
          id={`${id}-label`}
          style={{ '--input-label-size': 'var(--mantine-font-size-sm)' } as CSSProperties}
        >
          {label}
        </label>
      )}
      <div
        className={classNames(MANTINE.input.wrapper, 'mantine-Input-wrapper', 'mantine-TextInput-wrapper')}
        data-variant="default"
        data-size="sm"
        data-error={error || undefined}
        data-pointer={pointer || undefined}
        data-disabled={disabled || undefined}
        data-with-right-section={rightSection ? true : undefined}
        data-with-left-section={leftSection ? true : undefined}
        style={
          {
            '--input-height': 'var(--input-height-sm)',
            '--input-fz': 'var(--mantine-font-size-sm)',
            ...(rightSectionPointerEvents ? { '--input-right-section-pointer-events': rightSectionPointerEvents } : null),
          } as CSSProperties
        }
      >
        {leftSection && (
          <div data-position="left" className={classNames(MANTINE.input.section, 'mantine-Input-section', 'mantine-TextInput-section')}>
            {leftSection}
          </div>
        )}
        <input
          {...inputProps}
          className={classNames(MANTINE.input.input, 'mantine-Input-input', 'mantine-TextInput-input')}
          data-variant="default"
          data-error={error || undefined}
          aria-invalid={error || undefined}
          data-disabled={disabled || undefined}
          disabled={disabled}
          id={id}
        />
        {rightSection && (
          <div data-position="right" className={classNames(MANTINE.input.section, 'mantine-Input-section', 'mantine-TextInput-section')}>
            {rightSection}
          </div>
        )}
      </div>
    </div>
  );
}
