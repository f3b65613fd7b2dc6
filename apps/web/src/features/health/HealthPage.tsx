import { Badge, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';

interface Health {
  status: string;
  database?: string;
  latencyMs?: number;
}

/** One line of the health table: what was checked, its state and what that means, in words. */
function CheckRow({ label, ok, detail }: { label: string; ok: boolean; detail: string }) {
  return (
    <Table.Tr>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td>
        <Badge color={ok ? 'teal' : 'red'} variant="light">
          {ok ? 'OK' : 'Error'}
        </Badge>
      </Table.Td>
      <Table.Td>{detail}</Table.Td>
    </Table.Tr>
  );
}

function databaseDetail(h: Health): string {
  if (h.database !== 'ok') return 'The database cannot be reached.';
  return h.latencyMs === undefined ? 'The database answers.' : `The database answered in ${h.latencyMs} ms.`;
}

/** /health in the blank layout: the answer of GET /api/health/ready (the server and its database), in words. */
export function Component() {
  const health = useQuery({
    queryKey: ['health'],
    queryFn: async () => {
      try {
        return await api<Health>('GET', '/api/health/ready');
      } catch (err) {
        // 503 still carries the health body.
        if (err instanceof ApiError) return { status: 'error', database: 'unreachable' } as Health;
        throw err;
      }
    },
    refetchInterval: 15_000,
  });
  const ok = health.data?.status === 'ok';
  return (
    <Paper withBorder p="xl" maw={520} mx="auto" mt={60}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} fz={22}>
            Service health
          </Title>
          {health.isPending ? (
            <Loader size="sm" />
          ) : (
            <Badge color={ok ? 'teal' : 'red'} size="lg">
              {ok ? 'Healthy' : 'Unhealthy'}
            </Badge>
          )}
        </Group>
        {health.data && (
          <>
            <Table withTableBorder={false} fz="sm" aria-label="Checks">
              <Table.Tbody>
                <CheckRow label="Server" ok detail="The server answers." />
                <CheckRow label="Database" ok={health.data.database === 'ok'} detail={databaseDetail(health.data)} />
              </Table.Tbody>
            </Table>
            <Text size="xs" c="dimmed">
              Checked {formatDateTime(health.dataUpdatedAt)} · checked again every 15 seconds
            </Text>
          </>
        )}
        {health.isError && <Text c="red">The server cannot be reached.</Text>}
      </Stack>
    </Paper>
  );
}
