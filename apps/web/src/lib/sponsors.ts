import { useQuery } from '@tanstack/react-query';
import type { ListResponse, SessionUser, SponsorSummary } from '@vault/contract';
import { api } from './api';

export const shellKeys = {
  mySponsors: ['shell', 'sponsors'] as const,
  me: ['shell', 'me'] as const,
};

export const bySponsorCode = (a: SponsorSummary, b: SponsorSummary) =>
  a.sponsorCode.localeCompare(b.sponsorCode, 'en', { sensitivity: 'base' });

/** The sponsors the signed-in user may work in, sorted by sponsorCode (the header dropdown). */
export function useMySponsors(enabled = true) {
  return useQuery({
    queryKey: shellKeys.mySponsors,
    queryFn: async () => {
      const res = await api<ListResponse<SponsorSummary>>('GET', '/api/v1/sponsors');
      return [...res.data].sort(bySponsorCode);
    },
    enabled,
    staleTime: 60_000,
  });
}

export const fetchMe = () => api<{ user: SessionUser }>('GET', '/api/v1/authentication/me');
