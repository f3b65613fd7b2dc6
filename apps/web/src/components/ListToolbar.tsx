import { Button, CloseButton, Group, Paper, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { SearchBody } from '@vault/contract';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { type ColumnOption, ColumnPicker } from './ColumnPicker';

export interface ListToolbarProps {
  /** The fields a search can look in (the search body's fieldName). */
  fields: readonly ColumnOption[];
  search: SearchBody | null;
  onSearch: (search: SearchBody | null) => void;
  /** With these three, a column picker is shown. */
  columns?: readonly ColumnOption[];
  visibleColumns?: readonly string[];
  onColumnsChange?: (visible: string[]) => void;
  /** More controls on the right (filters, buttons). */
  children?: ReactNode;
  placeholder?: string;
}

/** Search by field name and field value (specification section 5), and the column options. */
export function ListToolbar({
  fields,
  search,
  onSearch,
  columns,
  visibleColumns,
  onColumnsChange,
  children,
  placeholder = 'Contains…',
}: ListToolbarProps) {
  const [field, setField] = useState(search?.fieldName ?? fields[0]?.value ?? '');
  const [value, setValue] = useState(search?.fieldValue ?? '');

  // Follow the URL (back/forward, a cleared search).
  const firstField = fields[0]?.value ?? '';
  useEffect(() => {
    setField(search?.fieldName ?? firstField);
    setValue(search?.fieldValue ?? '');
  }, [search?.fieldName, search?.fieldValue, firstField]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value.trim() ? { fieldName: field, fieldValue: value.trim() } : null);
  };

  const clear = () => {
    setValue('');
    onSearch(null);
  };

  return (
    <Paper withBorder p="md" mb="md">
      <Group component="form" onSubmit={submit} align="flex-end" gap="sm" wrap="wrap" role="search">
        <Select
          label="Field name"
          data={fields as ColumnOption[]}
          value={field}
          onChange={(v) => v && setField(v)}
          allowDeselect={false}
          w={{ base: '100%', xs: 180 }}
        />
        <TextInput
          label="Field value"
          placeholder={placeholder}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          leftSection={<IconSearch size={16} stroke={1.6} />}
          rightSection={value ? <CloseButton size="sm" aria-label="Clear search" onClick={clear} /> : null}
          maxLength={200}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button type="submit">Search</Button>
        {search && (
          <Button variant="subtle" onClick={clear}>
            Clear
          </Button>
        )}
        {columns && visibleColumns && onColumnsChange && (
          <ColumnPicker columns={columns} visible={visibleColumns} onChange={onColumnsChange} />
        )}
        {children}
      </Group>
    </Paper>
  );
}
