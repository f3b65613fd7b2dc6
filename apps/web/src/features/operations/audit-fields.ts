import { STATUS } from '@vault/contract';
import { formatDateTime } from '../../lib/dates';
import { formatCents } from '../../lib/money';
import { formatValue, label } from './info-format';

export interface AuditField {
  key: string;
  label: string;
  text: string;
}

/** Labels the log details use whose plain words would read oddly. */
const LABELS: Record<string, string> = {
  priceSaleCents: 'Sale price',
  priceSale: 'Sale price',
  listPriceCents: 'List price',
  listPrice: 'List price',
  statusId: 'Status',
  deleteReason: 'Reason for archive',
  reason: 'Reason',
  email: 'E-mail',
  inviteCode: 'Invite code',
  packageId: 'Package id',
  sponsorId: 'Portal id',
  clientIp: 'Client address',
  sendActivationEmail: 'Send activation e-mail',
  emailQueued: 'E-mail queued',
  testAccount: 'Test account',
  documents: 'Documents',
};

const STATUS_WORDS: Record<number, string> = Object.fromEntries(
  Object.entries(STATUS).map(([name, id]) => [id, name.charAt(0).toUpperCase() + name.slice(1)]),
);

const isChange = (v: unknown): v is { from: unknown; to: unknown } =>
  !!v && typeof v === 'object' && !Array.isArray(v) && 'from' in v && 'to' in v && Object.keys(v).length === 2;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One value: money in cents with the entry's currency, status ids and instants in words, the rest as info-format writes it. */
function valueText(key: string, v: unknown, currency: string): string {
  if (isChange(v)) return `${valueText(key, v.from, currency)} → ${valueText(key, v.to, currency)}`;
  const money = /Cents$/.test(key) || ((key === 'priceSale' || key === 'listPrice') && Number.isInteger(v));
  if (money && typeof v === 'number') return formatCents(v, currency);
  if (key === 'statusId' && typeof v === 'number') return STATUS_WORDS[v] ?? String(v);
  if (typeof v === 'string' && ISO_INSTANT.test(v)) return formatDateTime(v) || v;
  return formatValue(v);
}

/**
 * The parsed logJson as labelled fields. The currency goes with the amounts rather than on a line
 * of its own (audit entries keep money as integer cents beside a currency code; USD when none).
 */
export function auditFields(info: Record<string, unknown>): AuditField[] {
  const currency = typeof info.currency === 'string' && /^[A-Z]{3}$/.test(info.currency) ? info.currency : 'USD';
  const hasMoney = Object.keys(info).some((k) => /Cents$/.test(k) || k === 'priceSale' || k === 'listPrice');
  return Object.entries(info)
    .filter(([k]) => !(k === 'currency' && hasMoney))
    .map(([k, v]) => ({ key: k, label: LABELS[k] ?? label(k), text: valueText(k, v, currency) }));
}

/** One line for the list: "E-mail: a@b.c · Status: Pending → Active". */
export const fieldsSummary = (fields: AuditField[]) => fields.map((f) => `${f.label}: ${f.text}`).join(' · ') || '—';
