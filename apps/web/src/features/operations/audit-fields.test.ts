import { describe, expect, it } from 'vitest';
import { auditFields, fieldsSummary } from './audit-fields';

describe('audit details as labelled fields', () => {
  it('shows cents as money in the entry currency and drops the separate currency line', () => {
    const fields = auditFields({ name: 'Gold', currency: 'EUR', priceSaleCents: { from: 999, to: 34900 } });
    expect(fields).toEqual([
      { key: 'name', label: 'Name', text: 'Gold' },
      { key: 'priceSaleCents', label: 'Sale price', text: '€9.99 → €349.00' },
    ]);
  });

  it('writes status ids as their names, instants in the portal format and flags as yes/no', () => {
    const at = new Date(2026, 10, 21, 18, 40).toISOString();
    expect(fieldsSummary(auditFields({ email: 'a@b.c', statusId: { from: 3, to: 1 }, expiresAt: at, testAccount: true }))).toBe(
      'E-mail: a@b.c · Status: Pending → Active · Expires at: 11/21/2026 6:40 pm · Test account: yes',
    );
  });

  it('keeps a currency that goes with no amount, and says when there is nothing', () => {
    expect(auditFields({ currency: 'USD' })).toEqual([{ key: 'currency', label: 'Currency', text: 'USD' }]);
    expect(fieldsSummary([])).toBe('—');
  });
});
