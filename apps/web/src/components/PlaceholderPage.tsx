import { Paper, Text } from '@mantine/core';
import { PageHeader } from './PageHeader';

/** A screen whose content is still being built: its title and a short note. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder p="xl">
        <Text c="dimmed">This screen is being prepared.</Text>
      </Paper>
    </>
  );
}
