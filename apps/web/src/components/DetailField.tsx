import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label and its value on a detail page; an empty value shows as a dash. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text size="sm" component="div" mt={2} style={{ overflowWrap: 'anywhere' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </div>
  );
}
