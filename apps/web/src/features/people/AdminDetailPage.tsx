import { Button, Divider, Group, Paper, Stack, Switch, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  ADMIN_FLAGS,
  type AdminFlag,
  SIGN_IN_METHOD_LABELS,
  type SponsorAdminItem,
  type SponsorAdminUpdateBody,
  sponsorAdminUpdateBody,
} from '@vault/contract';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { DetailField } from '../../components/DetailField';
import { errorMessage, errorMessages } from '../../lib/api';
import { contractRules, serverFieldErrors } from '../../lib/form';
import { fullName } from '../../lib/person-name';
import { useRights } from '../../lib/rights';
import { useSponsor } from '../../lib/session';
import { AdminFields } from './AdminFields';
import { AdminFlagPicker } from './AdminFlagPicker';
import { ADMIN_DIALOGS } from './AdminListPage';
import { type AdminAction, adminCommand, peopleKeys, useAdmin, useGroups, useUpdateAdmin } from './api';
import { PersonActionButtons } from './PersonActions';
import { PersonDetailShell, PersonProfileLayout } from './PersonDetail';
import { ErrorsAlert } from './PersonFormFields';
import { usePersonConfirm } from './person-confirm';

type Form = {
  firstName: string;
  lastName: string;
  title: string;
  group: string | null;
  localize: string;
  testAccount: boolean;
  ssoBreakGlass: boolean;
} & Record<AdminFlag, boolean>;

const toForm = (a: SponsorAdminItem): Form => ({
  firstName: a.firstName,
  lastName: a.lastName,
  title: a.title ?? '',
  group: a.group === null ? null : String(a.group),
  localize: a.localize,
  testAccount: a.testAccount,
  ssoBreakGlass: a.ssoBreakGlass,
  ...(Object.fromEntries(ADMIN_FLAGS.map((f) => [f, a[f]])) as Record<AdminFlag, boolean>),
});

/** The save request the form's values make. */
function updateBody({ group, title, firstName, lastName, ...rest }: Form): SponsorAdminUpdateBody {
  return { ...rest, firstName: firstName.trim(), lastName: lastName.trim(), title: title.trim(), group: group ? Number(group) : null };
}
const checkUpdate = contractRules(sponsorAdminUpdateBody);

/** /sponsor-admin/{id}/said/{said}: one administrator, whose flags and details can be changed. */
export function AdminDetailPage() {
  const params = useParams();
  const id = Number(params.id);
  const said = Number(params.said);
  const { sponsorId, sponsorCode } = useSponsor();
  const query = useAdmin(sponsorId, id);
  const admin = query.data && query.data.said === said ? query.data : undefined;

  return (
    <PersonDetailShell
      list={{ label: 'Administrators', path: '/sponsor-admin' }}
      crumb={admin ? fullName(admin) : 'Administrator'}
      loading={query.isLoading}
      problemTitle="This administrator cannot be shown"
      problems={[
        ...(query.isError ? [errorMessage(query.error)] : []),
        ...(query.data && !admin ? ['The address does not match an administrator of this portal.'] : []),
      ]}
    >
      {admin && <AdminDetail admin={admin} sponsorId={sponsorId} sponsorCode={sponsorCode} />}
    </PersonDetailShell>
  );
}

function AdminDetail({ admin, sponsorId, sponsorCode }: { admin: SponsorAdminItem; sponsorId: number; sponsorCode: string }) {
  const form = useForm<Form>({ initialValues: toForm(admin), validate: (values) => checkUpdate(updateBody(values)) });
  const [saveErrors, setSaveErrors] = useState<string[]>([]);
  const update = useUpdateAdmin(sponsorId, admin.id);
  const groups = useGroups(sponsorCode);
  const rights = useRights();
  const confirmPerson = usePersonConfirm();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved administrator replaces the form
  useEffect(() => {
    form.setValues(toForm(admin));
    form.clearErrors();
  }, [admin]);
  const dirty = JSON.stringify(form.values) !== JSON.stringify(toForm(admin));

  const save = async (values: Form) => {
    setSaveErrors([]);
    try {
      await update.mutateAsync(updateBody(values));
      notifications.show({ color: 'teal', title: 'Saved', message: `${fullName(admin)}'s access was saved.` });
    } catch (err) {
      const onFields = serverFieldErrors(err, ['firstName', 'lastName', 'title']);
      if (onFields) form.setErrors(onFields);
      setSaveErrors(errorMessages(err));
    }
  };

  const run = (action: AdminAction) =>
    confirmPerson(ADMIN_DIALOGS[action], admin, adminCommand(action, sponsorId, admin.id), [peopleKeys.admins(sponsorId)]);
  const busy = update.isPending;

  return (
    <PersonProfileLayout
      person={admin}
      facts={
        <>
          <DetailField label="User id">{admin.id}</DetailField>
          <DetailField label="Administrator id">{admin.said}</DetailField>
          <DetailField label="Signs in with">{SIGN_IN_METHOD_LABELS[admin.signInMethod]}</DetailField>
        </>
      }
      card={
        <>
          <Divider />
          <PersonActionButtons
            statusId={admin.statusId}
            onRun={run}
            activationLabel="Resend activation link"
            deactivateDisabled={admin.id === rights.userId}
          />
        </>
      }
    >
      <Paper
        withBorder
        radius="md"
        p="lg"
        component="form"
        onSubmit={form.onSubmit(save)}
        noValidate
        aria-label="Administrator details and access"
      >
        <Stack gap="md">
          <Title order={2} fz={18}>
            Details and access
          </Title>
          <ErrorsAlert title="Not saved" messages={saveErrors} />
          <AdminFields form={form} groups={groups.data} busy={busy} groupPlaceholder="No group" />
          {rights.staff && (
            <Switch
              label="Break-glass account"
              description="Keeps their password working when the portal signs in with SSO only (staff only)."
              disabled={busy}
              {...form.getInputProps('ssoBreakGlass', { type: 'checkbox' })}
            />
          )}
          <Divider label="Access flags" labelPosition="left" />
          <AdminFlagPicker
            values={form.values}
            disabled={busy}
            onChange={(flags) => form.setValues(flags)}
            lockedReason={(f) =>
              !rights.staff && rights.userId === admin.id
                ? 'You cannot change your own access flags.'
                : rights.has(f) || admin[f]
                  ? undefined
                  : 'You can only grant access you have yourself.'
            }
          />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              disabled={!dirty || busy}
              onClick={() => {
                form.setValues(toForm(admin));
                form.clearErrors();
              }}
            >
              Undo changes
            </Button>
            <Button type="submit" disabled={!dirty} loading={busy}>
              Save
            </Button>
          </Group>
        </Stack>
      </Paper>
    </PersonProfileLayout>
  );
}

export { AdminDetailPage as Component };
