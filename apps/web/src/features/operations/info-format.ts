import { codeWords } from '@vault/contract';

/** Specification section 3: logJson is a JSON string that is parsed into info. */
export function infoOf(logJson: string): Record<string, unknown> {
  try {
    const v = JSON.parse(logJson) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v };
  } catch {
    return { text: logJson };
  }
}

const isChange = (v: unknown): v is { from: unknown; to: unknown } =>
  !!v && typeof v === 'object' && 'from' in v && 'to' in v && Object.keys(v).length === 2;

export function formatValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (isChange(v)) return `${formatValue(v.from)} → ${formatValue(v.to)}`;
  if (Array.isArray(v)) return v.length ? v.map(formatValue).join(', ') : '—';
  if (typeof v === 'object')
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${label(k)}: ${formatValue(x)}`)
      .join('; ');
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
}

/** "statusId" → "Status id", "fileName" → "File name". */
export const label = codeWords;
