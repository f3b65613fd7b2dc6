import { Button, Checkbox, Divider, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ADMIN_FLAGS,
  type AdminFlag,
  EMAIL_PATTERN,
  optionalNameSchema,
  optionalPersonNameSchema,
  personNameSchema,
} from '@vault/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessages } from '../../lib/api';
import { useRights } from '../../lib/rights';
import { AdminFlagPicker } from './AdminFlagPicker';
import { useCreateAdmin, useGroups } from './api';
import { ErrorsAlert, GroupSelect, LocaleSelect } from './PersonFormFields';

const firstIssue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : (r.error?.issues[0]?.message ?? 'Not valid');
/** A person's name, checked by the contract's rule (apostrophes, hyphens and any script allowed). */
export const nameError = (label: string, v: string, required = true) =>
  firstIssue((required ? personNameSchema(label) : optionalPersonNameSchema(label)).safeParse(v));
/** A job title keeps the forbidden-character rule of the names of things. */
export const titleError = (v: string) => firstIssue(optionalNameSchema('Title').safeParse(v));
export const emailError = (v: string) =>
  !v.trim() ? 'E-mail is required' : EMAIL_PATTERN.test(v.trim()) ? null : 'Enter a valid e-mail address';

const EMPTY = { email: '', firstName: '', lastName: '', title: '', group: null as string | null, localize: 'en', testAccount: false };
const NO_FLAGS = (): Record<AdminFlag, boolean> =>
  Object.fromEntries(ADMIN_FLAGS.map((f) => [f, f === 'hasPrivateFoldersAccess'])) as Record<AdminFlag, boolean>;

/** "Create Administrator": every field and flag of specification section 3. */
export function AdminCreateDialog({
  opened,
  onClose,
  sponsorId,
  sponsorCode,
}: {
  opened: boolean;
  onClose: () => void;
  sponsorId: number;
  sponsorCode: string;
}) {
  const [form, setForm] = useState(EMPTY);
  const [flags, setFlags] = useState(NO_FLAGS);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const create = useCreateAdmin(sponsorId);
  const groups = useGroups(sponsorCode, opened);
  const rights = useRights();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog closes
  useEffect(() => {
    if (!opened) {
      setForm(EMPTY);
      setFlags(NO_FLAGS());
      setErrors({});
      setServerErrors([]);
      create.reset();
    }
  }, [opened]);

  const set = <K extends keyof typeof EMPTY>(k: K, v: (typeof EMPTY)[K]) => setForm((f) => ({ ...f, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      email: emailError(form.email),
      firstName: nameError('First name', form.firstName),
      lastName: nameError('Last name', form.lastName),
      title: titleError(form.title),
    };
    setErrors(next);
    setServerErrors([]);
    if (Object.values(next).some(Boolean)) return;
    try {
      const created = await create.mutateAsync({
        email: form.email.trim(),
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        sponsorId,
        title: form.title.trim() || undefined,
        group: form.group ? Number(form.group) : null,
        localize: form.localize,
        testAccount: form.testAccount,
        ...flags,
        // Specification section 5: creation always sets hasPrivateFoldersAccess.
        hasPrivateFoldersAccess: true,
      });
      notifications.show({
        color: 'teal',
        title: 'Administrator created',
        message: `${created.email} was created and an activation e-mail is on its way.`,
      });
      onClose();
    } catch (err) {
      setServerErrors(errorMessages(err));
    }
  };

  const busy = create.isPending;
  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title="Create Administrator"
      size="xl"
      closeOnClickOutside={false}
      styles={{ title: { fontWeight: 650 } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorsAlert title="The administrator was not created" messages={serverErrors} />
          <TextInput
            label="E-mail"
            required
            value={form.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={errors.email}
            disabled={busy}
            autoComplete="off"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              required
              value={form.firstName}
              onChange={(e) => set('firstName', e.currentTarget.value)}
              error={errors.firstName}
              disabled={busy}
            />
            <TextInput
              label="Last name"
              required
              value={form.lastName}
              onChange={(e) => set('lastName', e.currentTarget.value)}
              error={errors.lastName}
              disabled={busy}
            />
            <TextInput
              label="Title"
              value={form.title}
              onChange={(e) => set('title', e.currentTarget.value)}
              error={errors.title}
              disabled={busy}
            />
            <GroupSelect groups={groups.data} value={form.group} onChange={(v) => set('group', v)} disabled={busy} />
            <LocaleSelect value={form.localize} onChange={(v) => set('localize', v)} disabled={busy} />
            <Checkbox
              label="Test account"
              checked={form.testAccount}
              onChange={(e) => set('testAccount', e.currentTarget.checked)}
              disabled={busy}
              mt={{ sm: 30 }}
            />
          </SimpleGrid>
          <Divider label="Access" labelPosition="left" />
          <AdminFlagPicker
            values={flags}
            disabled={busy}
            onChange={setFlags}
            lockedReason={(f) =>
              f === 'hasPrivateFoldersAccess'
                ? 'Every new administrator has private folders access.'
                : rights.has(f)
                  ? undefined
                  : 'You can only grant access you have yourself.'
            }
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
