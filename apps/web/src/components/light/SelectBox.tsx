import type { ComponentProps } from 'react';
import classes from './SelectBox.module.css';

/**
 * A list's selection checkbox: a native checkbox drawn as Mantine's Checkbox (size "sm", filled),
 * its check or dash drawn by the stylesheet. Lists render one per row, where Mantine's Checkbox is
 * five components and eight elements deep.
 */
export function SelectBox({
  indeterminate = false,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'className' | 'ref'> & { 'aria-label': string; indeterminate?: boolean }) {
  return (
    <input
      type="checkbox"
      {...props}
      // "Partly checked" exists only as a DOM property.
      ref={(el) => {
        if (el) el.indeterminate = indeterminate;
      }}
      className={`mantine-focus-auto ${classes.box}`}
    />
  );
}
