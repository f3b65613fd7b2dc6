import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of a detail or form page (Profile, Dates, Permissions…). */
export function SectionCard({ title, titleGap = 'md', children }: { title: string; titleGap?: 'sm' | 'md'; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz={18} mb={titleGap}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}
