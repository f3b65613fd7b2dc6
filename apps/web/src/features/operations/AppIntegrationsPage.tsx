import { Alert, Badge, Button, Card, Code, Group, Loader, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey, IconPlugConnected, IconSettings, IconWebhook } from '@tabler/icons-react';
import {
  type ApiKeyIssued,
  type AppIntegration,
  type ConfigField,
  INTEGRATION_CONFIG_FIELDS,
  type IntegrationConfig,
  validateIntegrationConfig,
} from '@vault/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '../../components/confirm-context';
import { FormButtons, FormModal } from '../../components/dialog-parts';
import { ListLoadError } from '../../components/list/ListLoadError';
import { PageHeader } from '../../components/PageHeader';
import { SecretOnceDialog } from '../../components/SecretOnceDialog';
import { ApiError, errorMessages } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useRights } from '../../lib/rights';
import { useSponsor } from '../../lib/session';
import { useIntegrationMutations, useIntegrations } from './api';

export function AppIntegrationsPage() {
  const { sponsorId, sponsorCode } = useSponsor();
  const query = useIntegrations(sponsorId);
  const m = useIntegrationMutations(sponsorId);
  const { confirm, alert } = useConfirm();
  const rights = useRights();
  const [editing, setEditing] = useState<AppIntegration | null>(null);
  const [issued, setIssued] = useState<{ name: string; result: ApiKeyIssued } | null>(null);

  const rotate = async (app: AppIntegration) => {
    const ok = await alert({
      title: 'Rotate API Key',
      message: `Issue a new API key for ${app.name}? The current key stops working at once.`,
      withOk: true,
      closeLabel: 'Cancel',
      okLabel: 'Yes',
    });
    if (!ok) return;
    try {
      const result = await m.rotate.mutateAsync(app.sponsorIntegration!.id);
      setIssued({ name: app.name, result });
    } catch (err) {
      await alert({ message: errorMessages(err) });
    }
  };

  const disable = (app: AppIntegration) =>
    void confirm({
      title: 'Disable Integration',
      message: `Disable ${app.name} for ${sponsorCode}? Its API key stops working and its authorizations are revoked.`,
      command: () => m.disable(app.sponsorIntegration!.id),
      onDone: () => void m.invalidate(),
    });

  return (
    <Stack gap={0}>
      <PageHeader
        title="App Integrations"
        description="Connect this portal to the apps it uses. Each enabled app gets its own API key, shown once."
        actions={
          rights.has('hasManageIntegrationsAccess') && (
            <Button variant="light" leftSection={<IconWebhook size={16} />} component={Link} to="/app-integrations/webhooks">
              Webhooks
            </Button>
          )
        }
      />
      {sponsorId === 0 && <Alert color="blue">Choose a portal in the header.</Alert>}
      <ListLoadError query={query} what="integrations" />
      {query.isPending && sponsorId > 0 && <Loader size="sm" />}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
        {(sponsorId > 0 ? (query.data?.data ?? []) : []).map((app) => {
          const si = app.sponsorIntegration;
          const state = !si ? 'Not connected' : si.enabled ? 'Enabled' : 'Disabled';
          return (
            <Card key={app.id} withBorder radius="md" padding="lg" data-integration={app.code} aria-label={app.name}>
              <Group justify="space-between" mb="xs" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  <IconPlugConnected size={20} color="var(--mantine-color-blue-6)" />
                  <Text fw={650}>{app.name}</Text>
                </Group>
                <Badge color={si?.enabled ? 'teal' : si ? 'gray' : 'blue'} variant={si?.enabled ? 'filled' : 'light'}>
                  {state}
                </Badge>
              </Group>
              <Badge size="xs" variant="outline" color="gray" mb="sm">
                {app.category}
              </Badge>
              <Text size="sm" c="dimmed" mb="md">
                {app.description}
              </Text>
              {si && (
                <Stack gap={2} mb="md">
                  <Text size="xs">
                    Key: <Code>{si.apiKeyPrefix}…</Code>
                    {si.keyRotatedAt ? ` · rotated ${formatDateTime(si.keyRotatedAt)}` : ` · created ${formatDateTime(si.createdAt)}`}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {si.activeAuthorizations} active authorization{si.activeAuthorizations === 1 ? '' : 's'}
                  </Text>
                </Stack>
              )}
              <Group gap="xs" mt="auto">
                {!si?.enabled ? (
                  <Button size="xs" onClick={() => setEditing(app)}>
                    Enable
                  </Button>
                ) : (
                  <>
                    <Button size="xs" variant="light" leftSection={<IconSettings size={14} />} onClick={() => setEditing(app)}>
                      Configure
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconKey size={14} />}
                      onClick={() => rotate(app)}
                      loading={m.rotate.isPending && m.rotate.variables === si.id}
                    >
                      Rotate key
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => disable(app)}>
                      Disable
                    </Button>
                  </>
                )}
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
      {editing && (
        <ConfigDialog
          app={editing}
          onClose={() => setEditing(null)}
          onSave={async (config) => {
            const si = editing.sponsorIntegration;
            if (si?.enabled) {
              await m.configure.mutateAsync({ id: si.id, config });
            } else {
              const result = await m.enable.mutateAsync({ integrationId: editing.id, config });
              setIssued({ name: editing.name, result });
            }
            setEditing(null);
          }}
        />
      )}
      <KeyDialog issued={issued} onClose={() => setIssued(null)} />
    </Stack>
  );
}

/** The configuration a form sends: the settings filled in. */
const configOf = (values: Record<string, string | string[]>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => (Array.isArray(v) ? v.length > 0 : v.trim() !== ''))) as IntegrationConfig;
/** Problems named `config.<setting>` on the setting's field. */
const configErrors = (problems: readonly { field: string; message: string }[]) => {
  const errors: Record<string, string> = {};
  for (const p of problems) errors[p.field.replace(/^config\./, '')] ??= p.message;
  return errors;
};

function ConfigDialog({
  app,
  onClose,
  onSave,
}: {
  app: AppIntegration;
  onClose: () => void;
  onSave: (config: IntegrationConfig) => Promise<void>;
}) {
  const fields: ConfigField[] = (app.configKind && INTEGRATION_CONFIG_FIELDS[app.configKind]) || [];
  const current = (app.sponsorIntegration?.config ?? {}) as Record<string, unknown>;
  const form = useForm<Record<string, string | string[]>>({
    initialValues: Object.fromEntries(
      fields.map((f) => [
        f.key,
        f.kind === 'list' ? (Array.isArray(current[f.key]) ? (current[f.key] as string[]) : []) : String(current[f.key] ?? ''),
      ]),
    ),
    // The server's own check of a configuration of this kind.
    validate: (v) => configErrors(validateIntegrationConfig(app.configKind, configOf(v))),
  });
  const [failure, setFailure] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const enabling = !app.sponsorIntegration?.enabled;

  const submit = async (v: typeof form.values) => {
    setSaving(true);
    setFailure(null);
    try {
      await onSave(configOf(v));
    } catch (err) {
      if (err instanceof ApiError && err.body.details?.length) form.setErrors(configErrors(err.body.details));
      setFailure(errorMessages(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal opened onClose={onClose} title={enabling ? `Enable ${app.name}` : `Configure ${app.name}`}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          {fields.length === 0 && <Text size="sm">{app.name} needs no settings.</Text>}
          {fields.map((f) =>
            f.kind === 'select' ? (
              <Select
                key={f.key}
                label={f.label}
                required={f.required}
                data={f.options ?? []}
                value={(form.values[f.key] as string) || null}
                onChange={(v) => form.setFieldValue(f.key, v ?? '')}
                error={form.errors[f.key]}
              />
            ) : f.kind === 'list' ? (
              <MultiSelect key={f.key} label={f.label} required={f.required} data={f.options ?? []} {...form.getInputProps(f.key)} />
            ) : (
              <TextInput
                key={f.key}
                label={f.label}
                required={f.required}
                placeholder={f.kind === 'url' ? 'https://' : undefined}
                {...form.getInputProps(f.key)}
              />
            ),
          )}
          {failure && (
            <Alert color="red" role="alert">
              {failure.join(' ')}
            </Alert>
          )}
          {enabling && (
            <Text size="xs" c="dimmed">
              Enabling creates an API key for this app. It is shown once, right after saving.
            </Text>
          )}
          <FormButtons busy={saving} onCancel={onClose} submitLabel={enabling ? 'Enable' : 'Save'} mt="sm" />
        </Stack>
      </form>
    </FormModal>
  );
}

/** The key, shown once: it is not stored in the browser and the server keeps only its hash. */
function KeyDialog({ issued, onClose }: { issued: { name: string; result: ApiKeyIssued } | null; onClose: () => void }) {
  return (
    <SecretOnceDialog
      title="API Key"
      testId="api-key"
      rotateHint="rotate the key"
      issued={issued && { name: issued.name, message: issued.result.message, secret: issued.result.apiKey }}
      onClose={onClose}
    />
  );
}

export { AppIntegrationsPage as Component };
