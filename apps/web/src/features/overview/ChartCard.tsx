import { BarChart, LineChart } from '@mantine/charts';
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { chartCsv, saveCsv } from './csv';

export interface ChartRow {
  label: string;
  value: number;
  /** The list filtered to exactly this row's items, when one exists. */
  href?: string;
  /** The link's accessible name ("12 holders Active"); default: the value. */
  linkLabel?: string;
}

export interface ChartCardProps {
  title: string;
  description?: ReactNode;
  kind: 'bar' | 'line';
  rows: ChartRow[];
  /** Column headings of the table and the CSV: what a row is, what the number counts. */
  labelHeading: string;
  valueHeading: string;
  fileName: string;
  /** Figures shown above the chart (totals, the median). */
  summary?: ReactNode;
}

const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * One chart with everything that makes it readable without seeing it: its numbers in a table
 * behind "Show table" (a native disclosure: keyboard and screen readers reach it), each number a
 * link to the filtered list, and "Download CSV". The drawing itself is hidden from assistive
 * technology: the table says the same. Meaning never rests on colour: one series, named axes.
 */
export function ChartCard({ title, description, kind, rows, labelHeading, valueHeading, fileName, summary }: ChartCardProps) {
  const data = rows.map((r) => ({ label: r.label, [valueHeading]: r.value }));
  const series = [{ name: valueHeading, color: 'blue.7' }];
  const download = () =>
    saveCsv(
      fileName,
      chartCsv(
        [labelHeading, valueHeading],
        rows.map((r) => [r.label, r.value]),
      ),
    );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div>
            <Title order={2} fz={17}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </div>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={download}
            aria-label={`Download CSV: ${title}`}
            style={{ flexShrink: 0 }}
          >
            Download CSV
          </Button>
        </Group>
        {summary}
        <div aria-hidden="true">
          {kind === 'bar' ? (
            <BarChart
              h={220}
              data={data}
              dataKey="label"
              series={series}
              tickLine="y"
              withTooltip
              barChartProps={{ accessibilityLayer: false }}
              valueFormatter={fmt}
            />
          ) : (
            <LineChart
              h={220}
              data={data}
              dataKey="label"
              series={series}
              curveType="linear"
              withDots={false}
              lineChartProps={{ accessibilityLayer: false }}
              valueFormatter={fmt}
            />
          )}
        </div>
        <details>
          <summary>
            <Text span size="sm" fw={500}>
              Show table
            </Text>
          </summary>
          <Table.ScrollContainer minWidth={240} mah={320}>
            <Table striped withTableBorder fz="sm" mt="xs" aria-label={`${title}: numbers`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{labelHeading}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {valueHeading}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.label}>
                    <Table.Th scope="row" fw={400}>
                      {r.label}
                    </Table.Th>
                    <Table.Td ta="right">
                      {r.href ? (
                        <Anchor component={Link} to={r.href} aria-label={r.linkLabel}>
                          {fmt(r.value)}
                        </Anchor>
                      ) : (
                        fmt(r.value)
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </details>
      </Stack>
    </Paper>
  );
}
