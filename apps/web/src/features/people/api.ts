import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdvisorDetail,
  AdvisorItem,
  AdvisorLookup,
  ListResponse,
  PortalUser,
  SearchBody,
  ServerMessage,
  SignInMethod,
  SponsorAdminCreateBody,
  SponsorAdminItem,
  SponsorAdminUpdateBody,
  SponsorCategoriesResponse,
  SponsoredAdvisorCreateBody,
  SponsoredAdvisorItem,
  SponsoredAdvisorUpdateBody,
  SponsorGroup,
} from '@vault/contract';
import { LOOKUP_PLACEHOLDER_NAME } from '@vault/contract';
import { api } from '../../lib/api';
import type { ListSort } from '../../lib/list-state';
import { invalidateInPortal, type PortalScope, scopeKey } from '../../lib/portal-scope';

/** Query keys: each names the chosen sponsor, so changing the sponsor reloads the screen's data. */
export const peopleKeys = {
  admins: (sponsorId: number) => ['people', sponsorId, 'admins'] as const,
  /** `scope`: the portal, or 'all' for every portal's administrators (scopeKey). */
  adminList: (scope: number | 'all', sponsorCode: string, offset: number, limit: number, search: SearchBody | null) =>
    ['people', scope, 'admins', 'list', { sponsorCode, offset, limit, search }] as const,
  admin: (sponsorId: number, id: number) => ['people', sponsorId, 'admins', 'one', id] as const,
  reps: (sponsorId: number) => ['people', sponsorId, 'reps'] as const,
  repList: (sponsorId: number, sponsorCode: string, offset: number, limit: number, search: SearchBody | null, unassigned: boolean) =>
    ['people', sponsorId, 'reps', 'list', { sponsorCode, offset, limit, search, unassigned }] as const,
  rep: (sponsorId: number, userId: number) => ['people', sponsorId, 'reps', 'one', userId] as const,
  advisors: () => ['people', 'advisors'] as const,
  advisorList: (sponsorId: number, offset: number, limit: number, search: SearchBody | null) =>
    ['people', 'advisors', 'list', sponsorId, { offset, limit, search }] as const,
  advisor: (sponsorId: number, id: number) => ['people', 'advisors', 'one', sponsorId, id] as const,
  user: (sponsorId: number, id: number) => ['people', sponsorId, 'user', id] as const,
  groups: (sponsorCode: string) => ['people', 'groups', sponsorCode] as const,
  categories: (sponsorId: number) => ['people', sponsorId, 'categories'] as const,
};

// ---------------------------------------------------------------- administrators

/** The chosen portal's administrators, or every portal's for staff with `all=1` (decision 0052). */
export function useAdminList(
  scope: PortalScope,
  offset: number,
  limit: number,
  search: SearchBody | null,
  filters: { secondFactor?: 'on' | 'off'; signIn?: SignInMethod } = {},
  sort: ListSort | null = null,
) {
  const { secondFactor, signIn } = filters;
  const { sponsorId, sponsorCode, all } = scope;
  // The list names its portal by code, the search by id (specification section 7); every portal: neither.
  const portal = (named: Record<string, string | number>) => (all ? { allPortals: 'true' } : named);
  return useQuery({
    queryKey: [
      ...peopleKeys.adminList(scopeKey(scope), all ? '' : sponsorCode, offset, limit, search),
      secondFactor ?? 'all',
      signIn ?? 'all',
      sort,
    ],
    queryFn: ({ signal }) =>
      search
        ? api<ListResponse<SponsorAdminItem>>('POST', '/api/v1/sponsors/admin/search', {
            query: { ...portal({ sponsorId }), offset, limit, secondFactor, signIn, ...sort },
            body: search,
            signal,
          })
        : api<ListResponse<SponsorAdminItem>>('GET', '/api/v1/sponsors/admin', {
            query: { ...portal({ sponsorcode: sponsorCode }), offset, limit, secondFactor, signIn, ...sort },
            signal,
          }),
    enabled: all || (sponsorId > 0 && sponsorCode !== ''),
    placeholderData: keepPreviousData,
  });
}

export function useAdmin(sponsorId: number, id: number) {
  return useQuery({
    queryKey: peopleKeys.admin(sponsorId, id),
    queryFn: ({ signal }) => api<SponsorAdminItem>('GET', `/api/v1/sponsors/admin/${id}`, { query: { sponsorid: sponsorId }, signal }),
    enabled: sponsorId > 0 && id > 0,
  });
}

export function useCreateAdmin(sponsorId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SponsorAdminCreateBody) => api<SponsorAdminItem>('POST', '/api/v1/sponsors/admin', { body }),
    onSuccess: () => invalidateInPortal(qc, peopleKeys.admins(sponsorId)),
  });
}

export function useUpdateAdmin(sponsorId: number, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SponsorAdminUpdateBody) =>
      api<SponsorAdminItem>('PUT', `/api/v1/sponsors/admin/${id}`, { query: { sponsorid: sponsorId }, body }),
    onSuccess: (saved) => {
      qc.setQueryData(peopleKeys.admin(sponsorId, id), saved);
      return invalidateInPortal(qc, peopleKeys.admins(sponsorId));
    },
  });
}

export type AdminAction = 'activate' | 'deactivate' | 'resetpassword' | 'activation-email';

/** The confirmation commands of the administrator list (specification section 7). */
export function adminCommand(action: AdminAction, sponsorId: number, id: number): () => Promise<ServerMessage> {
  const query = { sponsorid: sponsorId };
  switch (action) {
    case 'activate':
      return () => api<ServerMessage>('PUT', `/api/v1/sponsors/admin/${id}/activate`, { query, body: { statusId: 1 } });
    case 'deactivate':
      // The specification sends this call with the version header v2.
      return () => api<ServerMessage>('PUT', `/api/v1/sponsors/admin/${id}/deactivate`, { query, headers: { 'Accept-Version': 'v2' } });
    case 'resetpassword':
      return () => api<ServerMessage>('PUT', `/api/v1/sponsors/admin/${id}/resetpassword`, { query });
    case 'activation-email':
      return () => api<ServerMessage>('POST', `/api/v1/sponsors/admin/${id}/activation-email`, { query });
  }
}

// ---------------------------------------------------------------- representatives

export function useRepList(
  sponsorId: number,
  sponsorCode: string,
  offset: number,
  limit: number,
  search: SearchBody | null,
  unassigned = false,
  sort: ListSort | null = null,
) {
  return useQuery({
    queryKey: [...peopleKeys.repList(sponsorId, sponsorCode, offset, limit, search, unassigned), sort],
    queryFn: ({ signal }) => {
      type L = ListResponse<SponsoredAdvisorItem>;
      if (unassigned)
        return api<L>('GET', '/api/v1/sponsoredadvisor/unassigned', { query: { sponsorid: sponsorId, offset, limit, ...sort }, signal });
      if (search)
        return api<L>('POST', '/api/v1/sponsoredadvisor/search', {
          query: { sponsorid: sponsorId, offset, limit, ...sort },
          body: search,
          signal,
        });
      return api<L>('GET', '/api/v1/sponsoredadvisor', { query: { sponsorCode, offset, limit, ...sort }, signal });
    },
    enabled: sponsorId > 0 && sponsorCode !== '',
    placeholderData: keepPreviousData,
  });
}

export function useRep(sponsorId: number, userId: number) {
  return useQuery({
    queryKey: peopleKeys.rep(sponsorId, userId),
    queryFn: ({ signal }) => api<SponsoredAdvisorItem>('GET', `/api/v1/sponsoredadvisor/${userId}`, { query: { sponsorId }, signal }),
    enabled: sponsorId > 0 && userId > 0,
  });
}

/** The look-up before adding (specification section 5: first and last name sent as NA). */
export const lookupAdvisor = (sponsorId: number, email: string) =>
  api<AdvisorLookup>('POST', '/api/v1/sponsoredadvisor/details', {
    query: { sponsorId },
    body: { email, firstName: LOOKUP_PLACEHOLDER_NAME, lastName: LOOKUP_PLACEHOLDER_NAME },
  });

export function useSaveRep(sponsorId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { mode: 'create'; body: SponsoredAdvisorCreateBody } | { mode: 'update'; body: SponsoredAdvisorUpdateBody }) =>
      input.mode === 'create'
        ? api<SponsoredAdvisorItem>('POST', '/api/v1/sponsoredadvisor', { query: { sponsorId }, body: input.body })
        : api<SponsoredAdvisorItem>('PUT', '/api/v1/sponsoredadvisor/update', { query: { sponsorId }, body: input.body }),
    onSuccess: (saved) => {
      qc.setQueryData(peopleKeys.rep(sponsorId, saved.userId), saved);
      void qc.invalidateQueries({ queryKey: peopleKeys.reps(sponsorId) });
      void qc.invalidateQueries({ queryKey: peopleKeys.advisors() });
    },
  });
}

export type RepAction = 'activate' | 'deactivate' | 'resetpassword' | 'activation-email';

export function repCommand(action: RepAction, sponsorId: number, userId: number): () => Promise<ServerMessage> {
  const query = { sponsorid: sponsorId };
  const base = `/api/v1/sponsoredadvisor/${userId}`;
  switch (action) {
    case 'activate':
      return () => api<ServerMessage>('PUT', `${base}/activate`, { query, body: { statusId: 1 } });
    case 'deactivate':
      return () => api<ServerMessage>('PUT', `${base}/deactivate`, { query });
    case 'resetpassword':
      return () => api<ServerMessage>('PUT', `${base}/resetpassword`, { query });
    case 'activation-email':
      return () => api<ServerMessage>('POST', `${base}/activation-email`, { query });
  }
}

/** The test-account check and save of a representative or trusted collaborator (users/{id}). */
export function usePortalUser(sponsorId: number, id: number, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.user(sponsorId, id),
    queryFn: ({ signal }) => api<PortalUser>('GET', `/api/v1/users/${id}`, { query: { sponsorid: sponsorId }, signal }),
    enabled: enabled && sponsorId > 0 && id > 0,
  });
}

export function useSetTestAccount(sponsorId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, testAccount }: { id: number; testAccount: boolean }) => {
      const user = await api<PortalUser>('GET', `/api/v1/users/${id}`, { query: { sponsorid: sponsorId } });
      return api<PortalUser>('PUT', `/api/v1/users/${id}`, {
        query: { sponsorid: sponsorId, testaccount: testAccount },
        body: { ...user, testAccount },
      });
    },
    onSuccess: (user) => {
      qc.setQueryData(peopleKeys.user(sponsorId, user.id), user);
      void qc.invalidateQueries({ queryKey: peopleKeys.reps(sponsorId) });
      void qc.invalidateQueries({ queryKey: peopleKeys.advisors() });
    },
  });
}

// ---------------------------------------------------------------- trusted collaborators

export function useAdvisorList(sponsorId: number, offset: number, limit: number, search: SearchBody | null, sort: ListSort | null) {
  return useQuery({
    queryKey: [...peopleKeys.advisorList(sponsorId, offset, limit, search), sort],
    queryFn: ({ signal }) => {
      const query = { sponsorid: sponsorId || undefined, offset, limit, ...sort };
      return search
        ? api<ListResponse<AdvisorItem>>('POST', '/api/v1/advisors/search', { query, body: search, signal })
        : api<ListResponse<AdvisorItem>>('GET', '/api/v1/advisors/', { query, signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useAdvisor(sponsorId: number, id: number) {
  return useQuery({
    queryKey: peopleKeys.advisor(sponsorId, id),
    queryFn: ({ signal }) => api<AdvisorDetail>('GET', `/api/v1/advisors/${id}`, { query: { sponsorid: sponsorId || undefined }, signal }),
    enabled: id > 0,
  });
}

export type AdvisorAction = 'activate' | 'deactivate' | 'resetpassword' | 'activation-email';

export function advisorCommand(
  action: AdvisorAction,
  sponsorId: number,
  a: Pick<AdvisorItem, 'id' | 'firstName' | 'lastName' | 'email'>,
): () => Promise<ServerMessage> {
  const query = { sponsorid: sponsorId || undefined };
  const person = { id: a.id, firstName: a.firstName, lastName: a.lastName, email: a.email };
  switch (action) {
    case 'activate':
      return () => api<ServerMessage>('PUT', '/api/v1/advisors/activate', { query, body: { ...person, statusId: 1 } });
    case 'deactivate':
      return () => api<ServerMessage>('PUT', `/api/v1/advisors/${a.id}/deactivate`, { query });
    case 'resetpassword':
      return () => api<ServerMessage>('PUT', '/api/v1/advisors/resetpassword', { query, body: person });
    case 'activation-email':
      return () => api<ServerMessage>('POST', `/api/v1/advisors/${a.id}/activation-email`, { query });
  }
}

// ---------------------------------------------------------------- form choices

export function useGroups(sponsorCode: string, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.groups(sponsorCode),
    queryFn: async () =>
      (await api<ListResponse<SponsorGroup>>('GET', `/api/v1/sponsors/${encodeURIComponent(sponsorCode)}/sponsor-group`)).data,
    enabled: enabled && sponsorCode !== '',
    staleTime: 60_000,
  });
}

/** The sponsor's categories, offered as representative permissions. */
export function useCategories(sponsorId: number, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.categories(sponsorId),
    queryFn: async () =>
      (
        await api<SponsorCategoriesResponse>('GET', '/api/v1/fvcore/sponsors/permission/list', {
          query: { sponsorId, group: '', sponsorOnly: true },
        })
      ).data.map((c) => c.name),
    enabled: enabled && sponsorId > 0,
    staleTime: 60_000,
    retry: false,
  });
}
