import { Alert, Code, Stack, Text, Title } from '@mantine/core';
import type { ServerMessage } from '@vault/contract';

const COLORS = { success: 'teal', error: 'red', warning: 'yellow', info: 'blue' } as const;
const TITLES = { success: 'Success', error: 'Error', warning: 'Warning', info: 'Information' } as const;

function Output({ label, value }: { label: string; value: unknown }) {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value) && value.length === 0) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Code block style={{ maxHeight: 220, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
        {text}
      </Code>
    </Stack>
  );
}

/** The server's answer to a confirmed action, under the heading "Server Confirmation". */
export function ServerMessageView({ result }: { result: ServerMessage }) {
  const color = COLORS[result.statusType] ?? 'blue';
  return (
    <Stack gap="sm" data-testid="server-confirmation">
      <Title order={3} fz="md">
        Server Confirmation
      </Title>
      <Alert color={color} variant="light" title={TITLES[result.statusType] ?? result.statusType}>
        <Stack gap={6}>
          {result.message && <Text size="sm">{result.message}</Text>}
          {result.errorMsg && result.errorMsg !== result.message && (
            <Text size="sm" c="red.8">
              {result.errorMsg}
            </Text>
          )}
        </Stack>
      </Alert>
      <Output label="Details" value={result.dOutput} />
      <Output label="Output" value={result.output} />
    </Stack>
  );
}
