/*
 * The specification's display format: month/day/year with a 12-hour clock and am/pm
 * ("11/21/2026 6:40 pm"). The portal writes it in the reader's time zone; what the server writes
 * (e-mails) has no reader's zone, so it writes UTC and says so.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** "11/21/2026 6:40 pm" from a date's parts (month 0-11, hours 0-23). */
export function displayDateTime(year: number, month: number, day: number, hours: number, minutes: number): string {
  return `${pad(month + 1)}/${pad(day)}/${year} ${hours % 12 === 0 ? 12 : hours % 12}:${pad(minutes)} ${hours < 12 ? 'am' : 'pm'}`;
}

/** "11/24/2026 6:40 pm UTC": an instant in the display format, in UTC, with the zone named. */
export const displayDateTimeUtc = (d: Date): string =>
  `${displayDateTime(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes())} UTC`;

/** True for a time zone name this runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * "11/24/2026 1:40 pm America/New_York": an instant in the display format, in the reader's time
 * zone (sent by the portal), with the zone named; in UTC without one.
 */
export function displayDateTimeIn(d: Date, zone?: string): string {
  if (!zone || zone === 'UTC') return displayDateTimeUtc(d);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
      .formatToParts(d)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>;
  return `${displayDateTime(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute)} ${zone}`;
}
