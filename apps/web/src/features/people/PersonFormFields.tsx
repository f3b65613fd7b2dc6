import { Alert, Select, Text } from '@mantine/core';
import { localeOptions } from '../../lib/locales';

/** The red alert listing the server's messages when a save failed; nothing when there are none. */
export function ErrorsAlert({ title, messages }: { title: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      {messages.map((m) => (
        <Text size="sm" key={m}>
          {m}
        </Text>
      ))}
    </Alert>
  );
}

export interface GroupSelectProps {
  groups: readonly { id: number; name: string }[] | undefined;
  value: string | null;
  onChange: (group: string | null) => void;
  disabled?: boolean;
  placeholder?: string;
}

/** "Group": a sub-portal of the chosen portal, or none. */
export function GroupSelect({ groups, value, onChange, disabled, placeholder }: GroupSelectProps) {
  return (
    <Select
      label="Group"
      placeholder={placeholder ?? (groups?.length ? 'No group' : 'This portal has no sub-portals')}
      data={(groups ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
      value={value}
      onChange={onChange}
      clearable
      disabled={disabled}
    />
  );
}

/** "Localize": the person's language (English when cleared). */
export function LocaleSelect({ value, onChange, disabled }: { value: string; onChange: (locale: string) => void; disabled?: boolean }) {
  return (
    <Select
      label="Localize"
      data={localeOptions}
      value={value}
      onChange={(v) => onChange(v ?? 'en')}
      allowDeselect={false}
      disabled={disabled}
    />
  );
}
