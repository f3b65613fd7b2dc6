import type { ComboboxData, SelectProps } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { LightTextInput, type ResponsiveWidth } from '../light/LightTextInput';
import { loadInteractive, useInteractive } from './load-interactive';

/** The label Select shows for a value. */
function labelOf(data: ComboboxData | undefined, value: string | null | undefined): string {
  for (const item of (data ?? []) as unknown[]) {
    if (typeof item === 'string') {
      if (item === value) return item;
    } else if (item && typeof item === 'object') {
      const o = item as { value?: string; label?: string; items?: ComboboxData };
      if ('items' in o && o.items) {
        const inner = labelOf(o.items, value);
        if (inner) return inner;
      } else if (o.value === value) return o.label ?? o.value ?? '';
    }
  }
  return '';
}

/** Mantine's Select chevron (the same drawing), for the stand-in. */
function Chevron() {
  return (
    <svg width={18} height={18} viewBox="0 0 15 15" fill="none" aria-hidden="true" style={{ color: 'var(--mantine-color-dimmed)' }}>
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/**
 * Mantine's Select, its dropdown code loaded on first use (see load-interactive.ts). Until then a
 * read-only field that looks the same shows the chosen label under the same name and role; a click
 * or an opening key on it loads the dropdown and opens it, keeping the focus.
 */
export function DeferredSelect(props: SelectProps) {
  const m = useInteractive();
  const [focus, setFocus] = useState(false);
  const [open, setOpen] = useState(false);
  if (m) return <m.Select {...props} autoFocus={focus || props.autoFocus} defaultDropdownOpened={open || props.defaultDropdownOpened} />;

  const { data, value, label, placeholder, leftSection, disabled, error, title, w, mb, hiddenFrom, id } = props;
  const openNow = () => {
    setFocus(true);
    setOpen(true);
    void loadInteractive();
  };
  return (
    <LightTextInput
      id={id}
      label={label}
      aria-label={props['aria-label']}
      title={title}
      w={w as ResponsiveWidth | undefined}
      mb={mb as string | undefined}
      hiddenFrom={hiddenFrom as 'xs' | 'sm' | 'md' | undefined}
      error={Boolean(error)}
      disabled={disabled}
      placeholder={placeholder}
      leftSection={leftSection}
      rightSection={<Chevron />}
      rightSectionPointerEvents="none"
      value={labelOf(data, value)}
      readOnly
      pointer
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      onPointerEnter={() => void loadInteractive()}
      onFocus={() => {
        setFocus(true);
        void loadInteractive();
      }}
      onBlur={() => setFocus(false)}
      onClick={openNow}
      onKeyDown={(e: KeyboardEvent) => {
        if (!OPENING_KEYS.has(e.key)) return;
        e.preventDefault();
        openNow();
      }}
    />
  );
}
