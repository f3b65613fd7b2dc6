import { type HolderListFilters, STATUS_NAMES, type VaultSearchField } from '@vault/contract';
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { likeContains } from '../../db/like.js';
import { basePackages, users, vaults } from '../../db/schema/index.js';

/**
 * Which holders a search keeps. `users` conditions run on users_sponsor_role_idx, the trigram
 * indexes or (`contains` on e-mail and names) users_holder_search_idx; `vaults` conditions (package, license) drive from vaults_package_idx.
 * `none` means the value cannot match anything (e.g. a non-numeric id).
 */
export type HolderFilter =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'users'; where: SQL; contains?: boolean }
  | { kind: 'vaults'; where: SQL };

const LICENSE_VALUES = ['trial', 'monthly', 'annual'];

export function holderFilter(field: VaultSearchField | undefined, raw: string | undefined): HolderFilter {
  const value = (raw ?? '').trim();
  if (!field || value === '') return { kind: 'all' };
  switch (field) {
    case 'id': {
      if (!/^\d{1,9}$/.test(value)) return { kind: 'none' };
      return { kind: 'users', where: eq(users.id, Number(value)) };
    }
    case 'firstName':
      return { kind: 'users', where: sql`${users.firstName} ilike ${likeContains(value)}`, contains: true };
    case 'lastName':
      return { kind: 'users', where: sql`${users.lastName} ilike ${likeContains(value)}`, contains: true };
    case 'email':
      return { kind: 'users', where: sql`${users.email} ilike ${likeContains(value)}`, contains: true };
    case 'status': {
      const v = value.toLowerCase();
      const ids = Object.entries(STATUS_NAMES)
        .filter(([id, name]) => id === v || name.toLowerCase().startsWith(v))
        .map(([id]) => Number(id));
      return ids.length ? { kind: 'users', where: inArray(users.statusId, ids) } : { kind: 'none' };
    }
    case 'license': {
      const v = value.toLowerCase();
      const matches = LICENSE_VALUES.filter((l) => l.startsWith(v));
      return matches.length ? { kind: 'vaults', where: inArray(vaults.license, matches as never) } : { kind: 'none' };
    }
    case 'package': {
      const byId = /^\d{1,9}$/.test(value) ? sql` or ${basePackages.id} = ${Number(value)}` : sql``;
      return {
        kind: 'vaults',
        where: sql`${vaults.packageId} in (select ${basePackages.id} from ${basePackages} where ${basePackages.name} ilike ${likeContains(value)}${byId})`,
      };
    }
  }
}

const DAY_MS = 86_400_000;
const dayStart = (day: string) => `${day}T00:00:00.000Z`;
const nextDayStart = (day: string) => new Date(Date.parse(dayStart(day)) + DAY_MS).toISOString();

/**
 * A search narrowed by the list's other filters (decision 0048). Creation days are UTC days, as the
 * Overview's counters read them, and run on users_holder_created_idx (sponsor, role, created_at,
 * id); a package alone stays a `vaults` filter on vaults_package_idx. Mixed with user conditions the
 * vault's conditions become a sub-select of holder ids.
 */
export function withListFilters(base: HolderFilter, f: HolderListFilters): HolderFilter {
  if (base.kind === 'none') return base;
  const userConds: SQL[] = [];
  if (f.createdFrom) userConds.push(sql`${users.createdAt} >= ${dayStart(f.createdFrom)}::timestamptz`);
  if (f.createdTo) userConds.push(sql`${users.createdAt} < ${nextDayStart(f.createdTo)}::timestamptz`);
  if (f.activated === 'yes') userConds.push(isNotNull(users.activatedAt));
  if (f.activated === 'no') userConds.push(isNull(users.activatedAt));
  const vaultConds: SQL[] = [];
  if (base.kind === 'vaults') vaultConds.push(base.where);
  if (f.packageId !== undefined) vaultConds.push(eq(vaults.packageId, f.packageId));
  if (userConds.length === 0) {
    if (vaultConds.length === 0) return base;
    if (base.kind === 'users') userConds.push(base.where);
    else return { kind: 'vaults', where: and(...vaultConds)! };
  } else if (base.kind === 'users') userConds.push(base.where);
  if (vaultConds.length) userConds.push(sql`${users.id} in (select ${vaults.holderUserId} from ${vaults} where ${and(...vaultConds)})`);
  return { kind: 'users', where: and(...userConds)!, ...(base.kind === 'users' && base.contains ? { contains: true } : {}) };
}

/** The list's other filters as part of a cached total's key: '' when none is set. */
export const LIST_FILTER_KEYS = ['createdFrom', 'createdTo', 'packageId', 'activated'] as const;
export const listFiltersKey = (f: HolderListFilters) =>
  LIST_FILTER_KEYS.map((k) => f[k] ?? '')
    .join('|')
    .replace(/^\|+$/, '');
