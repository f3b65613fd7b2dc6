import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { GroupSelect, LocaleSelect } from './PersonFormFields';

/** The fields an administrator's form holds besides the e-mail and the flags. */
export interface AdminFieldValues {
  firstName: string;
  lastName: string;
  title: string;
  group: string | null;
  localize: string;
  testAccount: boolean;
}

/**
 * First and last name, title, group, language and test account: the same fields in Create
 * Administrator and on the administrator's page.
 */
export function AdminFields<V extends AdminFieldValues>({
  form,
  groups,
  busy,
  required,
  groupPlaceholder,
}: {
  form: UseFormReturnType<V>;
  groups: readonly { id: number; name: string }[] | undefined;
  busy: boolean;
  /** Marks the names required (creation). */
  required?: boolean;
  groupPlaceholder?: string;
}) {
  const f = form as unknown as UseFormReturnType<AdminFieldValues>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="First name" required={required} {...f.getInputProps('firstName')} disabled={busy} />
      <TextInput label="Last name" required={required} {...f.getInputProps('lastName')} disabled={busy} />
      <TextInput label="Title" {...f.getInputProps('title')} disabled={busy} />
      <GroupSelect
        groups={groups}
        value={f.values.group}
        onChange={(v) => f.setFieldValue('group', v)}
        disabled={busy}
        placeholder={groupPlaceholder}
      />
      <LocaleSelect value={f.values.localize} onChange={(v) => f.setFieldValue('localize', v)} disabled={busy} />
      <Checkbox label="Test account" {...f.getInputProps('testAccount', { type: 'checkbox' })} disabled={busy} mt={{ sm: 30 }} />
    </SimpleGrid>
  );
}
