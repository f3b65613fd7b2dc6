import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api';
import { Alert } from '../light/feedback';
import { LightButton } from '../light/LightButton';
import { Group } from '../light/layout';
import { Text } from '../light/text';

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
    <Alert color="red" mb="sm" icon={<IconAlertTriangle size={18} />} title={`The ${what} could not be loaded`}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text>{errorMessage(query.error)}</Text>
        <LightButton
          size="xs"
          variant="white"
          color="red"
          leftSection={<IconRefresh size={14} />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          Retry
        </LightButton>
      </Group>
    </Alert>
  );
}
