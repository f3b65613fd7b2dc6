import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';

export interface ColumnOption {
  value: string;
  label: string;
}

export interface ColumnPickerProps {
  columns: readonly ColumnOption[];
  visible: readonly string[];
  onChange: (visible: string[]) => void;
}

/** Chooses the visible columns of a list (at least one stays visible). */
export function ColumnPicker({ columns, visible, onChange }: ColumnPickerProps) {
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns3 size={16} stroke={1.6} />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="xs" fw={600} c="dimmed" mb="xs" tt="uppercase">
          Show columns
        </Text>
        <Checkbox.Group value={[...visible]} onChange={(next) => next.length > 0 && onChange(next)} aria-label="Columns">
          <Stack gap={8}>
            {columns.map((c) => (
              <Checkbox key={c.value} value={c.value} label={c.label} size="sm" />
            ))}
          </Stack>
        </Checkbox.Group>
      </Popover.Dropdown>
    </Popover>
  );
}
