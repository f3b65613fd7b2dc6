import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatMoney, moneyInput, parseMoney } from './packages.js';

describe('money', () => {
  it('turns decimal amounts into exact integer cents', () => {
    expect(parseMoney('12.50')).toEqual({ cents: 1250 });
    expect(parseMoney(12.5)).toEqual({ cents: 1250 });
    expect(parseMoney('0')).toEqual({ cents: 0 });
    expect(parseMoney(' 19.9 ')).toEqual({ cents: 1990 });
    expect(parseMoney('100000000.00')).toEqual({ cents: 10_000_000_000 });
  });

  it('refuses negatives, non-numbers, more than two decimals and floating-point noise', () => {
    expect(parseMoney(-1)).toEqual({ problem: 'negative' });
    expect(parseMoney('-0.01')).toEqual({ problem: 'negative' });
    for (const v of ['abc', '', '1.234', '1e3', '1,000.00', 0.1 + 0.2, Number.NaN, Number.POSITIVE_INFINITY, null, {}]) {
      expect(parseMoney(v), String(v)).toEqual({ problem: 'format' });
    }
    expect(parseMoney('100000000.01')).toEqual({ problem: 'too_large' });
    expect(moneyInput.safeParse('-5').success).toBe(false);
    expect(moneyInput.parse('7.05')).toBe(705);
  });

  it('shows cents as a decimal with its currency', () => {
    expect(centsToDecimal(1250)).toBe('12.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(149900)).toBe('1499.00');
    expect(formatMoney('1499.00', 'USD')).toBe('$1,499.00');
    expect(formatMoney('12.50', 'EUR', 'de-DE').replace(/\s/g, ' ')).toBe('12,50 €');
  });
});
