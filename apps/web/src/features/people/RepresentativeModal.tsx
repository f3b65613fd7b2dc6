import { Alert, Button, Checkbox, Divider, Group, Pill, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconSearch } from '@tabler/icons-react';
import {
  ADVISOR_FLAGS,
  type AdvisorFlag,
  type AdvisorLookup,
  LOOKUP_PLACEHOLDER_NAME,
  type SponsoredAdvisorItem,
  sponsoredAdvisorCreateBody,
} from '@vault/contract';
import { useEffect, useRef, useState } from 'react';
import { FormModal } from '../../components/dialog-parts';
import { errorMessage, errorMessages } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { contractRules, emailRules, serverFieldErrors } from '../../lib/form';
import { lookupAdvisor, useCategories, useGroups, useSaveRep } from './api';
import { FlagGrid } from './FlagGrid';
import { ErrorsAlert, GroupSelect, LocaleSelect } from './PersonFormFields';
import { permissionWords } from './permission-words';

type Flags = Record<AdvisorFlag, boolean>;
const NO_FLAGS = (): Flags => Object.fromEntries(ADVISOR_FLAGS.map((f) => [f, false])) as Flags;

interface FormState {
  firstName: string;
  lastName: string;
  group: string | null;
  localize: string;
  permissions: string[];
  testAccount: boolean;
  flags: Flags;
}
const EMPTY_FORM = (): FormState => ({
  firstName: '',
  lastName: '',
  group: null,
  localize: 'en',
  permissions: [],
  testAccount: false,
  flags: NO_FLAGS(),
});
const fromRep = (r: SponsoredAdvisorItem): FormState => ({
  firstName: r.firstName,
  lastName: r.lastName,
  group: r.group === null ? null : String(r.group),
  localize: r.localize,
  permissions: r.permissions,
  testAccount: r.testAccount,
  flags: Object.fromEntries(ADVISOR_FLAGS.map((f) => [f, r[f]])) as Flags,
});

/** What a save sends besides the e-mail; an existing user keeps her own name (sent as NA). */
const saveFields = (f: FormState, existingUser: boolean) => ({
  firstName: existingUser ? LOOKUP_PLACEHOLDER_NAME : f.firstName.trim(),
  lastName: existingUser ? LOOKUP_PLACEHOLDER_NAME : f.lastName.trim(),
  group: f.group ? Number(f.group) : null,
  localize: f.localize,
  permissions: f.permissions,
  testAccount: f.testAccount,
  ...f.flags,
});
const checkSave = contractRules(sponsoredAdvisorCreateBody);
const FIELDS = ['firstName', 'lastName', 'group', 'localize', 'permissions'];

/** The add modal's flags (specification section 4); all reset when it closes. */
interface LookupFlags {
  isExistingUser: boolean;
  warning: string | null;
  error: string | null;
}
const NO_LOOKUP: LookupFlags = { isExistingUser: false, warning: null, error: null };

export interface RepresentativeModalProps {
  opened: boolean;
  /** Edit this representative; absent: add one. */
  rep?: SponsoredAdvisorItem | null;
  /** Open prefilled with an existing user (e.g. from the trusted collaborator list). */
  existing?: AdvisorLookup | null;
  sponsorId: number;
  sponsorCode: string;
  onClose: () => void;
}

/**
 * Add or edit a representative. Adding looks the e-mail up first (names sent as NA): an advisor
 * who already exists is prefilled with a warning and saving links them to this portal.
 */
export function RepresentativeModal({ opened, rep, existing, sponsorId, sponsorCode, onClose }: RepresentativeModalProps) {
  const mode = rep ? 'edit' : 'create';
  const lookup = useForm({ initialValues: { email: '' }, validate: emailRules });
  const [looked, setLooked] = useState<AdvisorLookup | null>(null);
  const [checking, setChecking] = useState(false);
  const [flags, setFlags] = useState<LookupFlags>(NO_LOOKUP);
  const namesLocked = mode === 'create' && flags.isExistingUser;
  const form = useForm<FormState>({
    initialValues: EMPTY_FORM(),
    // The server's own check of what the save sends (any valid address stands in for the e-mail,
    // which was checked at the look-up or cannot change).
    validate: (values) => checkSave({ email: 'checked@example.com', ...saveFields(values, namesLocked) }),
  });
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const save = useSaveRep(sponsorId);
  const groups = useGroups(sponsorCode, opened);
  const categories = useCategories(sponsorId, opened);
  const openedFor = useRef<number>(0);

  const applyLookup = (r: AdvisorLookup) => {
    setLooked(r);
    setFlags({
      isExistingUser: r.isExistingUser,
      warning: r.isExistingUser && !r.isAssigned ? r.warning : null,
      error: r.isAssigned ? r.warning : null,
    });
    // The look-up never answers another portal's data: an existing person keeps her own name.
    form.setValues({ firstName: '', lastName: '' });
  };

  // Opening sets the modal up; closing resets every flag (specification section 4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the modal opens or closes
  useEffect(() => {
    if (opened) {
      openedFor.current = sponsorId;
      lookup.setValues({ email: rep?.email ?? existing?.advisor?.email ?? '' });
      form.setValues(rep ? fromRep(rep) : EMPTY_FORM());
      setLooked(null);
      setFlags(NO_LOOKUP);
      if (existing) applyLookup(existing);
    } else {
      lookup.setValues({ email: '' });
      lookup.clearErrors();
      setLooked(null);
      setFlags(NO_LOOKUP);
      form.setValues(EMPTY_FORM());
      form.clearErrors();
      setServerErrors([]);
      setSavedAt(null);
      save.reset();
    }
  }, [opened]);

  const check = async () => {
    if (lookup.validate().hasErrors) return;
    const email = lookup.getValues().email;
    setChecking(true);
    setServerErrors([]);
    try {
      applyLookup(await lookupAdvisor(sponsorId, email.trim()));
    } catch (error) {
      setLooked(null);
      setFlags({ ...NO_LOOKUP, error: errorMessage(error) });
    } finally {
      setChecking(false);
    }
  };

  // The add modal reloads when the sponsor changes: the look-up is repeated for the new portal;
  // a representative being edited belongs to the old one, so the modal closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the sponsor change matters
  useEffect(() => {
    if (!opened || openedFor.current === sponsorId) return;
    openedFor.current = sponsorId;
    if (mode === 'edit') onClose();
    else if (looked) void check();
  }, [sponsorId]);

  const changeEmail = (v: string) => {
    lookup.setFieldValue('email', v);
    if (looked || flags.error) {
      setLooked(null);
      setFlags(NO_LOOKUP);
    }
  };

  const submit = async (values: FormState) => {
    setServerErrors([]);
    const common = saveFields(values, namesLocked);
    try {
      if (mode === 'create') {
        const saved = await save.mutateAsync({ mode: 'create', body: { email: lookup.getValues().email.trim(), ...common } });
        notifications.show({
          color: 'teal',
          title: 'Representative added',
          message: flags.isExistingUser
            ? `${saved.email} now represents this portal.`
            : `${saved.email} was created and an activation e-mail is on its way.`,
        });
        onClose();
      } else {
        const saved = await save.mutateAsync({ mode: 'update', body: { id: rep!.id, userId: rep!.userId, email: rep!.email, ...common } });
        // In edit mode the modal stays open and the form is editable again after the save.
        form.setValues(fromRep(saved));
        setSavedAt(formatTime(new Date()));
      }
    } catch (err) {
      const onFields = serverFieldErrors(err, FIELDS);
      if (onFields) form.setErrors(onFields);
      setServerErrors(errorMessages(err));
    }
  };

  const busy = save.isPending;
  const showForm = mode === 'edit' || (looked !== null && !looked.isAssigned);
  const values = form.values;
  const permissionOptions = [...new Set([...(categories.data ?? []), ...values.permissions])].map((p) => ({
    value: p,
    label: permissionWords(p),
  }));

  return (
    <FormModal
      opened={opened}
      onClose={() => !busy && onClose()}
      title={mode === 'edit' ? 'Edit Representative' : 'Add Representative'}
      size="xl"
    >
      <Stack gap="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void check();
          }}
          noValidate
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label="E-mail"
              required
              {...lookup.getInputProps('email')}
              onChange={(e) => changeEmail(e.currentTarget.value)}
              disabled={mode === 'edit' || busy}
              style={{ flex: 1 }}
              autoComplete="off"
              description={mode === 'create' ? 'The e-mail is looked up first: an existing user is filled in.' : undefined}
            />
            {mode === 'create' && (
              <Button
                type="submit"
                variant={looked ? 'default' : 'filled'}
                leftSection={<IconSearch size={16} />}
                loading={checking}
                disabled={busy}
              >
                Look up
              </Button>
            )}
          </Group>
        </form>

        {flags.warning && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Existing user"
            data-testid="existing-user-warning"
          >
            {flags.warning}
          </Alert>
        )}
        {flags.error && (
          <Alert color="red" variant="light" title="Cannot add this e-mail" role="alert">
            {flags.error}
          </Alert>
        )}
        <ErrorsAlert title="Not saved" messages={serverErrors} />
        {savedAt && !busy && (
          <Alert color="teal" variant="light" icon={<IconCheck size={18} />} title="Saved" role="status">
            The representative was saved at {savedAt}. You can keep editing.
          </Alert>
        )}

        {showForm && (
          <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Assign form">
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {!namesLocked && (
                  <>
                    <TextInput label="First name" required {...form.getInputProps('firstName')} disabled={busy} />
                    <TextInput label="Last name" required {...form.getInputProps('lastName')} disabled={busy} />
                  </>
                )}
                <GroupSelect groups={groups.data} value={values.group} onChange={(v) => form.setFieldValue('group', v)} disabled={busy} />
                {!namesLocked && (
                  <LocaleSelect value={values.localize} onChange={(v) => form.setFieldValue('localize', v)} disabled={busy} />
                )}
              </SimpleGrid>
              <TagsInput
                label="Permissions"
                description="The portal's categories this representative may work with; type to add another."
                data={permissionOptions}
                // Chosen permissions in words too (TagsInput shows the stored code otherwise).
                renderPill={({ value, onRemove, disabled }) => (
                  <Pill withRemoveButton={!disabled} onRemove={onRemove} disabled={disabled}>
                    {permissionWords(value ?? '')}
                  </Pill>
                )}
                {...form.getInputProps('permissions')}
                clearable
                disabled={busy}
                maxTags={100}
              />
              <Checkbox label="Test account" {...form.getInputProps('testAccount', { type: 'checkbox' })} disabled={busy} />
              <Divider label="Access flags" labelPosition="left" />
              <FlagGrid
                flags={ADVISOR_FLAGS}
                values={values.flags}
                disabled={busy}
                onChange={(f, v) => form.setFieldValue(`flags.${f}`, v)}
              />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={onClose} disabled={busy}>
                  {mode === 'edit' && savedAt ? 'Close' : 'Cancel'}
                </Button>
                <Button type="submit" loading={busy}>
                  {mode === 'edit' ? 'Save' : flags.isExistingUser ? 'Add to this portal' : 'Save'}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {!showForm && (
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
          </Group>
        )}
      </Stack>
    </FormModal>
  );
}
