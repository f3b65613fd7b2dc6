import { STATUS_NAMES, type VaultSearchField } from '@vault/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
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
