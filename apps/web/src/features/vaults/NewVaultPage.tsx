import { Alert, Anchor, Button, Checkbox, Grid, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { buildVaultPayload, DEFAULT_VAULT_TAG, TAG_LABELS, VAULT_TAGS, type VaultCreated, vaultCreateBody } from '@vault/contract';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { SectionCard } from '../../components/SectionCard';
import { ApiError, errorMessage } from '../../lib/api';
import { contractRules, serverFieldErrors } from '../../lib/form';
import { localeOptions } from '../../lib/locales';
import { formatMoney } from '../../lib/money';
import { setSponsor, useSponsor } from '../../lib/session';
import { useMySponsors } from '../../lib/sponsors';
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

const payloadOf = (f: FormState) => buildVaultPayload({ ...f, packageId: f.packageId ?? '' });
/** The server's own check of the payload the form would send (fields left out with advisors are not checked). */
const checkPayload = contractRules(vaultCreateBody);

/** New Vault (specification sections 2 and 3): the vault creation form and its payload rules. */
export function NewVaultPage() {
  const { sponsorId, sponsorCode } = useSponsor();
  const form = useForm<FormState>({ initialValues: EMPTY, validate: (values) => checkPayload(payloadOf(values)) });
  const [created, setCreated] = useState<VaultCreated | null>(null);
  const sponsors = useMySponsors();
  const packages = usePackageOptions(sponsorId);
  const basePackages = useBasePackages(sponsorId);
  const advisors = useTrustedAdvisors(sponsorId, sponsorCode);
  const groups = useGroups(sponsorId, sponsorCode);
  const templates = useTemplates(sponsorId, sponsorCode);
  const create = useCreateVault(sponsorId);

  // Another portal: its packages, advisors, groups and templates; the choices of the last one no longer apply.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the portal changes
  useEffect(() => {
    form.setValues({ packageId: null, group: null, sponsoredAdvisorUserId: [], templateId: null });
    form.clearErrors();
    setCreated(null);
    create.reset();
  }, [sponsorId]);

  const values = form.values;
  const withAdvisors = values.sponsoredAdvisorUserId.length > 0;
  const chosenPackage = useMemo(
    () => basePackages.data?.data.find((p) => String(p.id) === values.packageId) ?? null,
    [basePackages.data, values.packageId],
  );

  // The vault's sponsor is the portal the user works in: choosing it here chooses it in the header too,
  // so the new vault's links and lists open in the same portal.
  const chooseSponsor = (value: string | null) => {
    const chosen = sponsors.data?.find((s) => String(s.id) === value);
    if (chosen && chosen.id !== sponsorId) setSponsor({ sponsorId: chosen.id, sponsorCode: chosen.sponsorCode });
  };

  const submit = (f: FormState) => {
    create.mutate(payloadOf(f), {
      onSuccess: (r) => {
        setCreated(r);
        form.setValues({ ...EMPTY, packageId: f.packageId });
        form.clearErrors();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 409) form.setErrors({ email: err.body.message });
        else {
          const onFields = serverFieldErrors(err, Object.keys(EMPTY));
          if (onFields) form.setErrors(onFields);
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
          closeButtonLabel="Close message"
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
      <form onSubmit={form.onSubmit(submit)} noValidate aria-label="New Vault">
        <Stack gap="md">
          <SectionCard title="Vault holder" titleGap="sm">
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput label="Email" required {...form.getInputProps('email')} autoComplete="off" />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Select label="Language" data={localeOptions} {...form.getInputProps('localize')} allowDeselect={false} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <TextInput label="First name" required {...form.getInputProps('firstName')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <TextInput label="Middle name" {...form.getInputProps('middleName')} disabled={withAdvisors} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <TextInput label="Last name" required {...form.getInputProps('lastName')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput label="Organization name" {...form.getInputProps('organizationName')} disabled={withAdvisors} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 3 }}>
                <Select
                  label="Tag"
                  data={VAULT_TAGS.map((t) => ({ value: t, label: TAG_LABELS[t] }))}
                  {...form.getInputProps('tag')}
                  allowDeselect={false}
                  disabled={withAdvisors}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 3 }}>
                <TextInput label="Entity type" {...form.getInputProps('entityType')} disabled={withAdvisors} />
              </Grid.Col>
            </Grid>
          </SectionCard>

          <SectionCard title="Vault" titleGap="sm">
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Select
                  label="Sponsor"
                  required
                  data={(sponsors.data ?? []).map((sp) => ({
                    value: String(sp.id),
                    label: sp.name && sp.name !== sp.sponsorCode ? `${sp.sponsorCode} · ${sp.name}` : sp.sponsorCode,
                  }))}
                  value={String(sponsorId)}
                  onChange={chooseSponsor}
                  allowDeselect={false}
                  searchable
                  description="Also the portal chosen in the header."
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Select
                  label="Package"
                  required
                  placeholder={packages.isLoading ? 'Loading…' : 'Choose a package'}
                  data={(packages.data?.data ?? []).map((p) => ({
                    value: String(p.id),
                    label: `${p.name} (${formatMoney(p.priceSale, p.currency)}, ${p.billingPeriod.replace('_', ' ')})`,
                  }))}
                  {...form.getInputProps('packageId')}
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
                  {...form.getInputProps('sponsoredAdvisorUserId')}
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
                  {...form.getInputProps('group')}
                  clearable
                  disabled={withAdvisors}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Select
                  label="Template"
                  placeholder="No template"
                  data={(templates.data?.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
                  {...form.getInputProps('templateId')}
                  clearable
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <Group gap="xl">
                  <Checkbox label="Send activation email" {...form.getInputProps('sendActivationEmail', { type: 'checkbox' })} />
                  <Checkbox label="Test account" {...form.getInputProps('testAccount', { type: 'checkbox' })} />
                </Group>
              </Grid.Col>
            </Grid>
          </SectionCard>
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
