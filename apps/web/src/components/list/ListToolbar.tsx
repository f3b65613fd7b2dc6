import { IconSearch, IconX } from '@tabler/icons-react';
import type { SearchBody } from '@vault/contract';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { ListState } from '../../lib/list-state';
import { DeferredSelect } from '../deferred/DeferredSelect';
import { LightButton } from '../light/LightButton';
import { LightTextInput } from '../light/LightTextInput';
import { Group, Paper } from '../light/layout';
import { ColumnsMenu } from './ColumnsMenu';
import { ListViews } from './ListViews';

export interface ListToolbarProps {
  /** The search form's accessible name, e.g. "Search vault holders". */
  label: string;
  /** The fields a search may look in; one field needs no chooser. */
  fields: readonly { value: string; label: string }[];
  /** The field chosen before any search (the first one unless given). */
  defaultField?: string;
  /** The list's state from useListState: its search, and its visible columns for the column options. */
  list?: Pick<ListState, 'search' | 'setSearch' | 'columns' | 'setColumns'> & Partial<Pick<ListState, 'views'>>;
  /** The search and its setter, where they are not the list's own (default: from `list`). */
  search?: SearchBody | null;
  onSearch?: (search: SearchBody | null) => void;
  disabled?: boolean;
  /** The labels of the field chooser and of the text (the vault list uses the specification's "Field name"/"Field value"). */
  fieldLabel?: string;
  valueLabel?: string;
  placeholder?: (field: string) => string;
  /** The column options: every column with its label, the visible ones, and how they change. */
  columns?: { all: readonly string[]; labels: Record<string, string>; visible?: readonly string[]; onChange?: (cols: string[]) => void };
  /** Extra filters of this list (a select, a date range…), placed after the search. */
  filters?: ReactNode;
}

/**
 * The bar above every list: search by field and value (specification section 5), Clear, the
 * list's own filters, the column options and the saved views. The search runs on submit and lands in the URL.
 */
export function ListToolbar({
  label,
  fields,
  defaultField,
  list,
  search = list?.search ?? null,
  onSearch = (s) => list?.setSearch(s),
  disabled,
  fieldLabel = 'Search in',
  valueLabel = 'Search',
  placeholder = () => 'Contains…',
  columns,
  filters,
}: ListToolbarProps) {
  const first = defaultField ?? fields[0]?.value ?? '';
  const [field, setField] = useState(search?.fieldName ?? first);
  const [value, setValue] = useState(search?.fieldValue ?? '');
  useEffect(() => {
    setField(search?.fieldName ?? first);
    setValue(search?.fieldValue ?? '');
  }, [search, first]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value.trim() ? { fieldName: field, fieldValue: value.trim() } : null);
  };
  return (
    <Paper style={{ marginBottom: 'var(--mantine-spacing-md)', padding: 'var(--mantine-spacing-md)' }}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        {/* biome-ignore lint/a11y/useSemanticElements: a form with the search role (the search element is not yet supported everywhere) */}
        <form onSubmit={submit} role="search" aria-label={label} style={{ flex: '1 1 auto' }}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            {fields.length > 1 && (
              <DeferredSelect
                label={fieldLabel}
                data={fields as { value: string; label: string }[]}
                value={field}
                onChange={(v) => setField(v ?? first)}
                allowDeselect={false}
                w={{ base: '100%', xs: 170 }}
              />
            )}
            <LightTextInput
              label={valueLabel}
              placeholder={placeholder(field)}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              style={{ flex: 1, minWidth: 200 }}
              leftSection={<IconSearch size={16} />}
            />
            <LightButton type="submit" disabled={disabled}>
              Search
            </LightButton>
            {search && (
              <LightButton variant="subtle" leftSection={<IconX size={14} />} onClick={() => onSearch(null)}>
                Clear
              </LightButton>
            )}
            {filters}
            {columns && (
              <ColumnsMenu
                all={columns.all}
                labels={columns.labels}
                visible={columns.visible ?? list?.columns ?? columns.all}
                onChange={columns.onChange ?? ((cols) => list?.setColumns(cols))}
              />
            )}
          </Group>
        </form>
        {/* Outside the search form: the views are not part of the search, and their dialogs hold forms of their own. */}
        {list?.views && <ListViews views={list.views} />}
      </Group>
    </Paper>
  );
}
