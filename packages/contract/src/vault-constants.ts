/**
 * Plain constants of vaults and vault holders (no zod), so the vault list's first load does not
 * pull the schemas in. vaults.ts re-exports them.
 */

export const LICENSES = ['trial', 'monthly', 'annual'] as const;
export const VAULT_TAGS = ['individual', 'business', 'family'] as const;
export const DEFAULT_VAULT_TAG = 'individual' as const;
export const LICENSE_LABELS: Record<(typeof LICENSES)[number], string> = { trial: 'Trial', monthly: 'Monthly', annual: 'Annual' };
export const TAG_LABELS: Record<(typeof VAULT_TAGS)[number], string> = { individual: 'Individual', business: 'Business', family: 'Family' };

/** Column options of the vault holder list (specification section 2), plus the "last sign-in" column. */
export const VAULT_COLUMNS = ['id', 'firstName', 'lastName', 'email', 'package', 'license', 'status', 'lastLoginAt'] as const;
export type VaultColumn = (typeof VAULT_COLUMNS)[number];
export const VAULT_COLUMN_LABELS: Record<VaultColumn, string> = {
  id: 'Id',
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  package: 'Package',
  license: 'License',
  status: 'Status',
  lastLoginAt: 'Last Sign-in',
};
export const DEFAULT_VAULT_COLUMNS: VaultColumn[] = ['id', 'firstName', 'lastName', 'email', 'package', 'license', 'status'];

/** Fields the list can be searched by (specification section 2). Text fields match "contains". */
export const VAULT_SEARCH_FIELDS = ['id', 'firstName', 'lastName', 'email', 'package', 'license', 'status'] as const;
export type VaultSearchField = (typeof VAULT_SEARCH_FIELDS)[number];
export const VAULT_SEARCH_LABELS = Object.fromEntries(VAULT_SEARCH_FIELDS.map((f) => [f, VAULT_COLUMN_LABELS[f]])) as Record<
  VaultSearchField,
  string
>;

/**
 * The vault holder list's sortable columns (`sortBy`); without one it is in holder id order. Kept
 * here, away from the schemas, because the first screen reads it.
 */
export const VAULT_SORT_FIELDS = ['id', 'firstName', 'lastName', 'email', 'status', 'createdAt', 'lastLoginAt'] as const;
export type VaultSortField = (typeof VAULT_SORT_FIELDS)[number];

export const BULK_ACTIONS = ['activate', 'deactivate', 'resendActivation'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BULK_MAX = 5000;
export const EXPORT_MAX_ROWS = 100_000;

/** Columns of the vault holder import file; the downloadable template has exactly these. */
export const IMPORT_COLUMNS = [
  'email',
  'firstName',
  'lastName',
  'middleName',
  'organizationName',
  'package',
  'license',
  'tag',
  'entityType',
  'testAccount',
  'localize',
] as const;
export const IMPORT_REQUIRED_COLUMNS = ['email', 'firstName', 'lastName', 'package'] as const;
const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * The import template of one portal: the header and one example row per package the portal has
 * (at most three), so every example names a package the import accepts; a portal without packages
 * gets one row with the package left for the user to fill in.
 */
export function importTemplateCsv(packageNames: readonly string[]): string {
  const names = packageNames.length ? packageNames.slice(0, 3) : [''];
  const people = [
    ['jane.doe@example.com', 'Jane', 'Doe'],
    ['john.smith@example.com', 'John', 'Smith'],
    ['ana.garcia@example.com', 'Ana', 'Garcia'],
  ];
  const rows = names.map((pkg, i) => [...people[i]!, '', '', csvCell(pkg), 'trial', 'individual', '', 'false', 'en'].join(','));
  return `${[IMPORT_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
/** How many preview rows the upload answer carries; the full error report is a download. */
export const IMPORT_PREVIEW_ROWS = 5000;
