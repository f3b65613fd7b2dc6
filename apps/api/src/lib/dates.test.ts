import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/per-file-app.js';
import { iso } from './dates.js';

const t = useTestApp();

/** PostgreSQL's own text for an instant, in UTC, with `micros` microseconds. */
const pgText = (at: Date, micros: number) => {
  const [day, time] = at.toISOString().slice(0, 19).split('T');
  const fraction = micros ? `.${String(micros).padStart(6, '0').replace(/0+$/, '')}` : '';
  return `${day} ${time}${fraction}+00`;
};

describe('iso', () => {
  it('answers the instant Date reads from the driver’s UTC text, for any instant and fraction', () => {
    const instant = fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true });
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 999_999 }), (at, micros) => {
        const text = pgText(new Date(Math.floor(at.getTime() / 1000) * 1000), micros);
        expect(iso(text)).toBe(new Date(text).toISOString());
      }),
      { numRuns: 2000 },
    );
  });

  it('reads timestamps as the database sends them, in UTC and in another time zone', async () => {
    const [row] = await t.database.query<{ a: string; b: string; c: string; d: string }>(`select
        '2026-11-28 10:00:35.037808+00'::timestamptz::text as a,
        '2026-11-28 10:00:35+00'::timestamptz::text as b,
        '1999-12-31 23:59:59.9999+00'::timestamptz::text as c,
        ('2026-11-28 10:00:35.5+00'::timestamptz at time zone 'Asia/Kolkata')::text || '+05:30' as d`);
    expect(iso(row!.a)).toBe('2026-11-28T10:00:35.037Z');
    expect(iso(row!.b)).toBe('2026-11-28T10:00:35.000Z');
    expect(iso(row!.c)).toBe('1999-12-31T23:59:59.999Z');
    expect(iso(row!.d)).toBe('2026-11-28T10:00:35.500Z');
  });

  it('keeps null and reads a Date', () => {
    expect(iso(null)).toBeNull();
    expect(iso(new Date('2026-01-02T03:04:05.006Z'))).toBe('2026-01-02T03:04:05.006Z');
  });
});
