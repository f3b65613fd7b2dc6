import { Divider, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ADMIN_FLAGS, type AdminFlag, type SponsorAdminCreateBody, sponsorAdminCreateBody } from '@vault/contract';
import { useEffect, useState } from 'react';
import { FormButtons, FormModal } from '../../components/dialog-parts';
import { errorMessages } from '../../lib/api';
import { contractRules, serverFieldErrors } from '../../lib/form';
import { useRights } from '../../lib/rights';
import { AdminFields } from './AdminFields';
import { AdminFlagPicker } from './AdminFlagPicker';
import { useCreateAdmin, useGroups } from './api';
import { ErrorsAlert } from './PersonFormFields';

const NO_FLAGS = (): Record<AdminFlag, boolean> =>
  Object.fromEntries(ADMIN_FLAGS.map((f) => [f, f === 'hasPrivateFoldersAccess'])) as Record<AdminFlag, boolean>;
const EMPTY = () => ({
  email: '',
  firstName: '',
  lastName: '',
  title: '',
  group: null as string | null,
  localize: 'en',
  testAccount: false,
  flags: NO_FLAGS(),
});
type AdminForm = ReturnType<typeof EMPTY>;

/** The creation request the form's values make. */
function createBody(f: AdminForm, sponsorId: number): SponsorAdminCreateBody {
  return {
    email: f.email.trim(),
    firstName: f.firstName.trim(),
    lastName: f.lastName.trim(),
    sponsorId,
    title: f.title.trim() || undefined,
    group: f.group ? Number(f.group) : null,
    localize: f.localize,
    testAccount: f.testAccount,
    ...f.flags,
    // Specification section 5: creation always sets hasPrivateFoldersAccess.
    hasPrivateFoldersAccess: true,
  };
}
const checkCreate = contractRules(sponsorAdminCreateBody);

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
  const form = useForm<AdminForm>({
    initialValues: EMPTY(),
    // The server's own check of the request; an empty e-mail is named as missing.
    validate: (values) => ({
      ...checkCreate(createBody(values, sponsorId)),
      ...(values.email.trim() ? {} : { email: 'E-mail is required' }),
    }),
  });
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const create = useCreateAdmin(sponsorId);
  const groups = useGroups(sponsorCode, opened);
  const rights = useRights();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog closes
  useEffect(() => {
    if (!opened) {
      form.setValues(EMPTY());
      form.clearErrors();
      setServerErrors([]);
      create.reset();
    }
  }, [opened]);

  const submit = async (values: AdminForm) => {
    setServerErrors([]);
    try {
      const created = await create.mutateAsync(createBody(values, sponsorId));
      notifications.show({
        color: 'teal',
        title: 'Administrator created',
        message: `${created.email} was created and an activation e-mail is on its way.`,
      });
      onClose();
    } catch (err) {
      const onFields = serverFieldErrors(err, ['email', 'firstName', 'lastName', 'title']);
      if (onFields) form.setErrors(onFields);
      setServerErrors(errorMessages(err));
    }
  };

  const busy = create.isPending;
  return (
    <FormModal opened={opened} onClose={() => !busy && onClose()} title="Create Administrator" size="xl">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <ErrorsAlert title="The administrator was not created" messages={serverErrors} />
          <TextInput label="E-mail" required {...form.getInputProps('email')} disabled={busy} autoComplete="off" />
          <AdminFields form={form} groups={groups.data} busy={busy} required />
          <Divider label="Access" labelPosition="left" />
          <AdminFlagPicker
            values={form.values.flags}
            disabled={busy}
            onChange={(flags) => form.setFieldValue('flags', flags)}
            lockedReason={(f) =>
              f === 'hasPrivateFoldersAccess'
                ? 'Every new administrator has private folders access.'
                : rights.has(f)
                  ? undefined
                  : 'You can only grant access you have yourself.'
            }
          />
          <FormButtons busy={busy} onCancel={onClose} submitLabel="Create" mt="sm" />
        </Stack>
      </form>
    </FormModal>
  );
}
