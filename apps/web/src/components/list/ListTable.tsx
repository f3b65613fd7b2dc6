import 'mantine-datatable/styles.layer.css';
import { Select } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableProps } from 'mantine-datatable';
import type { ReactNode } from 'react';
import type { ListSort, ListState } from '../../lib/list-state';
import { LIST_NOT_LOADED, ListLoadError, type ListQuery } from './ListLoadError';
import classes from './ListTable.module.css';

/** A list column: mantine-datatable's, sortable on the server when `sortable` (by `sortKey`, else its accessor). */
export type ListColumn<T> = DataTableColumn<T>;

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
}

export interface ListTableProps<T> {
  /** The table's accessible name (e.g. "Vault holders"). */
  label: string;
  /** What the error alert calls the list ("The vault list could not be loaded"). */
  what?: string;
  list: Pick<ListState, 'page' | 'limit' | 'setPage' | 'sort' | 'setSort'> & { search?: unknown };
  query: ListQuery;
  records: T[];
  total: number;
  columns: ListColumn<T>[];
  empty: EmptyTexts;
  /** False while no portal is chosen: the list is empty and says so. */
  portalChosen?: boolean;
  selection?: ListSelection<T>;
  idAccessor?: string;
  minHeight?: number;
  /** mantine-datatable props for what the kit does not cover (row expansion, row styles…). */
  tableProps?: Partial<DataTableProps<T>>;
}

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
  records,
  total,
  columns,
  empty,
  portalChosen = true,
  selection,
  idAccessor = 'id',
  minHeight = 260,
  tableProps,
}: ListTableProps<T>): ReactNode {
  const sortable = columns.filter((c) => c.sortable);
  const active = list.sort ? sortable.find((c) => sortKeyOf(c) === list.sort?.sortBy) : undefined;
  const labelled = columns.map((c) => ({
    ...c,
    customCellAttributes: (row: T, index: number) => ({ 'data-label': columnTitle(c), ...c.customCellAttributes?.(row, index) }),
  }));
  const emptyText = query.isError
    ? LIST_NOT_LOADED
    : !portalChosen
      ? (empty.noPortal ?? empty.none)
      : list.search
        ? (empty.noMatch ?? empty.none)
        : empty.none;
  const sortProps =
    sortable.length > 0
      ? {
          sortStatus: {
            columnAccessor: active ? String(active.accessor) : '',
            direction: list.sort?.sortDir ?? 'asc',
          },
          onSortStatusChange: (s: { columnAccessor: string | keyof T; direction: 'asc' | 'desc'; sortKey?: string }) =>
            list.setSort({ sortBy: s.sortKey ?? String(s.columnAccessor), sortDir: s.direction }),
        }
      : {};
  const selectionProps = selection
    ? {
        selectedRecords: selection.selected,
        onSelectedRecordsChange: selection.onChange,
        getRecordSelectionCheckboxProps: (row: T) => ({ 'aria-label': selection.rowLabel(row) }),
        allRecordsSelectionCheckboxProps: { 'aria-label': selection.allLabel },
      }
    : {};

  return (
    <>
      <ListLoadError query={query} what={what} />
      {sortable.length > 0 && (
        <Select
          hiddenFrom="sm"
          label="Sort by"
          mb="sm"
          placeholder="The list's own order"
          clearable
          data={sortable.flatMap((c) => [
            { value: sortValue({ sortBy: sortKeyOf(c), sortDir: 'asc' }), label: `${columnTitle(c)}, ascending` },
            { value: sortValue({ sortBy: sortKeyOf(c), sortDir: 'desc' }), label: `${columnTitle(c)}, descending` },
          ])}
          value={list.sort ? sortValue(list.sort) : null}
          onChange={(v) => {
            const [sortBy, sortDir] = (v ?? '').split(':');
            list.setSort(sortBy ? { sortBy, sortDir: sortDir === 'desc' ? 'desc' : 'asc' } : null);
          }}
        />
      )}
      <DataTable<T>
        {...(tableProps as object)}
        {...(sortProps as object)}
        {...(selectionProps as object)}
        className={classes.table}
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover
        minHeight={minHeight}
        idAccessor={idAccessor as never}
        records={records}
        columns={labelled}
        totalRecords={total}
        recordsPerPage={list.limit}
        page={list.page}
        onPageChange={list.setPage}
        fetching={portalChosen && query.isFetching}
        noRecordsText={emptyText}
        paginationText={({ from, to, totalRecords }) =>
          totalRecords ? `${from}–${to} of ${totalRecords.toLocaleString('en-US')}` : 'Total 0'
        }
        aria-label={label}
      />
    </>
  );
}
