import { Badge, Button, Checkbox, Group, Paper, Select, SimpleGrid, Text, TextInput, Tooltip } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { type AdminFlag, PEOPLE_FLAG_LABELS, PEOPLE_LOCALES, type SearchBody, STATUS } from '@vault/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { ColumnsMenu } from '../../components/list/ColumnsMenu';
import { useSession } from '../../lib/session';

export const STATUS_COLORS: Record<number, string> = {
  [STATUS.active]: 'teal',
  [STATUS.inactive]: 'gray',
  [STATUS.pending]: 'blue',
  [STATUS.archived]: 'orange',
};

export function StatusBadge({ statusId, status }: { statusId: number; status: string }) {
  return (
    <Badge variant="dot" size="sm" color={STATUS_COLORS[statusId] ?? 'gray'} style={{ whiteSpace: 'nowrap' }}>
      {status}
    </Badge>
  );
}

export const localeOptions = PEOPLE_LOCALES.map((l) => ({ value: l.value, label: l.label }));
export const localeLabel = (v: string) => PEOPLE_LOCALES.find((l) => l.value === v)?.label ?? v;
export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** The signed-in user's rights: staff may do everything; a sponsor administrator what their flags allow. */
export function useMyRights() {
  const { user } = useSession();
  const staff = user?.role === 'staff';
  const has = (flag: AdminFlag) => staff || user?.permissions?.[flag] === true;
  return { staff, has, userId: user?.id ?? 0, canResetMfa: has('hasManageMfaAccess') };
}

export interface SearchBarProps {
  fields: readonly { value: string; label: string }[];
  search: SearchBody | null;
  onSearch: (s: SearchBody | null) => void;
  disabled?: boolean;
  /** Column chooser: every column with its label, and the visible ones. */
  columns?: { all: readonly string[]; labels: Record<string, string>; visible: string[]; onChange: (cols: string[]) => void };
  label?: string;
}

/** Search by field name and value (specification section 5), with the optional column options. */
export function SearchBar({ fields, search, onSearch, disabled, columns, label = 'people' }: SearchBarProps) {
  const [field, setField] = useState<string>(search?.fieldName ?? 'all');
  const [value, setValue] = useState(search?.fieldValue ?? '');
  useEffect(() => {
    setField(search?.fieldName ?? 'all');
    setValue(search?.fieldValue ?? '');
  }, [search]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value.trim() ? { fieldName: field, fieldValue: value.trim() } : null);
  };
  return (
    <Paper withBorder p="md" mb="md" radius="md">
      <form onSubmit={submit} aria-label={`Search ${label}`}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Search in"
            data={fields as { value: string; label: string }[]}
            value={field}
            onChange={(v) => setField(v ?? 'all')}
            allowDeselect={false}
            w={170}
          />
          <TextInput
            label="Search"
            placeholder={field === 'status' ? 'Active, Inactive or Pending' : 'Contains…'}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 200 }}
            leftSection={<IconSearch size={16} />}
          />
          <Button type="submit" disabled={disabled}>
            Search
          </Button>
          {search && (
            <Button variant="subtle" leftSection={<IconX size={14} />} onClick={() => onSearch(null)}>
              Clear
            </Button>
          )}
          {columns && (
            <ColumnsMenu
              all={columns.all}
              labels={columns.labels}
              visible={columns.visible}
              onChange={columns.onChange}
              heading="Column options"
            />
          )}
        </Group>
      </form>
    </Paper>
  );
}

export interface FlagGridProps<F extends string> {
  flags: readonly F[];
  values: Partial<Record<F, boolean>>;
  onChange: (flag: F, value: boolean) => void;
  /** Why a flag cannot be changed (shown as a tooltip), or undefined when it can. */
  lockedReason?: (flag: F) => string | undefined;
  disabled?: boolean;
}

/** Every access flag as a labelled checkbox. */
export function FlagGrid<F extends string>({ flags, values, onChange, lockedReason, disabled }: FlagGridProps<F>) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
      {flags.map((f) => {
        const reason = lockedReason?.(f);
        const box = (
          <Checkbox
            key={f}
            label={PEOPLE_FLAG_LABELS[f] ?? f}
            description={f}
            checked={values[f] === true}
            disabled={disabled || reason !== undefined}
            onChange={(e) => onChange(f, e.currentTarget.checked)}
            styles={{ description: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 11 } }}
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

/** A label and its value on a detail page. */
export function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: 0.3 }}>
        {label}
      </Text>
      <Text size="sm" component="div" mt={2}>
        {children}
      </Text>
    </div>
  );
}
