import { displayDateTime } from '@vault/contract';

/** Dates in the specification's format: month/day/year and a 12-hour clock with am/pm ("11/21/2026 6:40 pm"). */
export type DateInput = Date | string | number | null | undefined;

const pad = (n: number) => String(n).padStart(2, '0');

export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "11/21/2026" in local time; empty text for a missing or invalid date. */
export function formatDate(value: DateInput): string {
  const d = toDate(value);
  if (!d) return '';
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
}

/** "6:40 pm", "12:05 am". */
export function formatTime(value: DateInput): string {
  const d = toDate(value);
  if (!d) return '';
  const h = d.getHours();
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(d.getMinutes())} ${h < 12 ? 'am' : 'pm'}`;
}

/** "11/21/2026 6:40 pm" in local time (the contract's format, which e-mails write in UTC); empty text for a missing or invalid date. */
export function formatDateTime(value: DateInput): string {
  const d = toDate(value);
  return d ? displayDateTime(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()) : '';
}

/** yyyy-mm-dd of a local date, as date inputs and query strings want it. */
export function isoDay(value: DateInput): string {
  const d = toDate(value);
  return d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '';
}

/** The audit default range (specification section 9): from `days` days before today up to today. */
export function lastDaysRange(days: number, today: Date = new Date()): [Date, Date] {
  const end = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const start = new Date(end);
  start.setDate(start.getDate() - days);
  return [start, end];
}

/** The same formats for Mantine's pickers (dayjs tokens): "11/21/2026" and "11/21/2026 6:40 pm". */
export const PICKER_DATE_FORMAT = 'MM/DD/YYYY';
export const PICKER_DATE_TIME_FORMAT = 'MM/DD/YYYY h:mm a';

/** yyyy-mm-dd, as date filters keep a day in the URL. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A yyyy-mm-dd URL parameter, or null when it is missing or not a real day. */
export function dayParam(raw: string | null | undefined): string | null {
  return raw && DAY_PATTERN.test(raw) && isoDay(`${raw}T00:00:00`) === raw ? raw : null;
}

export interface DateRangePreset {
  label: string;
  /** First and last day, both included, as yyyy-mm-dd. */
  value: [string, string];
}

/** The quick ranges every date filter offers, counted in local days up to and including today. */
export function dateRangePresets(today: Date = new Date()): DateRangePreset[] {
  const day = (offset: number) => isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset));
  const t = day(0);
  return [
    { label: 'Today', value: [t, t] },
    { label: 'Last 7 days', value: [day(-6), t] },
    { label: 'Last 30 days', value: [day(-29), t] },
    { label: 'This month', value: [isoDay(new Date(today.getFullYear(), today.getMonth(), 1)), t] },
  ];
}
