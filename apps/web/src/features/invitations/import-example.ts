import { INVITATION_CSV_COLUMNS } from '@vault/contract';
import type { PackageChoice } from './api';

const DAY_MS = 86_400_000;

/**
 * The example lines: one of this portal's own packages (its id where the name would need CSV
 * quoting) and an expiry a month ahead, so that a copied example imports as it is.
 */
export function exampleCsv(pkg: PackageChoice | undefined, now = Date.now()): string {
  const packageCell = !pkg ? 'Basic' : /[",\r\n]/.test(pkg.name) ? String(pkg.id) : pkg.name;
  const expires = new Date(now + 30 * DAY_MS).toISOString().slice(0, 10);
  return [
    INVITATION_CSV_COLUMNS.join(','),
    `strict,jane@example.com,Jane,Doe,,,${expires},${packageCell},en,false`,
    `open,,,,SPRING26,100,${expires},${packageCell},en,false`,
  ].join('\n');
}
