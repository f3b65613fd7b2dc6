import '@mantine/dates/styles.css';
import { Alert, Badge, Button, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconPlus, IconShieldOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { INTEGRATION_SCOPES, type IntegrationScope, SCOPE_LABELS, type SponsorAuthorization } from '@vault/contract';
import { type FormEvent, useState } from 'react';
import { useConfirm } from '../../components/confirm-context';
import { ListTable } from '../../components/list/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { errorMessages } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
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

  const rows = sponsorId > 0 ? (query.data?.data ?? []) : [];
  return (
    <Stack gap={0}>
      <PageHeader
        title="Sponsor Authorizations"
        description="Which enabled apps may reach this portal's data, with which scopes and until when."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setGranting(true)} disabled={sponsorId === 0}>
            Grant access
          </Button>
        }
      />
      <ListTable<SponsorAuthorization>
        label="Sponsor authorizations"
        what="authorizations"
        list={list}
        query={query}
        records={rows}
        total={sponsorId > 0 ? (query.data?.total ?? 0) : 0}
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

function GrantDialog({ sponsorId, onClose }: { sponsorId: number; onClose: () => void }) {
  const integrations = useIntegrations(sponsorId);
  const grant = useGrant(sponsorId);
  const enabled = (integrations.data?.data ?? []).filter((a) => a.sponsorIntegration?.enabled);
  const [integration, setIntegration] = useState<string | null>(null);
  const [scopes, setScopes] = useState<string[]>([]);
  const [expires, setExpires] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string[] | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!integration) errs.integration = 'Choose an integration';
    if (scopes.length === 0) errs.scopes = 'Choose at least one scope';
    const expiresAt = expires ? new Date(expires.replace(' ', 'T')) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) errs.expires = 'The expiry must be in the future';
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setFailure(null);
    try {
      await grant.mutateAsync({
        sponsorIntegrationId: Number(integration),
        scopes: scopes as IntegrationScope[],
        expiresAt: expiresAt?.toISOString() ?? null,
      });
      onClose();
    } catch (err) {
      setFailure(errorMessages(err));
    }
  };

  return (
    <Modal opened onClose={onClose} title="Grant Access" closeOnClickOutside={false}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          {integrations.isSuccess && enabled.length === 0 && (
            <Alert color="yellow">No integration is enabled for this portal. Enable one under App Integrations first.</Alert>
          )}
          <Select
            label="Integration"
            required
            data={enabled.map((a) => ({ value: String(a.sponsorIntegration!.id), label: a.name }))}
            value={integration}
            onChange={setIntegration}
            error={errors.integration}
          />
          <MultiSelect
            label="Scopes"
            required
            data={INTEGRATION_SCOPES.map((s) => ({ value: s, label: SCOPE_LABELS[s] }))}
            value={scopes}
            onChange={setScopes}
            error={errors.scopes}
          />
          <DateTimePicker
            label="Expires"
            description="Leave empty for no expiry"
            placeholder="No expiry"
            clearable
            minDate={new Date()}
            value={expires}
            onChange={(v) => setExpires(v as string | null)}
            valueFormat="MM/DD/YYYY hh:mm A"
            error={errors.expires}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure.join(' ')}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={grant.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={grant.isPending}>
              Grant
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export { SponsorAuthorizationsPage as Component };
