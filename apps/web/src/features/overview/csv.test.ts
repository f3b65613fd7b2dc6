import { describe, expect, it } from 'vitest';
import { chartCsv } from './csv';

describe('chartCsv', () => {
  it('quotes commas and quotes, and defuses formulas', () => {
    expect(
      chartCsv(
        ['Package', 'Holders'],
        [
          ['Gold, "plus"', 3],
          ['=HYPERLINK("x")', 1],
          ['-1', -1],
        ],
      ),
    ).toBe('Package,Holders\r\n"Gold, ""plus""",3\r\n"\'=HYPERLINK(""x"")",1\r\n\'-1,-1\r\n');
  });
});
