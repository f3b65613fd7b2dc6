import { Anchor, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';

export interface StatFigureProps {
  label: string;
  value: number | string;
  /** The filtered list holding exactly the rows counted. */
  href?: string;
  note?: string;
}

/** One figure of the Overview: the number (a link to its rows where a list holds them) and what it counts. */
export function StatFigure({ label, value, href, note }: StatFigureProps) {
  const shown = typeof value === 'number' ? value.toLocaleString('en-US') : value;
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3}>
        {href ? (
          <Anchor component={Link} to={href} inherit aria-label={`${shown} ${label.toLowerCase()}: show them`}>
            {shown}
          </Anchor>
        ) : (
          shown
        )}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}
