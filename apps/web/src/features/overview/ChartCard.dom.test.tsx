import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithPortal } from '../../test/render';
import { ChartCard } from './ChartCard';

describe('ChartCard', () => {
  it('repeats the chart as a table behind "Show table", each number a link to its list, and downloads its CSV', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      created.push(b as Blob);
      return 'blob:chart';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    renderWithPortal(
      <ChartCard
        title="Vault holders by status"
        kind="bar"
        rows={[
          { label: 'Active', value: 1234, href: '/?field=status&q=1', linkLabel: '1234 holders Active' },
          { label: 'Archived', value: 5 },
        ]}
        labelHeading="Status"
        valueHeading="Holders"
        fileName="by-status.csv"
      />,
    );
    const region = screen.getByRole('region', { name: 'Vault holders by status' });
    await userEvent.click(within(region).getByText('Show table'));
    const table = within(region).getByRole('table', { name: 'Vault holders by status: numbers' });
    expect(within(table).getByRole('rowheader', { name: 'Active' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: '1234 holders Active' })).toHaveAttribute('href', '/?field=status&q=1');
    expect(within(table).getByRole('link', { name: '1234 holders Active' })).toHaveTextContent('1,234');
    expect(within(table).queryAllByRole('link')).toHaveLength(1);

    await userEvent.click(within(region).getByRole('button', { name: 'Download CSV: Vault holders by status' }));
    expect(await created[0]!.text()).toBe('Status,Holders\r\nActive,1234\r\nArchived,5\r\n');
  });
});
