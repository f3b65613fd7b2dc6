import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api';

/** What an empty table says while its load failed: not "nothing yet", which would be untrue. */
export const LIST_NOT_LOADED = 'Not loaded: see the message above.';

/** What a list's query offers this alert (a TanStack Query result fits). */
export interface ListQuery {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * Above a list whose loading failed: what went wrong and a Retry button. A failed load must not
 * look like an empty list; the rows of the last good load stay below while the user retries.
 */
export function ListLoadError({ query, what = 'list' }: { query: ListQuery; what?: string }) {
  if (!query.isError) return null;
  return (
    <Alert
      color="red"
      variant="light"
      mb="sm"
      role="alert"
      icon={<IconAlertTriangle size={18} />}
      title={`The ${what} could not be loaded`}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{errorMessage(query.error)}</Text>
        <Button
          size="xs"
          variant="white"
          color="red"
          leftSection={<IconRefresh size={14} />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
