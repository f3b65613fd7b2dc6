import { IconDatabaseOff } from '@tabler/icons-react';
import { type CSSProperties, Fragment, type ReactNode } from 'react';
import { Center, Loader } from '../light/feedback';
import { LightPagination } from '../light/LightPagination';
import { SelectBox } from '../light/SelectBox';
import { Text as LightText } from '../light/text';
import classes from './ListTable.module.css';

/**
 * A list column. The shape is mantine-datatable's (which the lists used before), kept so the
 * screens did not change: the kit now draws the table itself on plain table elements, a fraction of the
 * code on the first screen.
 */
export interface ListColumn<T> {
  /** The record's field shown by default, and the column's key. */
  accessor: string;
  /** The header; the accessor in words when absent. */
  title?: ReactNode;
  render?: (row: T, index: number) => ReactNode;
  textAlign?: 'left' | 'center' | 'right';
  width?: number | string;
  noWrap?: boolean;
  /** Not shown (the list's column options). */
  hidden?: boolean;
  /** Sorted by the server, by `sortKey` or else the accessor (see ListTable). */
  sortable?: boolean;
  sortKey?: string;
  cellsStyle?: (row: T, index: number) => CSSProperties | undefined;
  customCellAttributes?: (row: T, index: number) => Record<string, unknown>;
}

/** Rows that open to show more below them (the audit log's entry details), on a click on the row. */
export interface RowExpansion<T> {
  allowMultiple?: boolean;
  expanded: { recordIds: unknown[]; onRecordIdsChange: (ids: never[]) => void };
  content: (args: { record: T; index: number }) => ReactNode;
}

/** What some lists add to the kit's table. */
export interface ListTableExtras<T> {
  fz?: string;
  horizontalSpacing?: number | string;
  rowStyle?: (row: T, index: number) => CSSProperties | undefined;
  rowBackgroundColor?: (row: T, index: number) => string | { light: string; dark?: string } | undefined;
  rowExpansion?: RowExpansion<T>;
}

export interface ListGridProps<T> extends ListTableExtras<T> {
  label: string;
  columns: ListColumn<T>[];
  records: T[];
  idAccessor: string;
  minHeight: number;
  fetching: boolean;
  emptyText: string;
  selection?: {
    selected: T[];
    onChange: (rows: T[]) => void;
    rowLabel: (row: T) => string;
    allLabel: string;
    isSelectable?: (row: T) => boolean;
  };
  paging?: {
    page: number;
    limit: number;
    total: number;
    onPage: (page: number) => void;
    text: (from: number, to: number, total: number) => string;
  };
}

/** A Mantine size name as its CSS variable, a number as pixels. */
const spacing = (v: number | string | undefined) =>
  v === undefined ? undefined : typeof v === 'number' ? `${v}px` : `var(--mantine-spacing-${v})`;
const fontSize = (v: string | undefined) => (v === undefined ? undefined : `var(--mantine-font-size-${v})`);

/** The record's value at a dotted path ("a.b"). */
const valueAt = (row: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v == null ? undefined : (v as Record<string, unknown>)[k]), row);

/** "lastLoginAt" → "Last login at", as the header of a column without a title. */
const humanize = (s: string) => {
  const w = s
    .replace(/([a-z\d])([A-Z]+)/g, '$1 $2')
    .replace(/\W|_/g, ' ')
    .trim()
    .toLowerCase();
  return `${w.charAt(0).toUpperCase()}${w.slice(1)}`;
};

const cellValue = (v: unknown): ReactNode => (v == null || typeof v === 'object' ? null : (v as ReactNode));

/**
 * The table of every list: bordered, striped, rows lit under the pointer, selection checkboxes,
 * a loader over the rows while fetching, what an empty list says, and the paging under the rows.
 */
export function ListGrid<T>({
  label,
  columns,
  records,
  idAccessor,
  minHeight,
  fetching,
  emptyText,
  selection,
  paging,
  fz,
  horizontalSpacing,
  rowStyle,
  rowBackgroundColor,
  rowExpansion,
}: ListGridProps<T>) {
  const shown = columns.filter((c) => !c.hidden);
  const idOf = (row: T) => valueAt(row, idAccessor);
  const selectedIds = new Set(selection?.selected.map(idOf));
  const selectable = selection ? records.filter((r) => selection.isSelectable?.(r) ?? true) : [];
  const allOnPage = selectable.length > 0 && selectable.every((r) => selectedIds.has(idOf(r)));
  const someOnPage = selectable.some((r) => selectedIds.has(idOf(r)));
  const toggleAll = () => {
    if (!selection) return;
    const pageIds = new Set(selectable.map(idOf));
    selection.onChange(
      allOnPage
        ? selection.selected.filter((r) => !pageIds.has(idOf(r)))
        : [...selection.selected, ...selectable.filter((r) => !selectedIds.has(idOf(r)))],
    );
  };
  const toggle = (row: T) => {
    if (!selection) return;
    const id = idOf(row);
    selection.onChange(selectedIds.has(id) ? selection.selected.filter((r) => idOf(r) !== id) : [...selection.selected, row]);
  };
  const expandedIds = rowExpansion?.expanded.recordIds ?? [];
  const toggleExpanded = (row: T) => {
    if (!rowExpansion) return;
    const id = idOf(row);
    const open = expandedIds.includes(id);
    const next = open ? expandedIds.filter((x) => x !== id) : rowExpansion.allowMultiple ? [...expandedIds, id] : [id];
    rowExpansion.expanded.onRecordIdsChange(next as never[]);
  };
  const colSpan = shown.length + (selection ? 1 : 0);
  const totalPages = paging ? Math.max(1, Math.ceil(paging.total / paging.limit)) : 1;
  const from = paging ? (paging.page - 1) * paging.limit + 1 : 0;

  return (
    <div className={classes.table} style={{ minHeight }}>
      <div className={classes.scroll}>
        {/* Plain table elements with Mantine's table look (ListTable.module.css): Mantine's Table
            component brings its scroll container, the scroll area and floating-ui with it. */}
        <table
          aria-label={label}
          aria-busy={fetching || undefined}
          className={classes.grid}
          style={{ fontSize: fontSize(fz), ['--list-cell-x' as string]: spacing(horizontalSpacing) }}
        >
          <thead>
            <tr>
              {selection && (
                <th className={classes.selector}>
                  <SelectBox
                    aria-label={selection.allLabel}
                    checked={allOnPage}
                    indeterminate={someOnPage && !allOnPage}
                    disabled={selectable.length === 0}
                    onChange={toggleAll}
                  />
                </th>
              )}
              {shown.map((c) => (
                <th
                  key={c.accessor}
                  style={{ width: c.width, minWidth: c.width, maxWidth: c.width, textAlign: c.textAlign }}
                  className={c.noWrap ? classes.nowrap : undefined}
                >
                  {c.title ?? humanize(c.accessor)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {records.map((row, index) => {
              const id = idOf(row);
              const checked = selectedIds.has(id);
              const bg = rowBackgroundColor?.(row, index);
              const expanded = rowExpansion ? expandedIds.includes(id) : false;
              return (
                <Fragment key={String(id)}>
                  <tr
                    data-selected={checked || undefined}
                    data-expandable={rowExpansion ? true : undefined}
                    onClick={rowExpansion ? () => toggleExpanded(row) : undefined}
                    style={{ ...(bg ? { background: typeof bg === 'string' ? bg : bg.light } : null), ...rowStyle?.(row, index) }}
                  >
                    {selection && (
                      // biome-ignore lint/a11y/useKeyWithClickEvents: keeps a click on the checkbox from also opening the row; the checkbox itself takes the keyboard
                      <td className={classes.selector} onClick={(e) => e.stopPropagation()}>
                        <SelectBox
                          aria-label={selection.rowLabel(row)}
                          checked={checked}
                          disabled={!(selection.isSelectable?.(row) ?? true)}
                          onChange={() => toggle(row)}
                        />
                      </td>
                    )}
                    {shown.map((c) => (
                      // The column's width is on its header alone (a table sizes a column by its
                      // widest cell); an inline style on every cell was a large part of the first render.
                      <td
                        key={c.accessor}
                        className={c.noWrap ? classes.nowrap : undefined}
                        data-align={c.textAlign}
                        style={c.cellsStyle?.(row, index)}
                        {...c.customCellAttributes?.(row, index)}
                      >
                        {c.render ? c.render(row, index) : cellValue(valueAt(row, c.accessor))}
                      </td>
                    ))}
                  </tr>
                  {rowExpansion && expanded && (
                    <tr className={classes.expansion}>
                      <td colSpan={colSpan}>{rowExpansion.content({ record: row, index })}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
        {records.length === 0 && !fetching && (
          <Center className={classes.empty}>
            <div className={classes.emptyIcon}>
              <IconDatabaseOff size={24} aria-hidden="true" />
            </div>
            <LightText as="div" dimmed>
              {emptyText}
            </LightText>
          </Center>
        )}
      </div>
      {paging && records.length > 0 && (
        <div className={classes.paging}>
          <LightText as="div" className={classes.pagingText}>
            {paging.text(from, from + records.length - 1, paging.total)}
          </LightText>
          <LightPagination
            total={totalPages}
            value={paging.page}
            onChange={paging.onPage}
            previousLabel="Previous page"
            nextLabel="Next page"
          />
        </div>
      )}
      {fetching && (
        <Center className={classes.loader}>
          <Loader size="md" />
        </Center>
      )}
    </div>
  );
}
