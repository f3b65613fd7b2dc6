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
