/** Parses `page` from the URL: a positive integer, otherwise 1. (Without React: the entry uses it.) */
export function parsePage(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
