import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ALL_PORTALS_URL_PARAM } from '@vault/contract/constants';
import { useSearchParams } from 'react-router';
import { useRights } from './rights';
import { useSponsor } from './session';

/** What a list reads: the chosen portal, or for staff with `all=1` in the address every portal. */
export interface PortalScope {
  sponsorId: number;
  sponsorCode: string;
  /** Staff asked for every portal (`all=1`); the list shows a Portal column and offers no changes. */
  all: boolean;
  /** There is something to list: a chosen portal, or every portal. */
  shown: boolean;
  /** The scope as a list call names it: `{ sponsorId }` or `{ allPortals: 'true' }`. */
  query: { sponsorId: number } | { allPortals: 'true' };
}

/**
 * The portal a list reads (decision 0052). `all=1` is honoured for staff only: for anyone else the
 * address changes nothing, and the server refuses `allPortals` to them anyway.
 */
export function usePortalScope(): PortalScope {
  const { sponsorId, sponsorCode } = useSponsor();
  const { staff } = useRights();
  const [params] = useSearchParams();
  const all = staff && params.get(ALL_PORTALS_URL_PARAM) === '1';
  return { sponsorId, sponsorCode, all, shown: all || sponsorId > 0, query: all ? { allPortals: 'true' } : { sponsorId } };
}

/** The scope's part of a query key: the portal's id, or 'all', so switching between them refetches. */
export const scopeKey = (scope: Pick<PortalScope, 'sponsorId' | 'all'>): number | 'all' => (scope.all ? 'all' : scope.sponsorId);

/** A scope key as a list call's query names it: `allPortals=true`, or the portal under the call's own parameter name. */
export const scopeQuery = (key: number | 'all', name = 'sponsorId'): Record<string, string | number> =>
  key === 'all' ? { allPortals: 'true' } : { [name]: key };

/**
 * Refreshes a portal's queries after a change there, and the same queries across every portal
 * (`[area, 'all', …]`), which show that portal's rows too. Keys name their portal second.
 */
export function invalidateInPortal(qc: QueryClient, queryKey: QueryKey) {
  const scoped = typeof queryKey[1] === 'number';
  return Promise.all([
    qc.invalidateQueries({ queryKey }),
    ...(scoped ? [qc.invalidateQueries({ queryKey: [queryKey[0], 'all', ...queryKey.slice(2)] })] : []),
  ]);
}
