import { Alert, Button, Group, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { type Invitation, type InvitationType, STRICT_INVITE_CODE } from '@vault/contract';
import { useEffect, useMemo, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { useAdvisorChoices, useCreateInvitation, useEditInvitation, usePackageChoices } from './api';
import { CommonFields } from './CommonFields';
import { FIELD_NAMES, type FormValues, formField, initialValues, localErrors, toBody } from './invitation-form';
import { useInvitationType } from './invitation-type';
import { OpenFields } from './OpenFields';
import { StrictFields } from './StrictFields';

type Phase = 'editing' | 'updating' | 'done';

export interface InvitationFormDialogProps {
  opened: boolean;
  /** null: create; otherwise the invitation to edit. */
  invitation: Invitation | null;
  sponsorId: number;
  sponsorCode: string;
  onClose: () => void;
}

/**
 * Create and edit an invitation of either type. Editing goes from the form to "Updating...." to
 * "Server Update Confirmation" (specification section 4).
 */
export function InvitationFormDialog({ opened, invitation, sponsorId, sponsorCode, onClose }: InvitationFormDialogProps) {
  const [storedType, setStoredType] = useInvitationType();
  const type: InvitationType = invitation ? invitation.type : storedType;
  // The contract's rules for the request the values make (invitation-form.ts).
  const form = useForm<FormValues>({
    initialValues: initialValues(invitation),
    validate: (values) => localErrors(type, toBody(type, values, invitation), invitation),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('editing');
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const packages = usePackageChoices(sponsorId, opened);
  const advisors = useAdvisorChoices(sponsorCode, opened);
  const create = useCreateInvitation(sponsorId);
  const edit = useEditInvitation(sponsorId);

  // biome-ignore lint/correctness/useExhaustiveDependencies: start over each time the dialog opens
  useEffect(() => {
    if (opened) {
      form.setValues(initialValues(invitation));
      form.clearErrors();
      setFormError(null);
      setPhase('editing');
      setOutcome(null);
    }
  }, [opened, invitation]);

  const packageData = useMemo(() => (packages.data ?? []).map((p) => ({ value: String(p.id), label: p.name })), [packages.data]);
  const advisorData = useMemo(
    () => (advisors.data ?? []).map((a) => ({ value: String(a.userId), label: `${a.firstName} ${a.lastName} (${a.email})` })),
    [advisors.data],
  );

  const serverErrors = (err: unknown) => {
    if (err instanceof ApiError && err.body.details?.length) {
      const byField: Record<string, string> = {};
      for (const d of err.body.details) byField[formField(d.field.split('.')[0] ?? 'form')] ??= d.message;
      form.setErrors(byField);
      const unplaced = err.body.details.filter((d) => !FIELD_NAMES.has(d.field.split('.')[0] ?? ''));
      setFormError(unplaced.length ? unplaced.map((d) => d.message).join(' ') : null);
      return true;
    }
    return false;
  };

  const submit = async (values: FormValues) => {
    setFormError(null);
    const body = toBody(type, values, invitation);
    if (!invitation) {
      try {
        const created = await create.mutateAsync({ itype: type, body });
        notifications.show({
          color: 'teal',
          title: 'Invitation created',
          message: created.email ? `The invitation was sent to ${created.email}.` : `The invite code ${created.inviteCode} is ready.`,
        });
        onClose();
      } catch (err) {
        if (!serverErrors(err)) setFormError(errorMessage(err));
      }
      return;
    }
    setPhase('updating');
    try {
      const saved = await edit.mutateAsync({ ...body, id: invitation.id, sponsorId });
      setOutcome({
        ok: true,
        message:
          saved.defaultInviteCode && !invitation.defaultInviteCode
            ? `The invitation was updated. ${saved.inviteCode} is now the default invite code.`
            : 'The invitation was updated.',
      });
      setPhase('done');
    } catch (err) {
      if (serverErrors(err)) {
        setPhase('editing');
        return;
      }
      setOutcome({ ok: false, message: errorMessage(err) });
      setPhase('done');
    }
  };

  const title =
    phase === 'updating'
      ? 'Updating....'
      : phase === 'done'
        ? 'Server Update Confirmation'
        : `${invitation ? 'Edit' : 'Create'} ${type === 'strict' ? 'Strict' : 'Open'} Invitation`;
  const busy = create.isPending || phase === 'updating';

  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title={title}
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      styles={{ title: { fontWeight: 650 } }}
    >
      {phase === 'updating' && (
        <Group gap="sm" py="xl" justify="center" role="status">
          <Loader size="sm" />
          <Text>Updating....</Text>
        </Group>
      )}
      {phase === 'done' && outcome && (
        <Stack gap="lg">
          <Alert color={outcome.ok ? 'teal' : 'red'} variant="light" title={outcome.ok ? 'Success' : 'Error'} role="status">
            {outcome.message}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      )}
      {phase === 'editing' && (
        <form onSubmit={form.onSubmit(submit, () => setFormError(null))} noValidate>
          <Stack gap="md">
            {!invitation ? (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="invitation-type-label">
                  Invitation type
                </Text>
                <SegmentedControl
                  aria-labelledby="invitation-type-label"
                  fullWidth
                  // Both labels do not fit side by side on a phone: they wrap inside their segment.
                  styles={{ label: { whiteSpace: 'normal' } }}
                  value={type}
                  onChange={(v) => {
                    setStoredType(v as InvitationType);
                    form.clearErrors();
                  }}
                  data={[
                    { value: 'strict', label: 'Strict (one person)' },
                    { value: 'open', label: 'Open (shared code)' },
                  ]}
                />
              </Stack>
            ) : null}
            <Text size="sm" c="dimmed">
              {type === 'strict'
                ? `A strict invitation is addressed to one person and can be used once. Its code is always ${STRICT_INVITE_CODE}.`
                : 'An open invitation is a code people share. It can be used up to its maximum number of times until it expires.'}
            </Text>
            {formError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {formError}
              </Alert>
            )}

            {type === 'strict' ? <StrictFields form={form} /> : <OpenFields form={form} invitation={invitation} />}

            <CommonFields
              type={type}
              form={form}
              packageData={packageData}
              packagesLoading={packages.isLoading}
              advisorData={advisorData}
              advisorsLoading={advisors.isLoading}
            />

            <Group justify="flex-end" gap="sm" mt="sm">
              <Button variant="default" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                {invitation ? 'Update' : 'Create'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
