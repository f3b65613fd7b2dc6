/** The window a list query asks for. */
export interface Paging {
  offset: number;
  limit: number;
}

/** Where the window sits, as every list answers it. */
export const pagePosition = ({ offset, limit }: Paging) => ({ activePage: Math.floor(offset / limit) + 1, perPage: limit });

/** A list's answer: the page's rows, the total, where the page sits, and what a list adds (isEditable…). */
export const page = <T, E extends object = object>(data: T[], total: number, q: Paging, extra?: E) => ({
  data,
  total,
  ...pagePosition(q),
  ...(extra as E),
});
