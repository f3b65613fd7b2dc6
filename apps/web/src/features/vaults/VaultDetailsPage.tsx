import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Progress,
  ScrollArea,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { IconArchive, IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { LICENSE_LABELS, TAG_LABELS } from '@vault/contract';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailField } from '../../components/DetailField';
import { StatusBadge } from '../../components/list/StatusBadge';
import { PageHeader } from '../../components/PageHeader';
import { PersonMessagesCard } from '../../components/PersonMessagesCard';
import { SectionCard } from '../../components/SectionCard';
import { errorMessage } from '../../lib/api';
import { formatCount } from '../../lib/count';
import { formatDateTime } from '../../lib/dates';
import { localeLabel } from '../../lib/locales';
import { fullName } from '../../lib/person-name';
import { useRights } from '../../lib/rights';
import { useSponsor } from '../../lib/session';
import { usePortalUser, useSetTestAccount, useVaultDetails } from './api';
import { formatBytes } from './format-bytes';
import { actionsFor } from './holder-status-actions';
import { accountActions, useHolderActions } from './useHolderActions';

const ACTION_LABELS: Record<string, string> = {
  'vault_holder.create': 'Vault created',
  'vault_holder.activate': 'Activated',
  'vault_holder.deactivate': 'Deactivated',
  'vault_holder.password_reset': 'Password reset link sent',
  'vault_holder.activation_email': 'Activation e-mail sent',
  'vault_holder.reset_mfa': 'MFA reset',
  'vault_holder.archive': 'Vault archived',
  'vault_holder.test_account': 'Test account changed',
};

/** Vault details (/vaultdetails/{vaultId}): profile, package, status, advisors, storage, dates, MFA and history, with the row actions. */
export function VaultDetailsPage() {
  const { id } = useParams();
  const vaultId = Number(id);
  const { sponsorId } = useSponsor();
  const navigate = useNavigate();
  const details = useVaultDetails(sponsorId, Number.isInteger(vaultId) ? vaultId : 0);
  const d = details.data;
  const user = usePortalUser(sponsorId, d?.id ?? 0);
  const setTest = useSetTestAccount(sponsorId);
  const rights = useRights();
  const actions = useHolderActions(sponsorId, (a) => {
    if (a === 'delete') navigate('/');
  });

  if (!Number.isInteger(vaultId) || vaultId <= 0) return <Alert color="red">This vault address is not valid.</Alert>;
  if (sponsorId === 0) {
    return (
      <Alert color="yellow" variant="light" title="Portal code is missing">
        Please choose a Portal.
      </Alert>
    );
  }
  if (details.isLoading) return <Loader m="xl" />;
  if (details.isError || !d) {
    return (
      <>
        <PageHeader title="Vault Details" />
        <Alert color="red" variant="light" role="alert" title="The vault cannot be shown">
          {errorMessage(details.error)}{' '}
          <Anchor component={Link} to="/">
            Back to the vault list
          </Anchor>
        </Alert>
      </>
    );
  }

  const allowed = actionsFor(d.statusId);
  const quota = d.package?.storageQuotaBytes ?? 0;
  const usedPct = quota > 0 ? Math.min(100, (d.storageUsedBytes / quota) * 100) : 0;
  const holder = { id: d.id, vaultId: d.vaultId, firstName: d.firstName, lastName: d.lastName, email: d.email };

  return (
    <>
      <Anchor component={Link} to="/" size="sm" mb="xs" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} /> Vaults
      </Anchor>
      <PageHeader
        title={
          <Group gap="sm">
            {[d.firstName, d.middleName, d.lastName].filter(Boolean).join(' ')}
            <StatusBadge statusId={d.statusId} status={d.status} />
            {d.testAccount && (
              <Badge variant="light" color="grape">
                Test account
              </Badge>
            )}
          </Group>
        }
        description={`${d.email} · vault ${d.vaultId} · holder ${d.id} · ${d.sponsor.sponsorCode}`}
      />
      {/* Deleting cannot be undone: set apart from the rest at the row's end (on a line of its own when they wrap). */}
      <Group gap="xs" mb="lg" justify="space-between">
        <Group gap="xs">
          {accountActions({ ...holder, statusId: d.statusId }, actions, rights.canResetMfa).map(({ label, Icon, enabled, onClick }) => (
            <Button key={label} size="xs" variant="default" leftSection={<Icon size={14} />} disabled={!enabled} onClick={onClick}>
              {label}
            </Button>
          ))}
          <Button
            size="xs"
            variant="light"
            color="orange"
            leftSection={<IconArchive size={14} />}
            disabled={!allowed.archive || !rights.canArchive}
            onClick={() => actions.startArchive(holder)}
          >
            Archive vault
          </Button>
        </Group>
        <Button
          size="xs"
          variant="outline"
          // red.9: the theme's red (shade 8) reaches only 4.3:1 on the page's grey at this size.
          color="red.9"
          leftSection={<IconTrash size={14} />}
          disabled={!rights.canArchive}
          onClick={() => actions.run('delete', holder)}
        >
          Delete holder and vault
        </Button>
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <SectionCard title="Profile">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <DetailField label="Email">{d.email}</DetailField>
                <DetailField label="Organization">{d.organizationName}</DetailField>
                <DetailField label="Language">{localeLabel(d.localize)}</DetailField>
                <DetailField label="Tag">{TAG_LABELS[d.tag as keyof typeof TAG_LABELS] ?? d.tag}</DetailField>
                <DetailField label="Entity type">{d.entityType}</DetailField>
                <DetailField label="Group">{d.group?.name}</DetailField>
                <DetailField label="Template">{d.template?.name}</DetailField>
                <DetailField label="MFA">{d.mfaEnabled ? 'Enrolled' : 'Not enrolled'}</DetailField>
              </SimpleGrid>
              <Switch
                mt="lg"
                label="Test account"
                description="Test accounts are left out of billing and reports."
                checked={user.data?.testAccount ?? d.testAccount}
                disabled={!user.data || setTest.isPending}
                onChange={(e) => user.data && setTest.mutate({ user: user.data, testAccount: e.currentTarget.checked })}
              />
              {setTest.isError && (
                <Text c="red" size="sm" mt="xs" role="alert">
                  {errorMessage(setTest.error)}
                </Text>
              )}
            </SectionCard>
            <SectionCard title="Trusted advisors">
              {d.advisors.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No advisor is assigned to this vault.
                </Text>
              ) : (
                <Stack gap={6}>
                  {d.advisors.map((a) => (
                    <Text size="sm" key={a.userId}>
                      {fullName(a)}{' '}
                      <Text span c="dimmed" size="sm">
                        {a.email}
                      </Text>
                    </Text>
                  ))}
                </Stack>
              )}
            </SectionCard>
            <SectionCard title="History">
              {d.history.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Nothing recorded yet.
                </Text>
              ) : (
                <ScrollArea.Autosize mah={360} type="auto">
                  <Table striped fz="sm" verticalSpacing={6} aria-label="History">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>When</Table.Th>
                        <Table.Th>What</Table.Th>
                        <Table.Th>Who</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {d.history.map((h) => (
                        <Table.Tr key={h.id}>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(h.occurredAt)}</Table.Td>
                          <Table.Td>
                            {ACTION_LABELS[h.action] ?? h.action}
                            {h.action === 'vault_holder.archive' && typeof h.logJson.reason === 'string' && (
                              <Text size="xs" c="dimmed">
                                {h.logJson.reason}
                              </Text>
                            )}
                            {h.outcome !== 'success' && (
                              <Badge size="xs" color="red" ml={6}>
                                {h.outcome}
                              </Badge>
                            )}
                          </Table.Td>
                          <Table.Td>{h.actorEmail ?? '—'}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
              )}
            </SectionCard>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <SectionCard title="Package and storage">
              <SimpleGrid cols={2} spacing="md">
                <DetailField label="Package">{d.package?.name}</DetailField>
                <DetailField label="License">{LICENSE_LABELS[d.license as keyof typeof LICENSE_LABELS] ?? d.license}</DetailField>
                <DetailField label="Documents">{formatCount(d.documentCount)}</DetailField>
                <DetailField label="Storage used">
                  {formatBytes(d.storageUsedBytes)}
                  {quota > 0 ? ` of ${formatBytes(quota)}` : ''}
                </DetailField>
              </SimpleGrid>
              {quota > 0 && <Progress mt="md" value={usedPct} color={usedPct > 90 ? 'red' : 'blue'} aria-label="Storage used" />}
            </SectionCard>
            <SectionCard title="Dates">
              <SimpleGrid cols={2} spacing="md">
                <DetailField label="Created">{formatDateTime(d.createdAt)}</DetailField>
                <DetailField label="Activated">{formatDateTime(d.activatedAt)}</DetailField>
                <DetailField label="Last sign-in">{d.lastLoginAt ? formatDateTime(d.lastLoginAt) : 'Never'}</DetailField>
                <DetailField label="Archived">{formatDateTime(d.archivedAt)}</DetailField>
              </SimpleGrid>
              {d.archivedAt && (
                <Alert mt="md" color="orange" variant="light" title={`Archived by ${d.archivedBy ?? 'unknown'}`}>
                  {d.archiveReason}
                </Alert>
              )}
            </SectionCard>
            <PersonMessagesCard email={d.email} />
          </Stack>
        </Grid.Col>
      </Grid>
      {actions.dialogs}
    </>
  );
}

export { VaultDetailsPage as Component };
