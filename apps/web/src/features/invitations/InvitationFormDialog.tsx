import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  type Invitation,
  type InvitationBody,
  type InvitationType,
  openInvitationInput,
  STRICT_INVITE_CODE,
  strictInvitationInput,
} from '@vault/contract';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { useAdvisorChoices, useCreateInvitation, useEditInvitation, usePackageChoices } from './api';
import { useInvitationType } from './invitation-type';

const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Spanish' },
  { value: 'fr', label: 'French' },
  { value: 'de', label: 'German' },
];

interface FormValues {
  email: string;
  firstName: string;
  lastName: string;
  inviteCode: string;
  max: number | string;
  /** datetime-local text, "2026-12-31T17:00". */
  expireTime: string;
  packageId: string | null;
  localize: string;
  testAccount: boolean;
  isTrustedAdvisor: boolean;
  defaultInviteCode: boolean;
  advisors: string[];
}

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as the local "YYYY-MM-DDTHH:mm" a datetime-local input shows. */
export function toLocalInput(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (text: string): string | null => {
  if (!text) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? text : d.toISOString();
};

function initialValues(inv: Invitation | null): FormValues {
  if (!inv) {
    return {
      email: '',
      firstName: '',
      lastName: '',
      inviteCode: '',
      max: 10,
      expireTime: toLocalInput(new Date(Date.now() + 30 * 86_400_000)),
      packageId: null,
      localize: 'en',
      testAccount: false,
      isTrustedAdvisor: false,
      defaultInviteCode: false,
      advisors: [],
    };
  }
  return {
    email: inv.email ?? '',
    firstName: inv.firstName ?? '',
    lastName: inv.lastName ?? '',
    inviteCode: inv.type === 'open' ? inv.inviteCode : '',
    max: inv.max,
    expireTime: toLocalInput(inv.expireTime),
    packageId: inv.packageId ? String(inv.packageId) : null,
    localize: inv.localize,
    testAccount: inv.testAccount,
    isTrustedAdvisor: inv.isTrustedAdvisor,
    defaultInviteCode: inv.defaultInviteCode,
    advisors: inv.sponsoredTrustedAdvisorId.map(String),
  };
}

function toBody(type: InvitationType, v: FormValues, inv: Invitation | null): InvitationBody {
  const common = {
    packageId: v.packageId ? Number(v.packageId) : null,
    localize: v.localize,
    testAccount: v.testAccount,
    isTrustedAdvisor: v.isTrustedAdvisor,
    sponsoredTrustedAdvisorId: v.advisors.map((a) => Number.parseInt(a, 10)),
  };
  // An unchanged expiry is sent as it was, to the second, so an edit keeps it.
  const expireTime = inv && toLocalInput(inv.expireTime) === v.expireTime ? inv.expireTime : fromLocalInput(v.expireTime);
  if (type === 'strict') {
    return { ...common, email: v.email.trim(), firstName: v.firstName.trim(), lastName: v.lastName.trim(), expireTime };
  }
  return {
    ...common,
    inviteCode: v.inviteCode.trim(),
    max: typeof v.max === 'number' ? v.max : Number.NaN,
    expireTime,
    defaultInviteCode: v.defaultInviteCode,
    email: v.email.trim() || null,
  };
}

/** Field messages from the contract's rules, before anything is sent. */
function localErrors(type: InvitationType, body: InvitationBody, inv: Invitation | null): Record<string, string> {
  const schema = type === 'strict' ? strictInvitationInput : openInvitationInput;
  const input: Record<string, unknown> = { ...body };
  // An edit may keep an expiry that has passed; the server allows it when unchanged.
  if (inv && body.expireTime === inv.expireTime && inv.expireTime) input.expireTime = new Date(Date.now() + 86_400_000).toISOString();
  const res = schema.safeParse(input);
  const errors: Record<string, string> = {};
  if (!res.success) for (const i of res.error.issues) errors[String(i.path[0] ?? 'form')] ??= i.message;
  return errors;
}

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
  const [values, setValues] = useState<FormValues>(() => initialValues(invitation));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('editing');
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const packages = usePackageChoices(sponsorId, opened);
  const advisors = useAdvisorChoices(sponsorCode, opened);
  const create = useCreateInvitation(sponsorId);
  const edit = useEditInvitation(sponsorId);

  useEffect(() => {
    if (opened) {
      setValues(initialValues(invitation));
      setErrors({});
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

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: '' }));
  };

  const serverErrors = (err: unknown) => {
    if (err instanceof ApiError && err.body.details?.length) {
      const byField: Record<string, string> = {};
      for (const d of err.body.details) byField[d.field.split('.')[0] ?? 'form'] ??= d.message;
      setErrors(byField);
      const unplaced = err.body.details.filter((d) => !FIELD_NAMES.has(d.field.split('.')[0] ?? ''));
      setFormError(unplaced.length ? unplaced.map((d) => d.message).join(' ') : null);
      return true;
    }
    return false;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const body = toBody(type, values, invitation);
    const local = localErrors(type, body, invitation);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
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
        message: saved.defaultInviteCode && !invitation.defaultInviteCode
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
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {!invitation ? (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="invitation-type-label">
                  Invitation type
                </Text>
                <SegmentedControl
                  aria-labelledby="invitation-type-label"
                  value={type}
                  onChange={(v) => {
                    setStoredType(v as InvitationType);
                    setErrors({});
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

            {type === 'strict' ? (
              <>
                <TextInput label="E-mail" required value={values.email} onChange={(e) => set('email', e.currentTarget.value)} error={errors.email} autoComplete="off" />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label="First name" required value={values.firstName} onChange={(e) => set('firstName', e.currentTarget.value)} error={errors.firstName} />
                  <TextInput label="Last name" required value={values.lastName} onChange={(e) => set('lastName', e.currentTarget.value)} error={errors.lastName} />
                </SimpleGrid>
              </>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Invite code"
                  required
                  value={values.inviteCode}
                  onChange={(e) => set('inviteCode', e.currentTarget.value)}
                  error={errors.inviteCode}
                  description="Unique within the portal"
                  autoComplete="off"
                />
                <NumberInput
                  label="Max uses"
                  required
                  min={1}
                  allowDecimal={false}
                  allowNegative={false}
                  value={values.max}
                  onChange={(v) => set('max', v)}
                  error={errors.max}
                  description={invitation ? `Used ${invitation.uses} times so far` : 'How many people may use the code'}
                />
              </SimpleGrid>
            )}

            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Package"
                required
                placeholder={packages.isLoading ? 'Loading…' : 'Choose a package'}
                data={packageData}
                value={values.packageId}
                onChange={(v) => set('packageId', v)}
                error={errors.packageId}
                nothingFoundMessage="This portal has no active package"
                searchable
                comboboxProps={{ withinPortal: true }}
              />
              <TextInput
                type="datetime-local"
                label="Expires"
                required={type === 'open'}
                value={values.expireTime}
                onChange={(e) => set('expireTime', e.currentTarget.value)}
                error={errors.expireTime}
                description={type === 'strict' ? 'Optional' : undefined}
              />
            </SimpleGrid>

            {type === 'open' && (
              <TextInput
                label="Contact e-mail"
                description="Optional: where the code is sent"
                value={values.email}
                onChange={(e) => set('email', e.currentTarget.value)}
                error={errors.email}
                autoComplete="off"
              />
            )}

            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Language"
                data={LANGUAGES}
                value={values.localize}
                onChange={(v) => set('localize', v ?? 'en')}
                allowDeselect={false}
                error={errors.localize}
              />
              <MultiSelect
                label="Sponsored trusted advisors"
                placeholder={advisorData.length ? 'Optional' : advisors.isLoading ? 'Loading…' : 'None available'}
                data={advisorData}
                value={values.advisors}
                onChange={(v) => set('advisors', v)}
                error={errors.sponsoredTrustedAdvisorId}
                searchable
                clearable
              />
            </SimpleGrid>

            <Group gap="xl">
              {type === 'open' && (
                <Checkbox
                  label="Default invite code"
                  checked={values.defaultInviteCode}
                  onChange={(e) => set('defaultInviteCode', e.currentTarget.checked)}
                  error={errors.defaultInviteCode}
                />
              )}
              <Checkbox label="Test account" checked={values.testAccount} onChange={(e) => set('testAccount', e.currentTarget.checked)} />
              <Checkbox
                label="Trusted advisor invitation"
                checked={values.isTrustedAdvisor}
                onChange={(e) => set('isTrustedAdvisor', e.currentTarget.checked)}
              />
            </Group>

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

const FIELD_NAMES = new Set([
  'email',
  'firstName',
  'lastName',
  'inviteCode',
  'max',
  'expireTime',
  'packageId',
  'localize',
  'sponsoredTrustedAdvisorId',
  'defaultInviteCode',
]);
