import { Alert, Anchor, Button, Card, Grid, Group, Loader, Select, Stack, Switch, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconShieldLock } from '@tabler/icons-react';
import { type SponsorCreateBody, type SponsorDetail, sponsorCreateBody, sponsorUpdateBody } from '@vault/contract';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { StatusBadge } from '../../components/list/StatusBadge';
import { MfaResetDialog } from '../../components/MfaResetDialog';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { contractRules, serverFieldErrors } from '../../lib/form';
import type { MfaResetTarget } from '../../lib/mfa-reset';
import { useRights } from '../../lib/rights';
import { useMfaPreview, useSaveSponsor, useSponsorCategories, useSponsorDetail, useStatusList } from './api';
import { NoPermission } from './NoPermission';
import { RetentionCard } from './RetentionCard';
import { SignInSettingsCard } from './SignInSettingsCard';

interface FormValues {
  sponsorCode: string;
  name: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  statusId: string;
  hasCategory: boolean;
  categories: string[];
  requireAdminMfa: boolean;
}

const EMPTY: FormValues = {
  sponsorCode: '',
  name: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  statusId: '1',
  hasCategory: false,
  categories: [],
  requireAdminMfa: false,
};

/** The request the form's values make: a new portal names its code, an edit cannot change it. */
function sponsorRequest(values: FormValues, editing: boolean): SponsorCreateBody | Omit<SponsorCreateBody, 'sponsorCode'> {
  const raw = {
    name: values.name,
    contactName: values.contactName,
    contactEmail: values.contactEmail,
    contactPhone: values.contactPhone,
    statusId: Number(values.statusId) as 1 | 2,
    hasCategory: values.hasCategory,
    categories: values.hasCategory ? values.categories : [],
    requireAdminMfa: values.requireAdminMfa,
  };
  return editing ? raw : { sponsorCode: values.sponsorCode, ...raw };
}
const checkCreate = contractRules(sponsorCreateBody);
const checkUpdate = contractRules(sponsorUpdateBody);
/** The server names the code `code` in some answers. */
const SERVER_FIELDS = {
  code: 'sponsorCode',
  sponsorCode: 'sponsorCode',
  name: 'name',
  contactName: 'contactName',
  contactEmail: 'contactEmail',
  contactPhone: 'contactPhone',
  statusId: 'statusId',
  categories: 'categories',
};

const fromDetail = (d: SponsorDetail, categories?: string[], hasCategory?: boolean): FormValues => ({
  sponsorCode: d.sponsorCode,
  name: d.name,
  contactName: d.contactName ?? '',
  contactEmail: d.contactEmail ?? '',
  contactPhone: d.contactPhone ?? '',
  statusId: String(d.statusId),
  hasCategory: hasCategory ?? d.hasCategory,
  categories: categories ?? d.categories,
  requireAdminMfa: d.requireAdminMfa,
});

/** /sponsor creates a portal (staff only); /sponsor/{id} edits one and resets its administrators' MFA. */
export function SponsorFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const editing = id !== null;
  const { staff: isStaff, canResetMfa, has } = useRights();
  const detail = useSponsorDetail(id ?? 0);
  const categories = useSponsorCategories(id ?? 0);
  const statuses = useStatusList();
  const save = useSaveSponsor();
  const navigate = useNavigate();

  const [formError, setFormError] = useState<string | undefined>();
  const form = useForm<FormValues>({
    initialValues: EMPTY,
    validate: (v) => (editing ? checkUpdate : checkCreate)(sponsorRequest(v, editing)),
    onValuesChange: () => setFormError(undefined),
  });
  const values = form.values;
  const [loadedFor, setLoadedFor] = useState<number | null>(null);

  // The form starts from the saved sponsor and the categories call (specification section 3).
  useEffect(() => {
    if (editing && detail.data && categories.data && loadedFor !== detail.data.id) {
      form.setValues(
        fromDetail(
          detail.data,
          categories.data.data.map((c) => c.name),
          categories.data.hasCategory,
        ),
      );
      setLoadedFor(detail.data.id);
      form.clearErrors();
    }
    if (!editing && loadedFor !== null) {
      form.setValues(EMPTY);
      setLoadedFor(null);
    }
  }, [editing, detail.data, categories.data, loadedFor, form.setValues, form.clearErrors]);

  const submit = async (v: FormValues) => {
    const body = sponsorRequest(v, editing);
    try {
      const saved = await save.mutateAsync({ id, body });
      notifications.show({
        color: 'teal',
        title: editing ? 'Portal saved' : 'Portal created',
        message: `${saved.sponsorCode} · ${saved.name}`,
      });
      if (!editing) navigate(`/sponsor/${saved.id}`, { replace: true });
      else form.setValues(fromDetail(saved));
    } catch (err) {
      const onFields = serverFieldErrors(err, SERVER_FIELDS);
      if (onFields) form.setErrors(onFields);
      setFormError(errorMessage(err));
    }
  };

  if (!editing && !isStaff) {
    return (
      <>
        <PageHeader title="Create Portal" />
        <NoPermission>Only the service staff may create portals.</NoPermission>
      </>
    );
  }
  if (editing && (detail.isPending || categories.isPending)) return <Loader m="xl" />;
  if (editing && (detail.isError || categories.isError)) {
    return (
      <>
        <PageHeader title="Portal" />
        <Alert color="red" role="alert">
          {errorMessage(detail.error ?? categories.error)}
        </Alert>
      </>
    );
  }

  const statusOptions = (
    statuses.data?.data ?? [
      { id: 1, name: 'Active' },
      { id: 2, name: 'Inactive' },
    ]
  )
    .filter((s) => s.id === 1 || s.id === 2)
    .map((s) => ({ value: String(s.id), label: s.name }));

  return (
    <>
      <Anchor component={Link} to="/sponsors" size="sm" mb="xs" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} /> Portals
      </Anchor>
      <PageHeader
        title={editing ? `Portal ${detail.data?.sponsorCode ?? ''}` : 'Create Portal'}
        description={editing ? detail.data?.name : 'A new sponsor: its unique code, name, contact, categories and status.'}
        actions={
          editing && detail.data ? (
            <StatusBadge statusId={detail.data.statusId} status={detail.data.statusId === 1 ? 'Active' : 'Inactive'} />
          ) : undefined
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder padding="lg" radius="md">
            <form onSubmit={form.onSubmit(submit)} noValidate aria-label={editing ? 'Edit portal' : 'Create portal'}>
              <Stack gap="md">
                {formError && (
                  <Alert color="red" role="alert">
                    {formError}
                  </Alert>
                )}
                <Grid gap="md">
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <TextInput
                      label="Sponsor code"
                      required={!editing}
                      readOnly={editing}
                      variant={editing ? 'filled' : 'default'}
                      description={editing ? 'The code cannot change.' : '2–20 letters, digits, - or _'}
                      {...form.getInputProps('sponsorCode')}
                      onChange={(e) => form.setFieldValue('sponsorCode', e.currentTarget.value.toUpperCase())}
                      maxLength={20}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 8 }}>
                    <TextInput
                      label="Name"
                      required
                      {...form.getInputProps('name')}
                      maxLength={120}
                      readOnly={editing && !isStaff}
                      description={editing && !isStaff ? 'Only the service staff may rename a portal.' : undefined}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <TextInput label="Contact name" {...form.getInputProps('contactName')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <TextInput label="Contact e-mail" type="email" {...form.getInputProps('contactEmail')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <TextInput label="Contact phone" type="tel" {...form.getInputProps('contactPhone')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <Select
                      label="Status"
                      data={statusOptions}
                      {...form.getInputProps('statusId')}
                      allowDeselect={false}
                      disabled={!isStaff}
                      description={isStaff ? undefined : 'Only the service staff may change it.'}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 8 }}>
                    <Switch
                      mt={{ base: 0, sm: 30 }}
                      label="Uses sponsor categories"
                      {...form.getInputProps('hasCategory', { type: 'checkbox' })}
                    />
                  </Grid.Col>
                  <Grid.Col span={12}>
                    <Switch
                      label="Administrators must use a second factor"
                      description={
                        isStaff
                          ? 'Administrators without one are led through enrollment after a few sign-ins.'
                          : 'Only the service staff may change it.'
                      }
                      {...form.getInputProps('requireAdminMfa', { type: 'checkbox' })}
                      disabled={!isStaff}
                    />
                  </Grid.Col>
                  {values.hasCategory && (
                    <Grid.Col span={12}>
                      <TagsInput
                        label="Categories"
                        description="Type a category and press Enter."
                        {...form.getInputProps('categories')}
                        clearable
                        maxTags={50}
                      />
                    </Grid.Col>
                  )}
                </Grid>
                <Group justify="flex-end" gap="sm">
                  <Button variant="default" component={Link} to="/sponsors">
                    Cancel
                  </Button>
                  <Button type="submit" loading={save.isPending}>
                    {editing ? 'Save' : 'Create Portal'}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
        </Grid.Col>
        {editing && detail.data && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <Card withBorder padding="lg" radius="md">
                <Title order={2} fz={18} mb="sm">
                  In this portal
                </Title>
                <Stack gap={6}>
                  {[
                    { label: 'Administrators', count: detail.data.administratorCount },
                    { label: 'Vaults', count: detail.data.vaultCount },
                    { label: 'Active packages', count: detail.data.packageCount },
                  ].map(({ label, count }) => (
                    <Group key={label} justify="space-between">
                      <Text size="sm" c="dimmed">
                        {label}
                      </Text>
                      <Text size="sm" fw={600}>
                        {count}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </Card>
              {canResetMfa && <SponsorMfaCard sponsorCode={detail.data.sponsorCode} />}
            </Stack>
          </Grid.Col>
        )}
        {editing && detail.data && has('hasManageSignInAccess') && (
          <Grid.Col span={{ base: 12, md: 8 }}>
            <SignInSettingsCard sponsorCode={detail.data.sponsorCode} isStaff={isStaff} />
          </Grid.Col>
        )}
        {editing && detail.data && (
          <Grid.Col span={{ base: 12, md: 8 }}>
            <RetentionCard sponsorCode={detail.data.sponsorCode} />
          </Grid.Col>
        )}
      </Grid>
    </>
  );
}

/** Sponsor MFA reset: every administrator of the sponsor, after a confirmation that says how many. */
function SponsorMfaCard({ sponsorCode }: { sponsorCode: string }) {
  const preview = useMfaPreview(sponsorCode, true);
  const [target, setTarget] = useState<MfaResetTarget | null>(null);
  const count = preview.data?.count ?? 0;
  const people = count === 1 ? '1 administrator' : `${count} administrators`;
  return (
    <Card withBorder padding="lg" radius="md">
      <Group gap="xs" mb="xs">
        <IconShieldLock size={18} />
        <Title order={2} fz={18}>
          Multi-factor authentication
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {preview.isPending ? 'Counting administrators…' : preview.isError ? errorMessage(preview.error) : preview.data.message}
      </Text>
      <Button
        color="red"
        variant="light"
        fullWidth
        disabled={!preview.data || count === 0}
        onClick={() => setTarget({ kind: 'sponsor', sponsorCode, label: `${people} of ${sponsorCode}` })}
      >
        Reset MFA for administrators
      </Button>
      <MfaResetDialog target={target} onClose={() => setTarget(null)} onDone={() => void preview.refetch()} />
    </Card>
  );
}

export { SponsorFormPage as Component };
