/** The left navigation of specification section 2, in its exact order. */
export interface NavItem {
  label: string;
  path: string;
  /** Other paths under which this item is the active one (detail screens). */
  also?: string[];
}

export const NAV_ITEMS: readonly NavItem[] = [
  // Before the specification's items: an addition (decision 0046); `/` stays the vault list.
  { label: 'Overview', path: '/overview' },
  { label: 'Vaults', path: '/', also: ['/vaultdetails'] },
  { label: 'New Vault', path: '/vault' },
  { label: 'Administrators', path: '/sponsor-admin' },
  { label: 'Representatives', path: '/sponsor-trusted-advisors' },
  { label: 'Trusted Collaborators', path: '/trusted-advisors', also: ['/trusted-advisor'] },
  { label: 'Portals', path: '/sponsors', also: ['/sponsor'] },
  { label: 'Sub-Portals', path: '/advisor-portal', also: ['/advisor-portal-details'] },
  { label: 'Base Packages', path: '/basepackages' },
  { label: 'Active Packages', path: '/packages' },
  { label: 'App Integrations', path: '/app-integrations' },
  { label: 'Sponsor Authorizations', path: '/sponsor-authorization' },
  { label: 'Invitation', path: '/invitation' },
  { label: 'Messages', path: '/messages' },
  { label: 'Failed Files', path: '/upload-failed-files' },
  { label: 'Audit Logs', path: '/audit-logs' },
  { label: 'App Status', path: '/service-status' },
  { label: 'Logout', path: '/logout' },
];

/** Paths that need no sponsor chosen (specification section 2). */
/** /messages without a portal: staff set the service's message defaults there (decision 0044). */
/** /overview without a portal: staff see all portals summed (decision 0046). */
export const NO_SPONSOR_PATHS = [
  '/sponsor',
  '/sponsors',
  '/basepackages',
  '/logout',
  '/audit-logs',
  '/account',
  '/messages',
  '/overview',
] as const;

export const MISSING_SPONSOR_TITLE = 'Warning! Portal code is missing';
export const MISSING_SPONSOR_MESSAGE = 'Please choose a Portal.';

const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/** Whether opening this path needs a chosen sponsor. */
/** The lists staff may open for every portal at once with `all=1` (decision 0052). */
export const ALL_PORTALS_LISTS = ['/', '/invitation', '/upload-failed-files', '/sponsor-admin', '/audit-logs'] as const;

/**
 * Whether opening this address needs a chosen sponsor. A list asked for every portal (`all=1`, as
 * the Overview's "All portals" figures link) needs none; the list itself honours it for staff only.
 */
export function needsSponsor(pathname: string, search = ''): boolean {
  if (new URLSearchParams(search).get('all') === '1' && (ALL_PORTALS_LISTS as readonly string[]).includes(pathname)) return false;
  return !NO_SPONSOR_PATHS.some((p) => under(pathname, p));
}

/** The navigation item to highlight for the current path. */
export function activeNavItem(pathname: string): NavItem | undefined {
  if (pathname === '/') return NAV_ITEMS.find((i) => i.path === '/');
  let best: NavItem | undefined;
  let bestLength = 0;
  for (const item of NAV_ITEMS) {
    for (const base of [item.path, ...(item.also ?? [])]) {
      if (base !== '/' && under(pathname, base) && base.length > bestLength) {
        best = item;
        bestLength = base.length;
      }
    }
  }
  return best;
}

/** Detail screens that show one record of the chosen sponsor, and the list each belongs to. */
const SPONSOR_DETAILS: readonly [RegExp, string][] = [
  [/^\/vaultdetails\/[^/]+$/, '/'],
  [/^\/sponsor-admin\/[^/]+\/said\/[^/]+$/, '/sponsor-admin'],
  [/^\/sponsor-trusted-advisors\/[^/]+\/staid\/[^/]+$/, '/sponsor-trusted-advisors'],
  [/^\/advisor-portal-details\/[^/]+$/, '/advisor-portal'],
  [/^\/trusted-advisor\/[^/]+$/, '/trusted-advisors'],
  [/^\/app-integrations\/webhooks\/[^/]+$/, '/app-integrations/webhooks'],
];

/**
 * Where to go when the sponsor changes: a record of the previous sponsor is not in the new one,
 * so its detail screen gives way to the list; any other screen stays (and reloads its data).
 */
export function screenAfterSponsorChange(pathname: string): string | null {
  for (const [re, list] of SPONSOR_DETAILS) if (re.test(pathname)) return list;
  return null;
}
