import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The title of a sign-in card and the line under it that says what to do. */
export function AuthHeading({ title, order = 1, children }: { title: string; order?: 1 | 2; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={order} fz={24}>
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {children}
      </Text>
    </Stack>
  );
}
