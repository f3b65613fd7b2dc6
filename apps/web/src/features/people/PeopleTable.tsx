import type { ListState } from '../../lib/list-state';

/** The look and paging every people list shares (bordered, striped, paged from the URL). */
export const peopleTableProps = (list: Pick<ListState, 'limit' | 'page' | 'setPage'>) =>
  ({
    withTableBorder: true,
    borderRadius: 'md',
    striped: true,
    highlightOnHover: true,
    minHeight: 260,
    idAccessor: 'id',
    recordsPerPage: list.limit,
    page: list.page,
    onPageChange: list.setPage,
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      totalRecords ? `${from}–${to} of ${totalRecords}` : 'Total 0',
  }) as const;
