import { Alert, Badge, Button, Card, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { APP_STATUS_REFRESH_MS, type CheckState } from '@vault/contract';
import { PageHeader } from '../../components/PageHeader';
import { errorMessages } from '../../lib/api';
import { formatCount } from '../../lib/count';
import { formatDateTime } from '../../lib/dates';
import { useSponsor } from '../../lib/session';
import { useServiceStatus } from './api';

export const STATE_COLOR: Record<CheckState, string> = { ok: 'teal', warning: 'yellow', error: 'red', info: 'blue' };
const STATE_LABEL: Record<CheckState, string> = { ok: 'OK', warning: 'Warning', error: 'Error', info: 'Info' };
const STATE_ICON: Record<CheckState, typeof IconCircleCheck> = {
  ok: IconCircleCheck,
  warning: IconAlertTriangle,
  error: IconCircleX,
  info: IconInfoCircle,
};

const ms = (n: number) => (n < 1 ? '< 1 ms' : `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`);

export function ServiceStatusPage() {
  const { sponsorId, sponsorCode } = useSponsor();
  const query = useServiceStatus(sponsorId);
  const status = sponsorId > 0 ? query.data : undefined;

  return (
    <Stack gap={0}>
      <PageHeader
        title="App Status"
        description={
          sponsorId > 0
            ? `Live checks of the service and of ${sponsorCode}. Refreshes every ${APP_STATUS_REFRESH_MS / 1000} seconds.`
            : 'Choose a portal to see the service status.'
        }
        actions={
          <Button
            leftSection={<IconRefresh size={16} />}
            variant="light"
            onClick={() => query.refetch()}
            loading={query.isFetching}
            disabled={sponsorId === 0}
          >
            Refresh
          </Button>
        }
      />
      {sponsorId === 0 && <Alert color="blue">Choose a portal in the header to run the checks.</Alert>}
      {query.isError && sponsorId > 0 && (
        <Alert color="red" title="The status could not be read" mb="md" role="alert">
          {errorMessages(query.error).join(' ')}
        </Alert>
      )}
      {sponsorId > 0 && query.isPending && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">Running the checks…</Text>
        </Group>
      )}
      {status && (
        <Stack gap="md">
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" wrap="wrap">
              <Group gap="sm">
                <ThemeIcon color={STATE_COLOR[status.data.overall]} variant="light" size="lg" radius="xl">
                  {(() => {
                    const Icon = STATE_ICON[status.data.overall];
                    return <Icon size={20} />;
                  })()}
                </ThemeIcon>
                <div>
                  <Text fw={600} data-testid="status-message">
                    {status.message}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Checked {formatDateTime(status.data.checkedAt)} · version {status.data.version}
                  </Text>
                </div>
              </Group>
              <Badge color={STATE_COLOR[status.data.overall]} variant="filled" size="lg">
                {STATE_LABEL[status.data.overall]}
              </Badge>
            </Group>
          </Paper>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-label="Checks">
            {status.data.checks.map((c) => {
              const Icon = STATE_ICON[c.state];
              return (
                <Card
                  key={c.key}
                  withBorder
                  radius="md"
                  padding="md"
                  data-check={c.key}
                  style={{ borderLeft: `4px solid var(--mantine-color-${STATE_COLOR[c.state]}-6)` }}
                >
                  <Group justify="space-between" mb={6} wrap="nowrap">
                    <Group gap={8} wrap="nowrap">
                      <Icon size={18} color={`var(--mantine-color-${STATE_COLOR[c.state]}-6)`} />
                      <Text fw={600}>{c.label}</Text>
                    </Group>
                    <Badge
                      color={STATE_COLOR[c.state]}
                      variant="light"
                      style={{ flexShrink: 0 }}
                      styles={{ label: { overflow: 'visible' } }}
                    >
                      {STATE_LABEL[c.state]}
                    </Badge>
                  </Group>
                  <Text size="sm">{c.detail}</Text>
                  <Text size="xs" c="dimmed" mt={6}>
                    Took {ms(c.latencyMs)}
                  </Text>
                </Card>
              );
            })}
          </SimpleGrid>
          <Paper withBorder radius="md" p="md">
            <Text fw={600} mb="xs">
              {status.data.sponsor.sponsorCode}: vaults by status
            </Text>
            <Table withTableBorder={false} fz="sm" maw={420}>
              <Table.Tbody>
                {status.data.sponsor.vaultsByStatus.map((v) => (
                  <Table.Tr key={v.statusId}>
                    <Table.Td>{v.name}</Table.Td>
                    <Table.Td ta="right">{formatCount(v.count)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Th>All vaults</Table.Th>
                  <Table.Th ta="right">{formatCount(status.data.sponsor.vaultsTotal)}</Table.Th>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>Pending invitations</Table.Td>
                  <Table.Td ta="right">{formatCount(status.data.sponsor.pendingInvitations)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Paper>
        </Stack>
      )}
    </Stack>
  );
}

export { ServiceStatusPage as Component };
