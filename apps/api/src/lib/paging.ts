/** The window a list query asks for. */
export interface Paging {
  offset: number;
  limit: number;
}

/** Where the window sits, as every list answers it. */
export const pagePosition = ({ offset, limit }: Paging) => ({ activePage: Math.floor(offset / limit) + 1, perPage: limit });

/** A list's answer: the page's rows, the total and where the page sits. */
export const page = <T>(data: T[], total: number, q: Paging) => ({ data, total, ...pagePosition(q) });
