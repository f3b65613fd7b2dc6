import { centsToDecimal, formatMoney as formatDecimal } from '@vault/contract';

/**
 * Money on every screen: always with its currency ("$12.50", "€9.99"), never raw cents. Amounts
 * travel as exact decimal strings; cents (as audit details keep them) are turned into one first.
 */
export function formatMoney(amount: string | null | undefined, currency: string): string {
  if (amount === null || amount === undefined || amount.trim() === '') return '—';
  return formatDecimal(amount.trim(), currency);
}

/** Integer cents → "$12.50". */
export function formatCents(cents: number, currency: string): string {
  return Number.isInteger(cents) ? formatDecimal(centsToDecimal(cents), currency) : '—';
}
