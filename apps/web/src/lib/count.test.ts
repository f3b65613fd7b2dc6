import { describe, expect, it } from 'vitest';
import { formatCount } from './count';

describe('formatCount', () => {
  it('groups thousands as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 4552, 12345, 999999, 1000000, 220814, -1234567, Number.MAX_SAFE_INTEGER]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('leaves fractions to the browser', () => {
    expect(formatCount(1234.5)).toBe('1,234.5');
  });
});
