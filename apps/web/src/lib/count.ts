/**
 * A whole count as the portal writes it: "4,552", "1,000,000" (en-US grouping). Written out rather
 * than with toLocaleString, whose first use on a page loads the browser's number-format data
 * (20–30 ms on the vault list's first render, where "1–20 of 4,552" is the only number).
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
