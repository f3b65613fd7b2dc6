import type { ReactNode } from 'react';
import { Group, Stack } from './light/layout';
import { Text, Title } from './light/text';
import classes from './PageHeader.module.css';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right (e.g. "Create", "Import"). */
  actions?: ReactNode;
}

/** The title row of a screen: its name, an optional line of help and its main actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="md" style={{ marginBottom: 'var(--mantine-spacing-lg)' }}>
      <Stack gap={4}>
        <Title className={classes.title}>{title}</Title>
        {description && <Text dimmed>{description}</Text>}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
