import { Badge, Stack, Text } from '@mantine/core';
import { MESSAGE_STATUS_LABELS, type MessageItem } from '@vault/contract';
import { formatDateTime } from '../lib/dates';

const STATUS_COLOR = { queued: 'gray', retrying: 'orange', sending: 'blue', sent: 'teal', failed: 'red' } as const;

/** Where a message is on its way: its status in words (never by colour alone), when, and the mail server's answer. */
export function MessageStatus({ message: m }: { message: MessageItem }) {
  return (
    <Stack gap={2}>
      <Badge size="sm" variant="dot" color={STATUS_COLOR[m.status]} styles={{ label: { overflow: 'visible' } }}>
        {MESSAGE_STATUS_LABELS[m.status]}
      </Badge>
      <Text size="xs" c="dimmed">
        {m.sentAt
          ? `Sent ${formatDateTime(m.sentAt)}`
          : m.nextAttemptAt && m.attempts > 0
            ? `Attempt ${m.attempts + 1} at ${formatDateTime(m.nextAttemptAt)}`
            : m.attempts > 0
              ? `${m.attempts} attempts`
              : ''}
      </Text>
      {m.lastError && (
        <Text size="xs" c="red.8" lineClamp={2} maw={260}>
          {m.lastError}
        </Text>
      )}
    </Stack>
  );
}
