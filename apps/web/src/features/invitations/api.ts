import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Invitation,
  InvitationBody,
  InvitationEditBody,
  InvitationImportResult,
  InvitationType,
  ListResponse,
  SearchBody,
  ServerMessage,
} from '@vault/contract';
import { api } from '../../lib/api';
import type { ListSort } from '../../lib/list-state';
import { invalidateInPortal, scopeQuery } from '../../lib/portal-scope';

/** Query keys: every key names the chosen sponsor, so changing the sponsor reloads the data. */
export const invitationKeys = {
  all: ['invitations'] as const,
  lists: (sponsorId: number) => ['invitations', sponsorId, 'list'] as const,
  list: (sponsorId: number | 'all', offset: number, limit: number, search: SearchBody | null, created: CreatedRange = {}) =>
    ['invitations', sponsorId, 'list', { offset, limit, search, ...created }] as const,
  packages: (sponsorId: number) => ['invitations', sponsorId, 'packages'] as const,
  advisors: (sponsorCode: string) => ['invitations', 'advisors', sponsorCode] as const,
};

type List = ListResponse<Invitation>;

/** Creation days, yyyy-mm-dd, both included; a missing bound is open. expiresBefore: an expiry at or before that time. */
export interface CreatedRange {
  fromDate?: string;
  toDate?: string;
  expiresBefore?: string;
}

/**
 * The invitation list of specification section 4: with a sponsor chosen, offset and limit (20 per
 * page); with none (sponsor id 0) an empty list with total 0, without calling the server.
 */
/** `sponsorId` 'all': every portal (staff, decision 0052). */
export function useInvitationList(
  sponsorId: number | 'all',
  offset: number,
  limit: number,
  search: SearchBody | null,
  sort: ListSort | null,
  created: CreatedRange = {},
) {
  return useQuery({
    queryKey: [...invitationKeys.list(sponsorId, offset, limit, search, created), sort],
    queryFn: ({ signal }): Promise<List> =>
      search
        ? api<List>('POST', '/api/v1/invitations/search', {
            query: { ...scopeQuery(sponsorId), offset, limit, ...created, ...sort },
            body: search,
            signal,
          })
        : api<List>('GET', '/api/v1/invitations', {
            query: { ...scopeQuery(sponsorId, 'sponsorid'), offset, limit, ...created, ...sort },
            signal,
          }),
    enabled: sponsorId === 'all' || sponsorId > 0,
    placeholderData: keepPreviousData,
  });
}

export interface PackageChoice {
  id: number;
  name: string;
}

/** The sponsor's active packages, to choose the package of an invitation. */
export function usePackageChoices(sponsorId: number, enabled: boolean) {
  return useQuery({
    queryKey: invitationKeys.packages(sponsorId),
    queryFn: async () => (await api<ListResponse<PackageChoice>>('GET', '/api/v1/packages/filter', { query: { sponsorId } })).data,
    enabled: enabled && sponsorId > 0,
    staleTime: 60_000,
  });
}

export interface AdvisorChoice {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
}

/** The sponsor's representatives (sponsored trusted advisors) an invitation may name. */
export function useAdvisorChoices(sponsorCode: string, enabled: boolean) {
  return useQuery({
    queryKey: invitationKeys.advisors(sponsorCode),
    queryFn: async () =>
      (await api<ListResponse<AdvisorChoice>>('GET', '/api/v1/sponsoredadvisor', { query: { sponsorCode, offset: 0, limit: 100 } })).data,
    enabled: enabled && sponsorCode !== '',
    staleTime: 60_000,
    retry: false,
  });
}

/** Marks one invitation as the default in every cached page of the sponsor (and clears the others). */
export function markDefaultInCache(qc: QueryClient, sponsorId: number, id: number, isDefault = true) {
  qc.setQueriesData<List>({ queryKey: invitationKeys.lists(sponsorId) }, (old) =>
    old
      ? {
          ...old,
          data: old.data.map((inv) =>
            inv.id === id
              ? { ...inv, defaultInviteCode: isDefault }
              : isDefault && inv.defaultInviteCode
                ? { ...inv, defaultInviteCode: false }
                : inv,
          ),
        }
      : old,
  );
}

/** Optimistic default: the list shows the change at once, then the server's truth is fetched again. */
function useOptimisticDefault(sponsorId: number) {
  const qc = useQueryClient();
  return {
    async apply(id: number, isDefault: boolean) {
      await qc.cancelQueries({ queryKey: invitationKeys.lists(sponsorId) });
      const snapshot = qc.getQueriesData<List>({ queryKey: invitationKeys.lists(sponsorId) });
      markDefaultInCache(qc, sponsorId, id, isDefault);
      return snapshot;
    },
    rollback(snapshot: [readonly unknown[], List | undefined][] | undefined) {
      for (const [key, data] of snapshot ?? []) qc.setQueryData(key, data);
    },
    settle: () => invalidateInPortal(qc, invitationKeys.lists(sponsorId)),
  };
}

export function useCreateInvitation(sponsorId: number) {
  const qc = useQueryClient();
  const optimistic = useOptimisticDefault(sponsorId);
  return useMutation({
    mutationFn: ({ itype, body }: { itype: InvitationType; body: InvitationBody }) =>
      api<Invitation>('POST', '/api/v1/invitations', { query: { sponsorid: sponsorId, itype }, body }),
    onSuccess: (created) => {
      if (created.defaultInviteCode) markDefaultInCache(qc, sponsorId, created.id);
    },
    onSettled: optimistic.settle,
  });
}

export function useEditInvitation(sponsorId: number) {
  const optimistic = useOptimisticDefault(sponsorId);
  return useMutation({
    mutationFn: (body: InvitationEditBody) => api<Invitation>('PUT', '/api/v1/invitations', { body }),
    onMutate: async (body) => (body.defaultInviteCode ? optimistic.apply(body.id, true) : undefined),
    onError: (_err, _body, snapshot) => optimistic.rollback(snapshot),
    onSettled: optimistic.settle,
  });
}

export function useSetDefault(sponsorId: number) {
  const optimistic = useOptimisticDefault(sponsorId);
  return useMutation({
    mutationFn: ({ id, isDefault }: { id: number; isDefault: boolean }) =>
      api<Invitation & { clearedIds: number[] }>('PUT', `/api/v1/invitations/${id}/default`, {
        query: { sponsorid: sponsorId },
        body: { defaultInviteCode: isDefault },
      }),
    onMutate: ({ id, isDefault }) => optimistic.apply(id, isDefault),
    onError: (_err, _vars, snapshot) => optimistic.rollback(snapshot),
    onSettled: optimistic.settle,
  });
}

export function useResendInvitation(sponsorId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (inv: Pick<Invitation, 'id' | 'type'>) =>
      api<ServerMessage>('PUT', `/api/v1/invitations/${inv.id}`, { query: { sponsorid: sponsorId, itype: inv.type } }),
    onSettled: () => invalidateInPortal(qc, invitationKeys.lists(sponsorId)),
  });
}

export function useImportInvitations(sponsorId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api<InvitationImportResult>('POST', '/api/v1/invitations/import', { query: { sponsorid: sponsorId }, form });
    },
    onSuccess: (result) => {
      if (result.MigratedInvitation.length > 0) void invalidateInPortal(qc, invitationKeys.lists(sponsorId));
    },
  });
}
