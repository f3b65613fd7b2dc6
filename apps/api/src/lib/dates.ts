/** A timestamp as the API answers it (ISO 8601, UTC); a driver's string or a Date alike, null kept. */
export function iso(d: Date | string): string;
export function iso(d: Date | string | null | undefined): string | null;
export function iso(d: Date | string | null | undefined): string | null {
  return d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();
}
