import { describe, expect, it } from 'vitest';
import { displayDateTime, displayDateTimeIn, displayDateTimeUtc, isTimeZone } from './display-dates.js';

describe('display dates', () => {
  it.each([
    [2026, 10, 21, 18, 40, '11/21/2026 6:40 pm'],
    [2026, 0, 5, 0, 5, '01/05/2026 12:05 am'],
    [2026, 11, 31, 12, 0, '12/31/2026 12:00 pm'],
    [2027, 2, 9, 11, 59, '03/09/2027 11:59 am'],
  ])('writes %i-%i-%i %i:%i as %s', (y, m, d, h, min, text) => {
    expect(displayDateTime(y, m, d, h, min)).toBe(text);
  });

  it('writes an instant in UTC and names the zone', () => {
    expect(displayDateTimeUtc(new Date('2026-11-24T23:30:00-05:00'))).toBe('11/25/2026 4:30 am UTC');
  });

  it("writes an instant in the reader's time zone and names it; UTC without one", () => {
    const at = new Date('2026-11-24T18:40:00Z');
    expect(displayDateTimeIn(at, 'America/New_York')).toBe('11/24/2026 1:40 pm America/New_York');
    expect(displayDateTimeIn(new Date('2026-11-24T23:05:00Z'), 'Europe/Berlin')).toBe('11/25/2026 12:05 am Europe/Berlin');
    expect(displayDateTimeIn(at)).toBe('11/24/2026 6:40 pm UTC');
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
