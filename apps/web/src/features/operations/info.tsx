import { Table, Text } from '@mantine/core';

import { formatValue, label } from './info-format';

export { formatValue, infoOf, label, summary } from './info-format';

/** The parsed info as a readable two-column table. */
export function InfoView({ info }: { info: Record<string, unknown> }) {
  const entries = Object.entries(info);
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No further information.
      </Text>
    );
  return (
    <Table variant="vertical" fz="sm" withTableBorder layout="fixed" aria-label="Entry information">
      <Table.Tbody>
        {entries.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Th w={180}>{label(k)}</Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>{formatValue(v)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
