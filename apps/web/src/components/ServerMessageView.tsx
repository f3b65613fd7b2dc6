import { Alert, List, Stack, Text, Title } from '@mantine/core';
import type { ServerMessage } from '@vault/contract';
import type { ReactNode } from 'react';
import { formatCount } from '../lib/count';

const COLORS = { success: 'teal', error: 'red', warning: 'yellow', info: 'blue' } as const;
const TITLES = { success: 'Success', error: 'Error', warning: 'Warning', info: 'Information' } as const;

/** "migrationStatus" → "Migration status". */
export const words = (key: string) => {
  const spaced = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** A value of the server's answer in words: yes/no, numbers with separators, lists and fields. */
function Readable({ value }: { value: unknown }): ReactNode {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return formatCount(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return (
      <List size="sm" spacing={2}>
        {value.map((v, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the server's list has no ids and never reorders
          <List.Item key={i}>
            <Readable value={v} />
          </List.Item>
        ))}
      </List>
    );
  return (
    <Stack gap={2}>
      {Object.entries(value as Record<string, unknown>).map(([k, v]) => (
        <Text key={k} size="sm" component="div">
          <Text span fw={600} size="sm">
            {words(k)}:
          </Text>{' '}
          <Readable value={v} />
        </Text>
      ))}
    </Stack>
  );
}

/** Extra facts of the answer, said in words rather than shown as JSON. */
function Output({ label, value }: { label: string; value: unknown }) {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value) && value.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <div style={{ maxHeight: 220, overflow: 'auto' }}>
        <Readable value={value} />
      </div>
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
