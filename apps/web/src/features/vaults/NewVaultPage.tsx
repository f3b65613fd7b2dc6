import { Alert, Anchor, Button, Checkbox, Grid, Group, MultiSelect, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import {
  buildVaultPayload,
  DEFAULT_VAULT_TAG,
  emailSchema,
  optionalNameSchema,
  optionalPersonNameSchema,
  PEOPLE_LOCALES,
  personNameSchema,
  TAG_LABELS,
  VAULT_TAGS,
  type VaultCreated,
} from '@vault/contract';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ApiError, errorMessage } from '../../lib/api';
import { useSponsor } from '../../lib/session';
import { useBasePackages, useCreateVault, useGroups, usePackageOptions, useTemplates, useTrustedAdvisors } from './api';
import { formatBytes } from './format-bytes';

interface FormState {
  email: string;
  firstName: string;
  middleName: string;
  lastName: string;
  organizationName: string;
  tag: string;
  entityType: string;
  packageId: string | null;
  group: string | null;
  sponsoredAdvisorUserId: string[];
  templateId: string | null;
  sendActivationEmail: boolean;
  testAccount: boolean;
  localize: string;
}

const EMPTY: FormState = {
  email: '',
  firstName: '',
  middleName: '',
  lastName: '',
  organizationName: '',
  tag: DEFAULT_VAULT_TAG,
  entityType: '',
  packageId: null,
  group: null,
  sponsoredAdvisorUserId: [],
  templateId: null,
  sendActivationEmail: false,
  testAccount: false,
  localize: 'en',
};

type Errors = Partial<Record<keyof FormState, string>>;

function validate(f: FormState): Errors {
  const e: Errors = {};
  const check = (
    key: keyof FormState,
    schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
    value: unknown,
  ) => {
    const r = schema.safeParse(value);
    if (!r.success) e[key] = r.error?.issues[0]?.message ?? 'Not valid';
  };
  check('email', emailSchema, f.email);
  check('firstName', personNameSchema('First name'), f.firstName);
  check('lastName', personNameSchema('Last name'), f.lastName);
  if (f.sponsoredAdvisorUserId.length === 0) {
    check('middleName', optionalPersonNameSchema('Middle name'), f.middleName);
    check('organizationName', optionalNameSchema('Organization name', 200), f.organizationName);
    check('entityType', optionalNameSchema('Entity type'), f.entityType);
  }
  if (!f.packageId) e.packageId = 'Please choose a package';
  return e;
}

/** New Vault (specification sections 2 and 3): the vault creation form and its payload rules. */
export function NewVaultPage() {
  const { sponsorId, sponsorCode } = useSponsor();
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [created, setCreated] = useState<VaultCreated | null>(null);
  const packages = usePackageOptions(sponsorId);
  const basePackages = useBasePackages(sponsorId);
  const advisors = useTrustedAdvisors(sponsorId, sponsorCode);
  const groups = useGroups(sponsorId, sponsorCode);
  const templates = useTemplates(sponsorId, sponsorCode);
  const create = useCreateVault(sponsorId);

  // Another portal: its packages, advisors, groups and templates; the choices of the last one no longer apply.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the portal changes
  useEffect(() => {
    setForm((f) => ({ ...f, packageId: null, group: null, sponsoredAdvisorUserId: [], templateId: null }));
    setCreated(null);
    create.reset();
  }, [sponsorId]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const withAdvisors = form.sponsoredAdvisorUserId.length > 0;
  const chosenPackage = useMemo(
    () => basePackages.data?.data.find((p) => String(p.id) === form.packageId) ?? null,
    [basePackages.data, form.packageId],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const payload = buildVaultPayload({
      ...form,
      packageId: form.packageId!,
      sponsoredAdvisorUserId: form.sponsoredAdvisorUserId,
    });
    create.mutate(payload, {
      onSuccess: (r) => {
        setCreated(r);
        setForm({ ...EMPTY, packageId: form.packageId });
        setErrors({});
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 409) setErrors({ email: err.body.message });
        else if (err instanceof ApiError && err.body.details) {
          const next: Errors = {};
          for (const d of err.body.details) {
            const key = (d.field.split('.')[0] ?? '') as keyof FormState;
            if (key in EMPTY) next[key] = d.message;
          }
          setErrors(next);
        }
      },
    });
  };

  if (sponsorId === 0) {
    return (
      <>
        <PageHeader title="New Vault" />
        <Alert color="yellow" variant="light" title="Portal code is missing">
          Please choose a Portal.
        </Alert>
      </>
    );
  }

  return (
    <>
      <PageHeader title="New Vault" description={`Create a vault holder and their vault in ${sponsorCode}.`} />
      {created && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={18} />}
          title="Vault created"
          mb="md"
          withCloseButton
          onClose={() => setCreated(null)}
          role="status"
        >
          <Stack gap={4}>
            <Text size="sm">{created.message}</Text>
            <Group gap="md">
              <Anchor component={Link} to={`/vaultdetails/${created.vaultId}`} size="sm">
                Open the vault details
              </Anchor>
              <Anchor component={Link} to={`/?field=email&q=${encodeURIComponent(created.email)}`} size="sm">
                Find it in the vault list
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      )}
      {create.isError && !(create.error instanceof ApiError && create.error.status === 409) && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The vault was not created" mb="md" role="alert">
          {errorMessage(create.error)}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label="New Vault">
        <Stack gap="md">
          <Paper withBorder radius="md" p="lg">
            <Title order={2} fz={18} mb="sm">
              Vault holder
            </Title>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput
                  label="Email"
                  required
                  value={form.email}
                  onChange={(e) => set('email', e.currentTarget.value)}
                  error={errors.email}
                  autoComplete="off"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Select
                  label="Language"
                  data={PEOPLE_LOCALES.map((l) => ({ value: l.value, label: l.label }))}
                  value={form.localize}
                  onChange={(v) => set('localize', v ?? 'en')}
                  allowDeselect={false}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <TextInput
                  label="First name"
                  required
                  value={form.firstName}
                  onChange={(e) => set('firstName', e.currentTarget.value)}
                  error={errors.firstName}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <TextInput
                  label="Middle name"
                  value={form.middleName}
                  onChange={(e) => set('middleName', e.currentTarget.value)}
                  error={errors.middleName}
                  disabled={withAdvisors}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <TextInput
                  label="Last name"
                  required
                  value={form.lastName}
                  onChange={(e) => set('lastName', e.currentTarget.value)}
                  error={errors.lastName}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput
                  label="Organization name"
                  value={form.organizationName}
                  onChange={(e) => set('organizationName', e.currentTarget.value)}
                  error={errors.organizationName}
                  disabled={withAdvisors}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 3 }}>
                <Select
                  label="Tag"
                  data={VAULT_TAGS.map((t) => ({ value: t, label: TAG_LABELS[t] }))}
                  value={form.tag}
                  onChange={(v) => set('tag', v ?? DEFAULT_VAULT_TAG)}
                  allowDeselect={false}
                  disabled={withAdvisors}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 3 }}>
                <TextInput
                  label="Entity type"
                  value={form.entityType}
                  onChange={(e) => set('entityType', e.currentTarget.value)}
                  error={errors.entityType}
                  disabled={withAdvisors}
                />
              </Grid.Col>
            </Grid>
          </Paper>

          <Paper withBorder radius="md" p="lg">
            <Title order={2} fz={18} mb="sm">
              Vault
            </Title>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput label="Sponsor" value={sponsorCode} readOnly description="The portal chosen in the header." />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Select
                  label="Package"
                  required
                  placeholder={packages.isLoading ? 'Loading…' : 'Choose a package'}
                  data={(packages.data?.data ?? []).map((p) => ({
                    value: String(p.id),
                    label: `${p.name} (${p.priceSale} ${p.currency}, ${p.billingPeriod.replace('_', ' ')})`,
                  }))}
                  value={form.packageId}
                  onChange={(v) => set('packageId', v)}
                  error={errors.packageId}
                  nothingFoundMessage="No package is assigned to this portal"
                  searchable
                  description={
                    chosenPackage
                      ? `${chosenPackage.description || chosenPackage.name} · ${formatBytes(chosenPackage.storageQuotaBytes)} storage`
                      : undefined
                  }
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <MultiSelect
                  label="Trusted advisors"
                  placeholder={advisors.data?.data.length === 0 ? 'This portal has no trusted advisors' : 'Choose advisors (optional)'}
                  data={(advisors.data?.data ?? []).map((a) => ({
                    value: String(a.userId),
                    label: `${a.firstName} ${a.lastName} (${a.email})`,
                  }))}
                  value={form.sponsoredAdvisorUserId}
                  onChange={(v) => set('sponsoredAdvisorUserId', v)}
                  searchable
                  clearable
                  description={
                    withAdvisors ? 'With trusted advisors, middle name, organization, tag, entity type and group are not sent.' : undefined
                  }
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Select
                  label="Group"
                  placeholder="No group"
                  data={(groups.data?.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
                  value={form.group}
                  onChange={(v) => set('group', v)}
                  clearable
                  disabled={withAdvisors}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Select
                  label="Template"
                  placeholder="No template"
                  data={(templates.data?.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
                  value={form.templateId}
                  onChange={(v) => set('templateId', v)}
                  clearable
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <Group gap="xl">
                  <Checkbox
                    label="Send activation email"
                    checked={form.sendActivationEmail}
                    onChange={(e) => set('sendActivationEmail', e.currentTarget.checked)}
                  />
                  <Checkbox label="Test account" checked={form.testAccount} onChange={(e) => set('testAccount', e.currentTarget.checked)} />
                </Group>
              </Grid.Col>
            </Grid>
          </Paper>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/">
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create Vault
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}

export { NewVaultPage as Component };
