import { List, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A message that may be a text, a list of texts (each shown on its own line) or any node. */
export type DialogMessage = ReactNode | string[];

export function MessageList({ message }: { message: DialogMessage }) {
  if (Array.isArray(message)) {
    const items = message.filter((m) => m !== null && m !== undefined && m !== '');
    if (items.length === 1) return <Text size="sm">{items[0]}</Text>;
    return (
      <List size="sm" spacing={4}>
        {items.map((m, i) => (
          // Messages are plain texts without ids; their order never changes while shown.
          // biome-ignore lint/suspicious/noArrayIndexKey: static list
          <List.Item key={i}>{m}</List.Item>
        ))}
      </List>
    );
  }
  if (typeof message === 'string')
    return (
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {message}
      </Text>
    );
  return <>{message}</>;
}
