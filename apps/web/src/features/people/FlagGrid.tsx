import { Checkbox, SimpleGrid, Tooltip } from '@mantine/core';
import { PEOPLE_FLAG_LABELS } from '@vault/contract';
import type { ReactNode } from 'react';

export interface FlagGridProps<F extends string> {
  flags: readonly F[];
  values: Partial<Record<F, boolean>>;
  onChange: (flag: F, value: boolean) => void;
  /** Why a flag cannot be changed (shown as a tooltip), or undefined when it can. */
  lockedReason?: (flag: F) => string | undefined;
  disabled?: boolean;
  /** What is said under a flag's label (nothing by default): words only, never the flag's code. */
  description?: (flag: F) => ReactNode;
  verticalSpacing?: 'xs' | 'sm';
}

/** Every access flag as a labelled checkbox. */
export function FlagGrid<F extends string>({
  flags,
  values,
  onChange,
  lockedReason,
  disabled,
  description,
  verticalSpacing = 'xs',
}: FlagGridProps<F>) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={verticalSpacing}>
      {flags.map((f) => {
        const reason = lockedReason?.(f);
        const box = (
          <Checkbox
            key={f}
            label={PEOPLE_FLAG_LABELS[f] ?? f}
            description={description?.(f)}
            checked={values[f] === true}
            disabled={disabled || reason !== undefined}
            onChange={(e) => onChange(f, e.currentTarget.checked)}
          />
        );
        return reason ? (
          <Tooltip key={f} label={reason} position="top-start" multiline maw={280}>
            <div>{box}</div>
          </Tooltip>
        ) : (
          box
        );
      })}
    </SimpleGrid>
  );
}
