import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useListState } from '../../lib/list-state';
import { renderWithPortal } from '../../test/render';
import type { ListQuery } from './ListLoadError';
import { type EmptyTexts, type ListColumn, ListTable } from './ListTable';
import { ListToolbar } from './ListToolbar';

interface Person {
  id: number;
  name: string;
  email: string;
}

const people: Person[] = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}`, email: `p${i + 1}@example.com` }));
const loaded: ListQuery = { isError: false, error: null, isFetching: false, refetch: () => {} };
const COLUMNS = ['name', 'email'] as const;
const LABELS = { name: 'Name', email: 'E-mail' };
const EMPTY: EmptyTexts = {
  none: 'No people yet.',
  noMatch: 'No person matches this search.',
  noPortal: 'Choose a portal to see its people.',
};

/** A list as a screen builds it: state in the URL, toolbar, table; the URL is shown to assert on. */
function PeopleList({
  records = people,
  total = 45,
  query = loaded,
  portalChosen = true,
  onSelect,
}: {
  records?: Person[];
  total?: number;
  query?: ListQuery;
  portalChosen?: boolean;
  onSelect?: (rows: Person[]) => void;
}) {
  const list = useListState({ key: 'people-test', columns: COLUMNS, sortable: ['name', 'email'] });
  const [selected, setSelected] = useState<Person[]>([]);
  const { search } = useLocation();
  const columns: ListColumn<Person>[] = [
    { accessor: 'name', title: 'Name', sortable: true, hidden: !list.isVisible('name') },
    { accessor: 'email', title: 'E-mail', sortable: true, hidden: !list.isVisible('email') },
  ];
  return (
    <>
      <ListToolbar
        label="Search people"
        fields={[
          { value: 'name', label: 'Name' },
          { value: 'email', label: 'E-mail' },
        ]}
        list={list}
        columns={{ all: COLUMNS, labels: LABELS }}
      />
      <ListTable<Person>
        label="People"
        list={list}
        query={query}
        records={records}
        total={total}
        columns={columns}
        portalChosen={portalChosen}
        empty={EMPTY}
        selection={{
          selected,
          onChange: (rows) => {
            setSelected(rows);
            onSelect?.(rows);
          },
          rowLabel: (p) => `Select ${p.name}`,
          allLabel: 'Select every person on this page',
        }}
      />
      <output aria-label="Address">{search}</output>
    </>
  );
}

const address = () => screen.getByRole('status', { name: 'Address' }).textContent ?? '';
const table = () => screen.getByRole('table', { name: 'People' });

describe('the list kit', () => {
  it('pages: shows where the page is in the total, and the next page lands in the URL', async () => {
    const { user } = renderWithPortal(<PeopleList />);
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(address()).toBe('?page=2');
    expect(screen.getByText('21–40 of 45')).toBeInTheDocument();
  });

  it('sorts by a column header: up, then down, kept in the URL, from the first page', async () => {
    const { user } = renderWithPortal(<PeopleList />, { route: '/?page=3' });
    const header = within(table()).getByRole('columnheader', { name: 'E-mail' });
    await user.click(within(header).getByRole('button', { name: 'E-mail' }));
    expect(address()).toBe('?sort=email');
    await user.click(within(header).getByRole('button', { name: 'E-mail' }));
    expect(address()).toBe('?sort=email&dir=desc');
    await user.click(within(table()).getByRole('button', { name: 'Name' }));
    expect(address()).toBe('?sort=name');
  });

  it('reads the sort from the URL and ignores a column the list cannot sort by', () => {
    renderWithPortal(<PeopleList />, { route: '/?sort=email&dir=desc' });
    expect(within(table()).getByRole('button', { name: 'E-mail' })).toHaveAccessibleDescription('sorted descending');
    expect(within(table()).getByRole('button', { name: 'Name' })).toHaveAccessibleDescription('click to sort');
  });

  it('hides a column chosen off in the column options, and keeps the choice in the URL', async () => {
    const { user } = renderWithPortal(<PeopleList />);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'E-mail' }));
    expect(address()).toBe('?cols=name');
    expect(within(table()).queryByRole('columnheader', { name: 'E-mail' })).toBeNull();
    expect(within(table()).getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
  });

  it('selects rows one by one or the whole page', async () => {
    const onSelect = vi.fn();
    const { user } = renderWithPortal(<PeopleList onSelect={onSelect} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 2' }));
    expect(onSelect).toHaveBeenLastCalledWith([people[1]]);
    expect(screen.getByRole('checkbox', { name: 'Select Person 2' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select every person on this page' })).toBePartiallyChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select every person on this page' }));
    expect(onSelect.mock.lastCall?.[0]).toHaveLength(20);
  });

  it('says the list was not loaded, not that it is empty, and Retry asks again', async () => {
    const refetch = vi.fn();
    const { user } = renderWithPortal(
      <PeopleList records={[]} total={0} query={{ isError: true, error: new Error('Network down'), isFetching: false, refetch }} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Network down');
    expect(screen.getByText('Not loaded: see the message above.')).toBeInTheDocument();
    expect(screen.queryByText('No people yet.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says why it is empty: nothing yet, nothing matching the search, or no portal chosen', async () => {
    const { user, unmount } = renderWithPortal(<PeopleList records={[]} total={0} />);
    expect(screen.getByText('No people yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'zed');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(address()).toBe('?field=name&q=zed');
    expect(screen.getByText('No person matches this search.')).toBeInTheDocument();
    unmount();
    renderWithPortal(<PeopleList records={[]} total={0} portalChosen={false} />);
    expect(screen.getByText('Choose a portal to see its people.')).toBeInTheDocument();
  });

  it('takes rows and total from the query\'s page answer, says "about" for an estimate, and hides them while no portal is chosen', () => {
    const answered = { ...loaded, data: { data: people, total: 1200 } };
    function Paged({ portalChosen }: { portalChosen: boolean }) {
      const list = useListState({ key: 'paged-test', columns: COLUMNS });
      return (
        <ListTable<Person>
          label="People"
          list={list}
          query={answered}
          totalIsEstimate
          columns={[{ accessor: 'name', title: 'Name' }]}
          portalChosen={portalChosen}
          empty={EMPTY}
        />
      );
    }
    const { unmount } = renderWithPortal(<Paged portalChosen />);
    expect(within(table()).getByText('Person 20')).toBeInTheDocument();
    expect(screen.getByText('1–20 of about 1,200')).toBeInTheDocument();
    unmount();
    renderWithPortal(<Paged portalChosen={false} />);
    expect(within(table()).queryByText('Person 1')).toBeNull();
    expect(screen.getByText('Choose a portal to see its people.')).toBeInTheDocument();
  });
});
