import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OverviewResponse } from '@vault/contract';
import { api } from '../../lib/api';

/** Query keys: each names the chosen portal (0: all portals) and the range. */
export const overviewKeys = {
  all: ['overview'] as const,
  figures: (sponsorId: number, fromDate: string, toDate: string) => ['overview', sponsorId, { fromDate, toDate }] as const,
};

/** The Overview's figures; sponsorId 0 is "All portals" (staff). */
export function useOverview(sponsorId: number, fromDate: string, toDate: string, enabled: boolean) {
  return useQuery({
    queryKey: overviewKeys.figures(sponsorId, fromDate, toDate),
    queryFn: ({ signal }) =>
      api<OverviewResponse>('GET', '/api/v1/overview', {
        query: { sponsorId: sponsorId > 0 ? sponsorId : undefined, fromDate, toDate },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
