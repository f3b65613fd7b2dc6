import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateInPortal, scopeQuery } from './portal-scope';

describe('invalidateInPortal', () => {
  it("refreshes the portal's queries and the same lists across every portal, not another portal's", async () => {
    const qc = new QueryClient();
    const keys = {
      portal: ['vaults', 5, 'list', { offset: 0 }],
      all: ['vaults', 'all', 'list', { offset: 0 }],
      other: ['vaults', 6, 'list', { offset: 0 }],
      area: ['people', 'all', 'admins'],
    };
    for (const key of Object.values(keys)) qc.setQueryData(key, []);
    await invalidateInPortal(qc, ['vaults', 5]);
    const stale = (key: unknown[]) => qc.getQueryState(key)?.isInvalidated;
    expect([stale(keys.portal), stale(keys.all), stale(keys.other), stale(keys.area)]).toEqual([true, true, false, false]);
  });

  it('leaves a key without a portal as it is (no list across portals to refresh)', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['people', 'advisors', 'list'], []);
    qc.setQueryData(['people', 'all', 'admins'], []);
    await invalidateInPortal(qc, ['people', 'advisors']);
    expect(qc.getQueryState(['people', 'advisors', 'list'])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['people', 'all', 'admins'])?.isInvalidated).toBe(false);
  });
});

describe('scopeQuery', () => {
  it('names every portal with allPortals, one portal under the call’s own parameter', () => {
    expect(scopeQuery('all')).toEqual({ allPortals: 'true' });
    expect(scopeQuery(7, 'sponsorcode')).toEqual({ sponsorcode: 7 });
  });
});
