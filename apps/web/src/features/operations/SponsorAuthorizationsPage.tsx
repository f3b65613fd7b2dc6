import '@mantine/dates/styles.css';
import { Alert, Badge, Button, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconPlus, IconShieldOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  grantAuthorizationBody,
  INTEGRATION_SCOPES,
  type IntegrationScope,
  SCOPE_LABELS,
  type SponsorAuthorization,
} from '@vault/contract';
import { useState } from 'react';
import { useConfirm } from '../../components/confirm-context';
import { ACCESSIBLE_CALENDAR } from '../../components/DateRangeFilter';
import { FormButtons, FormModal } from '../../components/dialog-parts';
import { ListTable } from '../../components/list/ListTable';
import { ListViews } from '../../components/list/ListViews';
import { PageHeader } from '../../components/PageHeader';
import { errorMessages } from '../../lib/api';
import { formatDateTime, PICKER_DATE_TIME_FORMAT } from '../../lib/dates';
import { useListState } from '../../lib/list-state';
import { useSponsor } from '../../lib/session';
import { revokeAuthorization, useAuthorizations, useGrant, useIntegrations } from './api';

const STATE_COLOR = { active: 'teal', expired: 'orange', revoked: 'gray', disabled: 'gray' } as const;
const STATE_LABEL = { active: 'Active', expired: 'Expired', revoked: 'Revoked', disabled: 'App disabled' } as const;
const COLUMNS = ['integration', 'scopes', 'state', 'expires', 'lastUsed', 'created'] as const;

const scopeLabel = (s: string) => SCOPE_LABELS[s as IntegrationScope] ?? s;

export function SponsorAuthorizationsPage() {
  const { sponsorId, sponsorCode } = useSponsor();
  const list = useListState({ key: 'authorizations', columns: COLUMNS });
  const query = useAuthorizations(sponsorId, list.offset, list.limit);
  const qc = useQueryClient();
  const { confirm } = useConfirm();
  const [granting, setGranting] = useState(false);

  const revoke = (a: SponsorAuthorization) =>
    void confirm({
      title: 'Revoke Authorization',
      message: `Revoke ${a.integrationName}'s access to ${sponsorCode} (${a.scopes.map(scopeLabel).join(', ')})? Calls with its key that need these scopes are refused from now on.`,
      command: () => revokeAuthorization(sponsorId, a.id),
      onDone: () => void qc.invalidateQueries({ queryKey: ['operations', sponsorId] }),
    });
  return (
    <Stack gap={0}>
      <PageHeader
        title="Sponsor Authorizations"
        description="Which enabled apps may reach this portal's data, with which scopes and until when."
        actions={
          <>
            <ListViews views={list.views} />
            <Button leftSection={<IconPlus size={16} />} onClick={() => setGranting(true)} disabled={sponsorId === 0}>
              Grant access
            </Button>
          </>
        }
      />
      <ListTable<SponsorAuthorization>
        label="Sponsor authorizations"
        what="authorizations"
        list={list}
        query={query}
        minHeight={240}
        portalChosen={sponsorId > 0}
        empty={{ none: 'No app has been granted access yet.', noPortal: 'Choose a portal to see its authorizations.' }}
        columns={[
          {
            accessor: 'integrationName',
            title: 'Integration',
            render: (a) => (
              <Text size="sm" fw={500}>
                {a.integrationName}
              </Text>
            ),
          },
          {
            accessor: 'scopes',
            title: 'Scopes',
            render: (a) => (
              <Group gap={4}>
                {a.scopes.map((s) => (
                  <Badge key={s} size="sm" variant="light" color="indigo">
                    {scopeLabel(s)}
                  </Badge>
                ))}
              </Group>
            ),
          },
          {
            accessor: 'state',
            title: 'State',
            noWrap: true,
            width: 130,
            render: (a) => (
              <Badge size="sm" variant="dot" color={STATE_COLOR[a.state]} styles={{ label: { overflow: 'visible' } }}>
                {STATE_LABEL[a.state]}
              </Badge>
            ),
          },
          { accessor: 'expiresAt', title: 'Expires', noWrap: true, render: (a) => (a.expiresAt ? formatDateTime(a.expiresAt) : 'Never') },
          {
            accessor: 'lastUsedAt',
            title: 'Last used',
            noWrap: true,
            render: (a) => (a.lastUsedAt ? formatDateTime(a.lastUsedAt) : 'Never'),
          },
          {
            accessor: 'createdAt',
            title: 'Granted',
            render: (a) => `${formatDateTime(a.createdAt)}${a.createdBy ? ` by ${a.createdBy}` : ''}`,
          },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (a) =>
              a.revokedAt ? null : (
                <Button size="xs" variant="subtle" color="red" leftSection={<IconShieldOff size={14} />} onClick={() => revoke(a)}>
                  Revoke
                </Button>
              ),
          },
        ]}
      />
      {granting && <GrantDialog sponsorId={sponsorId} onClose={() => setGranting(false)} />}
    </Stack>
  );
}

const expiryOf = (picked: string | null) => (picked ? new Date(picked.replace(' ', 'T')) : null);
/** The request a grant's form sends. */
const grantRequest = (v: { integration: string | null; scopes: string[]; expires: string | null }) => ({
  sponsorIntegrationId: Number(v.integration),
  scopes: v.scopes as IntegrationScope[],
  expiresAt: expiryOf(v.expires)?.toISOString() ?? null,
});
const GRANT_FIELDS: Record<string, string> = { sponsorIntegrationId: 'integration', scopes: 'scopes', expiresAt: 'expires' };

function GrantDialog({ sponsorId, onClose }: { sponsorId: number; onClose: () => void }) {
  const integrations = useIntegrations(sponsorId);
  const grant = useGrant(sponsorId);
  const enabled = (integrations.data?.data ?? []).filter((a) => a.sponsorIntegration?.enabled);
  const form = useForm({
    initialValues: { integration: null as string | null, scopes: [] as string[], expires: null as string | null },
    // The grant's own schema, plus the two things a person can pick wrong before it is sent.
    validate: (v) => {
      const errors: Record<string, string> = {};
      if (!v.integration) errors.integration = 'Choose an integration';
      const expiresAt = expiryOf(v.expires);
      if (expiresAt && expiresAt.getTime() <= Date.now()) errors.expires = 'The expiry must be in the future';
      const parsed = grantAuthorizationBody.safeParse(grantRequest(v));
      if (!parsed.success) for (const i of parsed.error.issues) errors[GRANT_FIELDS[String(i.path[0])] ?? 'form'] ??= i.message;
      return errors;
    },
  });
  const [failure, setFailure] = useState<string[] | null>(null);

  const submit = async (v: typeof form.values) => {
    setFailure(null);
    try {
      await grant.mutateAsync(grantRequest(v));
      onClose();
    } catch (err) {
      setFailure(errorMessages(err));
    }
  };

  return (
    <FormModal opened onClose={onClose} title="Grant Access">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          {integrations.isSuccess && enabled.length === 0 && (
            <Alert color="yellow">No integration is enabled for this portal. Enable one under App Integrations first.</Alert>
          )}
          <Select
            label="Integration"
            required
            data={enabled.map((a) => ({ value: String(a.sponsorIntegration!.id), label: a.name }))}
            {...form.getInputProps('integration')}
          />
          <MultiSelect
            label="Scopes"
            required
            data={INTEGRATION_SCOPES.map((s) => ({ value: s, label: SCOPE_LABELS[s] }))}
            {...form.getInputProps('scopes')}
          />
          <DateTimePicker
            label="Expires"
            description="Leave empty for no expiry"
            placeholder="No expiry"
            clearable
            minDate={new Date()}
            {...form.getInputProps('expires')}
            valueFormat={PICKER_DATE_TIME_FORMAT}
            {...ACCESSIBLE_CALENDAR}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure.join(' ')}
            </Alert>
          )}
          <FormButtons busy={grant.isPending} onCancel={onClose} submitLabel="Grant" mt="sm" />
        </Stack>
      </form>
    </FormModal>
  );
}

export { SponsorAuthorizationsPage as Component };
