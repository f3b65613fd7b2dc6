import { Badge, Code, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';

interface Health {
  status: string;
  database?: string;
  latencyMs?: number;
}

/** /health in the blank layout: the answer of GET /api/health/ready (the server and its database). */
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
            <Text size="sm">
              Database: <b>{health.data.database ?? 'unknown'}</b>
              {health.data.latencyMs !== undefined && ` (${health.data.latencyMs} ms)`}
            </Text>
            <Code block>{JSON.stringify(health.data, null, 2)}</Code>
          </>
        )}
        {health.isError && <Text c="red">The server cannot be reached.</Text>}
      </Stack>
    </Paper>
  );
}
