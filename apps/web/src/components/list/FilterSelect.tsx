import { Select, type SelectProps } from '@mantine/core';

export interface FilterSelectProps extends Omit<SelectProps, 'value' | 'onChange' | 'allowDeselect'> {
  /** The URL parameter the filter is kept in. */
  param: string;
  value: string | null | undefined;
  /** The list's URL updater (useListFilters): a change starts again at page 1. */
  update: (changes: Record<string, string | null>) => void;
  /** The choice that stands for no parameter (default: the empty "any" choice). */
  initial?: string;
}

/** A list filter chosen from a few values and kept in the URL; the initial choice leaves the URL clean. */
export function FilterSelect({ param, value, update, initial = '', ...props }: FilterSelectProps) {
  return (
    <Select
      value={value ?? initial}
      onChange={(v) => update({ [param]: v && v !== initial ? v : null })}
      allowDeselect={false}
      {...props}
    />
  );
}
