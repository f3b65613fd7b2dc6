import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateSavedViewBody, ListResponse, SavedViewItem, SavedViewList, ServerMessage, UpdateSavedViewBody } from '@vault/contract';
import { api } from '../../lib/api';

/** Query keys: the portal and the list, so another portal's or list's views are never shown. */
export const savedViewKeys = {
  all: (sponsorId: number) => ['saved-views', sponsorId] as const,
  list: (sponsorId: number, list: SavedViewList) => ['saved-views', sponsorId, list] as const,
};

export function useSavedViews(sponsorId: number, list: SavedViewList) {
  return useQuery({
    queryKey: savedViewKeys.list(sponsorId, list),
    queryFn: ({ signal }) => api<ListResponse<SavedViewItem>>('GET', '/api/v1/saved-views', { query: { sponsorId, list }, signal }),
    enabled: sponsorId > 0,
    staleTime: 60_000,
  });
}

export function useSavedViewMutations(sponsorId: number, list: SavedViewList) {
  const qc = useQueryClient();
  const invalidate = () => qc.invalidateQueries({ queryKey: savedViewKeys.list(sponsorId, list) });
  return {
    create: useMutation({
      mutationFn: (body: CreateSavedViewBody) => api<SavedViewItem>('POST', '/api/v1/saved-views', { query: { sponsorId, list }, body }),
      onSuccess: invalidate,
    }),
    update: useMutation({
      mutationFn: (v: { id: number; body: UpdateSavedViewBody }) =>
        api<SavedViewItem>('PUT', `/api/v1/saved-views/${v.id}`, { query: { sponsorId }, body: v.body }),
      onSuccess: invalidate,
    }),
    remove: (id: number) => api<ServerMessage>('DELETE', `/api/v1/saved-views/${id}`, { query: { sponsorId } }),
    invalidate,
  };
}
