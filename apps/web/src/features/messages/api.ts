import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ListResponse,
  MessageBranding,
  MessageBrandingBody,
  MessageItem,
  MessageKind,
  MessageLocale,
  MessageLogoBody,
  MessageOverrideBody,
  MessagePreview,
  MessageTemplateItem,
  ServerMessage,
} from '@vault/contract';
import { api } from '../../lib/api';

/** Query keys: each names the chosen portal (0 for the service's own branding). */
export const messageKeys = {
  all: (sponsorId: number) => ['messages', sponsorId] as const,
  list: (sponsorId: number, q: MessageQuery) => ['messages', sponsorId, 'list', q] as const,
  templates: (sponsorId: number) => ['messages', sponsorId, 'templates'] as const,
  preview: (sponsorId: number, kind: MessageKind, locale: MessageLocale) => ['messages', sponsorId, 'preview', kind, locale] as const,
  branding: (sponsorId: number) => ['messages', sponsorId, 'branding'] as const,
};

export interface MessageQuery {
  offset: number;
  limit: number;
  search?: string;
  kind?: string;
  status?: string;
}

export function useMessages(sponsorId: number, q: MessageQuery) {
  return useQuery({
    queryKey: messageKeys.list(sponsorId, q),
    queryFn: ({ signal }) => api<ListResponse<MessageItem>>('GET', '/api/v1/messages', { query: { sponsorId, ...q }, signal }),
    enabled: sponsorId > 0,
    placeholderData: keepPreviousData,
    // While a shown message is still on its way, the list follows it.
    refetchInterval: (query) => (query.state.data?.data.some((m) => m.status !== 'sent' && m.status !== 'failed') ? 3000 : false),
  });
}

export const sendAgain = (sponsorId: number, id: number) =>
  api<ServerMessage>('POST', `/api/v1/messages/${id}/send-again`, { query: { sponsorId } });

export function useTemplates(sponsorId: number) {
  return useQuery({
    queryKey: messageKeys.templates(sponsorId),
    queryFn: ({ signal }) => api<{ data: MessageTemplateItem[] }>('GET', '/api/v1/messages/templates', { query: { sponsorId }, signal }),
    enabled: sponsorId > 0,
    select: (r) => r.data,
  });
}

export function usePreview(sponsorId: number, kind: MessageKind, locale: MessageLocale) {
  return useQuery({
    queryKey: messageKeys.preview(sponsorId, kind, locale),
    queryFn: ({ signal }) => api<MessagePreview>('GET', '/api/v1/messages/preview', { query: { sponsorId, kind, locale }, signal }),
    enabled: sponsorId > 0,
    placeholderData: keepPreviousData,
  });
}

export function useTemplateMutations(sponsorId: number, kind: MessageKind, locale: MessageLocale) {
  const qc = useQueryClient();
  // Not awaited: the caller's own onSuccess (its notice) comes at once, while the preview reloads.
  const onSuccess = () => void qc.invalidateQueries({ queryKey: messageKeys.all(sponsorId) });
  const path = `/api/v1/messages/templates/${kind}/${locale}`;
  return {
    save: useMutation({
      mutationFn: (body: MessageOverrideBody) => api<MessageTemplateItem>('PUT', path, { query: { sponsorId }, body }),
      onSuccess,
    }),
    reset: useMutation({ mutationFn: () => api<MessageTemplateItem>('DELETE', path, { query: { sponsorId } }), onSuccess }),
    test: useMutation({
      mutationFn: () => api<ServerMessage>('POST', '/api/v1/messages/test', { query: { sponsorId }, body: { kind, locale } }),
      onSuccess,
    }),
  };
}

/** Branding of a portal, or with sponsorId 0 the service's defaults (staff). */
const brandingQuery = (sponsorId: number) => (sponsorId > 0 ? { sponsorId } : {});

export function useBranding(sponsorId: number) {
  return useQuery({
    queryKey: messageKeys.branding(sponsorId),
    queryFn: ({ signal }) => api<MessageBranding>('GET', '/api/v1/messages/branding', { query: brandingQuery(sponsorId), signal }),
  });
}

export function useBrandingMutations(sponsorId: number) {
  const qc = useQueryClient();
  const onSuccess = (b: MessageBranding) => {
    qc.setQueryData(messageKeys.branding(sponsorId), b);
    void qc.invalidateQueries({ queryKey: messageKeys.all(sponsorId) });
  };
  const query = brandingQuery(sponsorId);
  return {
    save: useMutation({
      mutationFn: (body: MessageBrandingBody) => api<MessageBranding>('PUT', '/api/v1/messages/branding', { query, body }),
      onSuccess,
    }),
    uploadLogo: useMutation({
      mutationFn: (body: MessageLogoBody) => api<MessageBranding>('PUT', '/api/v1/messages/branding/logo', { query, body }),
      onSuccess,
    }),
    removeLogo: useMutation({ mutationFn: () => api<MessageBranding>('DELETE', '/api/v1/messages/branding/logo', { query }), onSuccess }),
  };
}
