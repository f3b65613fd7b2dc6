import { Badge, Button, Checkbox, Group, Paper, Popover, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconColumns3, IconSearch, IconX } from '@tabler/icons-react';
import {
  type AdminFlag,
  STATUS,
  VAULT_COLUMN_LABELS,
  VAULT_COLUMNS,
  VAULT_SEARCH_FIELDS,
  VAULT_SEARCH_LABELS,
  type VaultSearchBody,
  type VaultSearchField,
} from '@vault/contract';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useSession } from '../../lib/session';

export const STATUS_COLORS: Record<number, string> = {
  [STATUS.active]: 'teal',
  [STATUS.inactive]: 'gray',
  [STATUS.pending]: 'blue',
  [STATUS.archived]: 'orange',
};

export function StatusBadge({ statusId, status }: { statusId: number; status: string }) {
  return (
    <Badge
      variant="dot"
      size="sm"
      color={STATUS_COLORS[statusId] ?? 'gray'}
      style={{ whiteSpace: 'nowrap', overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {status}
    </Badge>
  );
}

export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** The signed-in user's rights: staff may do everything; a sponsor administrator what their flags allow. */
export function useRights() {
  const { user } = useSession();
  const staff = user?.role === 'staff';
  const has = (flag: AdminFlag) => staff || user?.permissions?.[flag] === true;
  return { canArchive: has('hasArchiveVaultAccess'), canResetMfa: has('hasManageMfaAccess') };
}

/** Which account actions fit a holder's status. */
export const actionsFor = (statusId: number) => ({
  activate: statusId === STATUS.inactive || statusId === STATUS.pending,
  deactivate: statusId === STATUS.active || statusId === STATUS.pending,
  resetpassword: statusId === STATUS.active,
  resendactivation: statusId === STATUS.pending,
  archive: statusId !== STATUS.archived,
});

const PLACEHOLDERS: Record<VaultSearchField, string> = {
  id: 'Holder id, e.g. 1042',
  firstName: 'Contains…',
  lastName: 'Contains…',
  email: 'Contains…',
  package: 'Package name contains…',
  license: 'trial, monthly or annual',
  status: 'Active, Inactive, Pending or Archived',
};

/** Search by field name and value (specification sections 2 and 5) and the column options. */
export function VaultSearchBar({
  search,
  onSearch,
  disabled,
  columns,
  onColumns,
  extra,
}: {
  search: VaultSearchBody | null;
  onSearch: (s: VaultSearchBody | null) => void;
  disabled?: boolean;
  columns: string[];
  onColumns: (cols: string[]) => void;
  extra?: ReactNode;
}) {
  const [field, setField] = useState<VaultSearchField>((search?.fieldName as VaultSearchField) ?? 'email');
  const [value, setValue] = useState(search?.fieldValue ?? '');
  useEffect(() => {
    setField((search?.fieldName as VaultSearchField) ?? 'email');
    setValue(search?.fieldValue ?? '');
  }, [search]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value.trim() ? { fieldName: field, fieldValue: value.trim() } : null);
  };
  return (
    <Paper withBorder p="md" mb="md" radius="md">
      {/* biome-ignore lint/a11y/useSemanticElements: a form with the search role (the search element is not yet supported everywhere) */}
      <form onSubmit={submit} role="search" aria-label="Search vault holders">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Field name"
            data={VAULT_SEARCH_FIELDS.map((f) => ({ value: f, label: VAULT_SEARCH_LABELS[f] }))}
            value={field}
            onChange={(v) => setField((v as VaultSearchField) ?? 'email')}
            allowDeselect={false}
            w={160}
          />
          <TextInput
            label="Field value"
            placeholder={PLACEHOLDERS[field]}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 220 }}
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
          <Popover position="bottom-end" withinPortal shadow="md">
            <Popover.Target>
              <Button variant="default" leftSection={<IconColumns3 size={16} />}>
                Columns
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              <Stack gap="xs" role="group" aria-label="Column options">
                <Text size="xs" c="dimmed" fw={600}>
                  Column options
                </Text>
                {VAULT_COLUMNS.map((c) => (
                  <Checkbox
                    key={c}
                    label={VAULT_COLUMN_LABELS[c]}
                    checked={columns.includes(c)}
                    onChange={(e) => {
                      const next = e.currentTarget.checked ? [...columns, c] : columns.filter((x) => x !== c);
                      if (next.length > 0) onColumns(next);
                    }}
                  />
                ))}
              </Stack>
            </Popover.Dropdown>
          </Popover>
          {extra}
        </Group>
      </form>
    </Paper>
  );
}

/** A label and its value on the details page. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </div>
  );
}

export function formatBytes(n: number) {
  if (!Number.isFinite(n) || n <= 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(n) / Math.log(1024)));
  return `${(n / 1024 ** i).toFixed(i === 0 ? 0 : 1)} ${units[i]}`;
}
