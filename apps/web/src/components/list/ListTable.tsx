import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCount } from '../../lib/count';
import type { ListSort, ListState } from '../../lib/list-state';
import { DeferredSelect } from '../deferred/DeferredSelect';
import { MaskIcon } from '../light/MaskIcon';
import { type ListColumn, ListGrid, type ListTableExtras } from './ListGrid';
import { LIST_NOT_LOADED, ListLoadError, type ListQuery } from './ListLoadError';
import classes from './ListTable.module.css';

export type { ListColumn } from './ListGrid';

/** What an empty list says: nothing yet, nothing matching the search, or no portal chosen. */
export interface EmptyTexts {
  none: string;
  noMatch?: string;
  noPortal?: string;
}

/** Row selection: the chosen rows, how they change, and each checkbox's accessible name. */
export interface ListSelection<T> {
  selected: T[];
  onChange: (rows: T[]) => void;
  rowLabel: (row: T) => string;
  allLabel: string;
  /** Which rows may be chosen (all by default). */
  isSelectable?: (row: T) => boolean;
}

export interface ListTableProps<T> {
  /** The table's accessible name (e.g. "Vault holders"). */
  label: string;
  /** What the error alert calls the list ("The vault list could not be loaded"). */
  what?: string;
  /** Paging and sort from useListState; without it the list shows every record on one page. */
  list?: Partial<Pick<ListState, 'sort' | 'setSort'>> & Pick<ListState, 'page' | 'limit' | 'setPage'> & { search?: unknown };
  /** The list's query; a page answer ({ data, total }) gives the records and total unless they are passed. */
  query: ListQuery & { data?: unknown };
  records?: T[];
  /** How many records match (for paging). */
  total?: number;
  /** The total is the server's estimate: the paging says "about N". */
  totalIsEstimate?: boolean;
  columns: ListColumn<T>[];
  empty: EmptyTexts;
  /** False while no portal is chosen: the list is empty and says so. */
  portalChosen?: boolean;
  selection?: ListSelection<T>;
  idAccessor?: string;
  minHeight?: number;
  /** What the kit's table adds for some lists (row expansion, row styles, a smaller type…). */
  tableProps?: ListTableExtras<T>;
}

/**
 * A sortable column's title: a button inside the column header, so the header keeps its role and
 * its name (the title). Clicking sorts up, clicking again sorts down. A plain button with the look of
 * Mantine's UnstyledButton and Group: every list header has a few.
 */
function SortButton({ title, dir, onSort }: { title: string; dir: 'asc' | 'desc' | null; onSort: (dir: 'asc' | 'desc') => void }) {
  const icon = dir === 'asc' ? IconArrowUp : dir === 'desc' ? IconArrowDown : IconSelector;
  return (
    <button
      type="button"
      className={`mantine-focus-auto ${classes.sort}`}
      onClick={() => onSort(dir === 'asc' ? 'desc' : 'asc')}
      aria-description={dir === 'asc' ? 'sorted ascending' : dir === 'desc' ? 'sorted descending' : 'click to sort'}
    >
      {title}
      <MaskIcon icon={icon} size={14} style={{ opacity: dir ? 1 : 0.45 }} />
    </button>
  );
}

/** A page answer of the API: the rows and how many match. */
const isPage = <T,>(d: unknown): d is { data: T[]; total: number } =>
  typeof d === 'object' && d !== null && Array.isArray((d as { data?: unknown }).data);

/** The last column of a list: the row's action buttons, right-aligned on one line. */
export const actionsColumn = <T,>(render: (row: T) => ReactNode, more: Partial<ListColumn<T>> = {}) =>
  ({
    accessor: 'actions',
    title: '',
    textAlign: 'right',
    // A plain row of buttons (Mantine's Group, gap 4, no wrapping): one per row of the list.
    render: (row: T) => <div className={classes.rowActions}>{render(row)}</div>,
    ...more,
  }) as ListColumn<T>;

/** The Portal column a list shows when it lists every portal (decision 0052). */
export const portalColumn = <T,>(code: (row: T) => string | null | undefined) =>
  ({ accessor: 'portal', title: 'Portal', noWrap: true, render: (row: T) => code(row) ?? '—' }) as ListColumn<T>;

const sortValue = (s: ListSort) => `${s.sortBy}:${s.sortDir}`;
const columnTitle = <T,>(c: ListColumn<T>) => (typeof c.title === 'string' ? c.title : String(c.accessor));
const sortKeyOf = <T,>(c: ListColumn<T>) => c.sortKey ?? String(c.accessor);

/**
 * Every list of the portal: the look, paging (page in the URL), sorting by a column header (the
 * server sorts; the sort is in the URL), selection, the load error with Retry above the rows, and
 * what an empty list says. On a phone each row stacks into a card with its column names, and a
 * "Sort by" menu replaces the column headers.
 */
export function ListTable<T>({
  label,
  what,
  list,
  query,
  records: givenRecords,
  total: givenTotal,
  totalIsEstimate,
  columns,
  empty,
  portalChosen = true,
  selection,
  idAccessor = 'id',
  minHeight = 260,
  tableProps,
}: ListTableProps<T>): ReactNode {
  // Rows of another portal's last load are not shown while no portal is chosen.
  const page = portalChosen && isPage<T>(query.data) ? query.data : null;
  const records = givenRecords ?? page?.data ?? [];
  const total = givenTotal ?? (list ? (page?.total ?? 0) : undefined);
  const sortable = columns.filter((c) => c.sortable);
  const sort = list?.sort ?? null;
  const setSort = list?.setSort;
  const active = sort ? sortable.find((c) => sortKeyOf(c) === sort.sortBy) : undefined;
  const labelled = columns.map((c) => ({
    ...c,
    sortable: false,
    title:
      c.sortable && setSort ? (
        <SortButton
          title={columnTitle(c)}
          dir={active === c ? (sort?.sortDir ?? 'asc') : null}
          onSort={(sortDir) => setSort({ sortBy: sortKeyOf(c), sortDir })}
        />
      ) : (
        c.title
      ),
    customCellAttributes: (row: T, index: number) => ({ 'data-label': columnTitle(c), ...c.customCellAttributes?.(row, index) }),
  }));
  const emptyText = query.isError
    ? LIST_NOT_LOADED
    : !portalChosen
      ? (empty.noPortal ?? empty.none)
      : list?.search
        ? (empty.noMatch ?? empty.none)
        : empty.none;
  const paging =
    list && total !== undefined
      ? {
          page: list.page,
          limit: list.limit,
          total,
          onPage: list.setPage,
          text: (from: number, to: number, all: number) =>
            all ? `${from}–${to} of ${totalIsEstimate ? 'about ' : ''}${formatCount(all)}` : 'Total 0',
        }
      : undefined;

  return (
    <>
      <ListLoadError query={query} what={what} />
      {setSort && sortable.length > 0 && (
        <DeferredSelect
          hiddenFrom="sm"
          label="Sort by"
          mb="sm"
          placeholder="The list's own order"
          clearable
          data={sortable.flatMap((c) => [
            { value: sortValue({ sortBy: sortKeyOf(c), sortDir: 'asc' }), label: `${columnTitle(c)}, ascending` },
            { value: sortValue({ sortBy: sortKeyOf(c), sortDir: 'desc' }), label: `${columnTitle(c)}, descending` },
          ])}
          value={sort ? sortValue(sort) : null}
          onChange={(v) => {
            const [sortBy, sortDir] = (v ?? '').split(':');
            setSort(sortBy ? { sortBy, sortDir: sortDir === 'desc' ? 'desc' : 'asc' } : null);
          }}
        />
      )}
      <ListGrid<T>
        {...tableProps}
        label={label}
        columns={labelled}
        records={records}
        idAccessor={idAccessor}
        minHeight={minHeight}
        fetching={portalChosen && query.isFetching}
        emptyText={emptyText}
        selection={selection}
        paging={paging}
      />
    </>
  );
}
