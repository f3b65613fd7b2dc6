import { saveFile } from '../../lib/save-file';
/**
 * A chart's numbers as RFC 4180 CSV. A cell starting with = + - @ is prefixed with ' so a
 * spreadsheet never runs a package name as a formula (OWASP CSV injection).
 */
export function chartCsv(headers: string[], rows: (string | number)[][]): string {
  const cell = (v: string | number) => {
    let s = String(v);
    if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `${[headers, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

export const saveCsv = (fileName: string, csv: string) => saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
