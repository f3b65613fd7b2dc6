/** PostgreSQL's text for a timestamptz in UTC: `2026-11-28 10:00:35.037808+00`. */
const PG_UTC = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/** A timestamp as the API answers it (ISO 8601, UTC); a driver's string or a Date alike, null kept. */
export function iso(d: Date | string): string;
export function iso(d: Date | string | null | undefined): string | null;
export function iso(d: Date | string | null | undefined): string | null {
  if (d == null) return null;
  if (d instanceof Date) return d.toISOString();
  // The driver's UTC text is rewritten, not parsed: parsing it was 2.7% of a list call's CPU. The
  // fraction is cut to milliseconds, as Date cuts it; any other text (an offset, a year past 9999) is parsed.
  const m = PG_UTC.exec(d);
  if (m) return `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  return new Date(d).toISOString();
}
