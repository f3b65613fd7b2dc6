import { describe, expect, it } from 'vitest';
import { formatCents, formatMoney } from './money';

describe('money', () => {
  it('always shows the currency, from a decimal string or from cents', () => {
    expect(formatMoney('12.5', 'USD')).toBe('$12.50');
    expect(formatMoney('1234.05', 'EUR')).toBe('€1,234.05');
    expect(formatCents(34900, 'USD')).toBe('$349.00');
    expect(formatCents(999, 'GBP')).toBe('£9.99');
    expect(formatCents(0, 'USD')).toBe('$0.00');
  });

  it('says nothing is there rather than printing a bare number', () => {
    expect(formatMoney(null, 'USD')).toBe('—');
    expect(formatMoney('', 'USD')).toBe('—');
    expect(formatCents(1.5, 'USD')).toBe('—');
  });

  it('falls back to the amount and the code for a currency Intl does not know', () => {
    expect(formatMoney('5.00', 'ZZ1')).toBe('5.00 ZZ1');
  });
});
