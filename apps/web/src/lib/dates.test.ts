import { describe, expect, it } from 'vitest';
import { dateRangePresets, dayParam, formatDate, formatDateTime, formatTime, isoDay, lastDaysRange } from './dates';

describe('formatDateTime', () => {
  it('uses month/day/year and a 12-hour clock with pm', () => {
    expect(formatDateTime(new Date(2026, 10, 21, 18, 40))).toBe('11/21/2026 6:40 pm');
  });

  it('pads month, day and minutes but not the hour', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 9, 3))).toBe('01/05/2026 9:03 am');
  });

  it('shows midnight as 12 am and noon as 12 pm', () => {
    expect(formatTime(new Date(2026, 2, 1, 0, 5))).toBe('12:05 am');
    expect(formatTime(new Date(2026, 2, 1, 12, 0))).toBe('12:00 pm');
    expect(formatTime(new Date(2026, 2, 1, 23, 59))).toBe('11:59 pm');
  });

  it('accepts ISO strings and timestamps', () => {
    const d = new Date(2026, 10, 21, 18, 40);
    expect(formatDateTime(d.toISOString())).toBe('11/21/2026 6:40 pm');
    expect(formatDateTime(d.getTime())).toBe('11/21/2026 6:40 pm');
  });

  it('gives empty text for missing or invalid dates', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate('nope')).toBe('');
  });
});

describe('date ranges', () => {
  it('isoDay prints the local calendar day', () => {
    expect(isoDay(new Date(2026, 1, 3, 23, 30))).toBe('2026-02-03');
  });

  it('lastDaysRange goes from 29 days before today up to today', () => {
    const [start, end] = lastDaysRange(29, new Date(2026, 10, 21, 15, 0));
    expect(isoDay(start)).toBe('2026-10-23');
    expect(isoDay(end)).toBe('2026-11-21');
  });
});

describe('dayParam', () => {
  it('keeps a real yyyy-mm-dd day and refuses anything else', () => {
    expect(dayParam('2026-02-28')).toBe('2026-02-28');
    expect(dayParam('2026-02-30')).toBeNull();
    expect(dayParam('02/28/2026')).toBeNull();
    expect(dayParam('')).toBeNull();
    expect(dayParam(null)).toBeNull();
  });
});

describe('dateRangePresets', () => {
  it('counts today, the last 7 and 30 days and this month in local days, today included', () => {
    const presets = dateRangePresets(new Date(2026, 2, 3, 15, 30));
    expect(presets).toEqual([
      { label: 'Today', value: ['2026-03-03', '2026-03-03'] },
      { label: 'Last 7 days', value: ['2026-02-25', '2026-03-03'] },
      { label: 'Last 30 days', value: ['2026-02-02', '2026-03-03'] },
      { label: 'This month', value: ['2026-03-01', '2026-03-03'] },
    ]);
  });
});
