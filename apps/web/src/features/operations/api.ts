import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiKeyIssued,
  AppIntegration,
  AuditListResponse,
  AuditVerifyResponse,
  CreateWebhookBody,
  FailedUpload,
  GrantAuthorizationBody,
  IntegrationConfig,
  ListResponse,
  ServerMessage,
  ServiceStatus,
  SponsorAuthorization,
  SponsorIntegration,
  UpdateWebhookBody,
  WebhookDelivery,
  WebhookItem,
  WebhookWithSecret,
} from '@vault/contract';
import { APP_STATUS_REFRESH_MS } from '@vault/contract';
import { api, type QueryValue } from '../../lib/api';
import { type PortalScope, scopeKey } from '../../lib/portal-scope';
import { saveFile } from '../../lib/save-file';

/** Query keys: each names the chosen sponsor, so choosing another sponsor reloads the screen's data. */
export const opsKeys = {
  integrations: (sponsorId: number) => ['operations', sponsorId, 'integrations'] as const,
  authorizations: (sponsorId: number) => ['operations', sponsorId, 'authorizations'] as const,
  authorizationPage: (sponsorId: number, offset: number, limit: number) =>
    ['operations', sponsorId, 'authorizations', { offset, limit }] as const,
  /** `scope`: the portal, or 'all' for every portal's (scopeKey). */
  failed: (scope: number | 'all') => ['operations', scope, 'failed'] as const,
  failedPage: (scope: number | 'all', q: FailedQuery) => ['operations', scope, 'failed', q] as const,
  audit: (sponsorId: number, q: AuditFilters) => ['operations', sponsorId, 'audit', q] as const,
  status: (sponsorId: number) => ['operations', sponsorId, 'status'] as const,
  webhooks: (sponsorId: number) => ['operations', sponsorId, 'webhooks'] as const,
  webhook: (sponsorId: number, id: number) => ['operations', sponsorId, 'webhooks', id] as const,
  deliveries: (sponsorId: number, id: number, offset: number, limit: number) =>
    ['operations', sponsorId, 'webhooks', id, 'deliveries', { offset, limit }] as const,
};

/* App integrations */

export function useIntegrations(sponsorId: number) {
  return useQuery({
    queryKey: opsKeys.integrations(sponsorId),
    queryFn: ({ signal }) => api<ListResponse<AppIntegration>>('GET', '/api/v1/app-integrations', { query: { sponsorId }, signal }),
    enabled: sponsorId > 0,
  });
}

export function useIntegrationMutations(sponsorId: number) {
  const qc = useQueryClient();
  const invalidate = () => qc.invalidateQueries({ queryKey: ['operations', sponsorId] });
  return {
    enable: useMutation({
      mutationFn: (v: { integrationId: number; config: IntegrationConfig }) =>
        api<ApiKeyIssued>('POST', `/api/v1/app-integrations/${v.integrationId}/enable`, {
          query: { sponsorId },
          body: { config: v.config },
        }),
      onSuccess: invalidate,
    }),
    configure: useMutation({
      mutationFn: (v: { id: number; config: IntegrationConfig }) =>
        api<SponsorIntegration>('PUT', `/api/v1/sponsor-integrations/${v.id}`, { query: { sponsorId }, body: { config: v.config } }),
      onSuccess: invalidate,
    }),
    rotate: useMutation({
      mutationFn: (id: number) => api<ApiKeyIssued>('POST', `/api/v1/sponsor-integrations/${id}/rotate-key`, { query: { sponsorId } }),
      onSuccess: invalidate,
    }),
    disable: (id: number) => api<ServerMessage>('POST', `/api/v1/sponsor-integrations/${id}/disable`, { query: { sponsorId } }),
    invalidate,
  };
}

/* Webhooks */

export function useWebhooks(sponsorId: number) {
  return useQuery({
    queryKey: opsKeys.webhooks(sponsorId),
    queryFn: ({ signal }) => api<ListResponse<WebhookItem>>('GET', '/api/v1/webhooks', { query: { sponsorId }, signal }),
    enabled: sponsorId > 0,
  });
}

export function useWebhook(sponsorId: number, id: number) {
  return useQuery({
    queryKey: opsKeys.webhook(sponsorId, id),
    queryFn: ({ signal }) => api<WebhookItem>('GET', `/api/v1/webhooks/${id}`, { query: { sponsorId }, signal }),
    enabled: sponsorId > 0 && id > 0,
  });
}

/** A webhook's delivery log, refreshed while it is open (deliveries and retries happen in the background). */
export function useWebhookDeliveries(sponsorId: number, id: number, offset: number, limit: number) {
  return useQuery({
    queryKey: opsKeys.deliveries(sponsorId, id, offset, limit),
    queryFn: ({ signal }) =>
      api<ListResponse<WebhookDelivery>>('GET', `/api/v1/webhooks/${id}/deliveries`, { query: { sponsorId, offset, limit }, signal }),
    enabled: sponsorId > 0 && id > 0,
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
}

export function useWebhookMutations(sponsorId: number) {
  const qc = useQueryClient();
  const invalidate = () => qc.invalidateQueries({ queryKey: opsKeys.webhooks(sponsorId) });
  return {
    create: useMutation({
      mutationFn: (body: CreateWebhookBody) => api<WebhookWithSecret>('POST', '/api/v1/webhooks', { query: { sponsorId }, body }),
      onSuccess: invalidate,
    }),
    update: useMutation({
      mutationFn: (v: { id: number; body: UpdateWebhookBody }) =>
        api<WebhookItem>('PUT', `/api/v1/webhooks/${v.id}`, { query: { sponsorId }, body: v.body }),
      onSuccess: invalidate,
    }),
    rotate: useMutation({
      mutationFn: (id: number) => api<WebhookWithSecret>('POST', `/api/v1/webhooks/${id}/rotate-secret`, { query: { sponsorId } }),
      onSuccess: invalidate,
    }),
    redeliver: useMutation({
      mutationFn: (v: { id: number; deliveryId: number }) =>
        api<WebhookDelivery>('POST', `/api/v1/webhooks/${v.id}/deliveries/${v.deliveryId}/redeliver`, { query: { sponsorId } }),
      onSuccess: invalidate,
    }),
    remove: (id: number) => api<ServerMessage>('DELETE', `/api/v1/webhooks/${id}`, { query: { sponsorId } }),
    invalidate,
  };
}

/* Sponsor authorizations */

export function useAuthorizations(sponsorId: number, offset: number, limit: number) {
  return useQuery({
    queryKey: opsKeys.authorizationPage(sponsorId, offset, limit),
    queryFn: ({ signal }) =>
      api<ListResponse<SponsorAuthorization>>('GET', '/api/v1/sponsor-authorizations', { query: { sponsorId, offset, limit }, signal }),
    enabled: sponsorId > 0,
    placeholderData: keepPreviousData,
  });
}

export function useGrant(sponsorId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GrantAuthorizationBody) =>
      api<SponsorAuthorization>('POST', '/api/v1/sponsor-authorizations', { query: { sponsorId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['operations', sponsorId] }),
  });
}

export const revokeAuthorization = (sponsorId: number, id: number) =>
  api<ServerMessage>('POST', `/api/v1/sponsor-authorizations/${id}/revoke`, { query: { sponsorId } });

/* Failed files */

export interface FailedQuery {
  offset: number;
  limit: number;
  fromDate?: string;
  toDate?: string;
  reason?: string;
  status: string;
}

/** The chosen portal's failed files, or every portal's for staff with `all=1` (decision 0052). */
export function useFailedFiles(scope: PortalScope, q: FailedQuery) {
  return useQuery({
    queryKey: opsKeys.failedPage(scopeKey(scope), q),
    queryFn: ({ signal }) =>
      api<ListResponse<FailedUpload>>('GET', '/api/v1/upload-failed-files', { query: { ...scope.query, ...q }, signal }),
    enabled: scope.shown,
    placeholderData: keepPreviousData,
  });
}

export const failedAction = (sponsorId: number, action: 'retry' | 'dismiss', ids: number[]) =>
  api<ServerMessage>('POST', `/api/v1/upload-failed-files/${action}`, { query: { sponsorId }, body: { ids } });

/* Audit log */

export interface AuditFilters {
  offset: number;
  limit: number;
  fromDate: string;
  toDate: string;
  action?: string;
  actor?: string;
  outcome?: string;
  /** Staff only: every portal instead of the chosen one. */
  all?: boolean;
}

const auditQuery = (sponsorId: number, f: AuditFilters): Record<string, QueryValue> => ({
  offset: f.offset,
  limit: f.limit,
  ...(f.all ? {} : { sponsorid: sponsorId }),
  fromDate: f.fromDate,
  toDate: f.toDate,
  action: f.action,
  actor: f.actor,
  outcome: f.outcome,
});

/** Specification section 4: /audit-logs fetches only when a sponsor is chosen, or staff asked for every portal. */
export function useAuditLog(sponsorId: number, f: AuditFilters) {
  return useQuery({
    queryKey: opsKeys.audit(sponsorId, f),
    queryFn: ({ signal }) => api<AuditListResponse>('GET', '/api/v1/audit', { query: auditQuery(sponsorId, f), signal }),
    enabled: sponsorId > 0 || f.all === true,
    placeholderData: keepPreviousData,
  });
}

/** Saves a text as a file (the API client fetched it with the token; the browser saves it). */
const saveText = (text: string, type: string, name: string) => saveFile(new Blob([text], { type }), name);

/** Downloads the CSV of the filtered range. */
export async function downloadAuditCsv(sponsorId: number, f: AuditFilters) {
  const { offset: _o, limit: _l, ...filters } = auditQuery(sponsorId, f);
  // The file writes times in the reader's zone, as the screen shows them.
  const query = { ...filters, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  const text = await api<string>('GET', '/api/v1/audit/export', { query, headers: { Accept: 'text/csv' } });
  saveText(text, 'text/csv;charset=utf-8', `audit-${f.all ? 'all' : sponsorId}-${f.fromDate}-to-${f.toDate}.csv`);
}

/**
 * Downloads the chosen portal's chain over the date range as NDJSON with its signed checkpoint, for
 * an auditor's offline check. It is one chain's whole stretch: the other filters do not apply.
 */
export async function downloadAuditNdjson(sponsorId: number, f: Pick<AuditFilters, 'fromDate' | 'toDate'>) {
  const query = { sponsorid: sponsorId, fromDate: f.fromDate, toDate: f.toDate, format: 'ndjson' };
  const body = await api<unknown>('GET', '/api/v1/audit/export', { query, headers: { Accept: 'application/x-ndjson' } });
  // A file of one line (an empty range: the checkpoint alone) reads as JSON; it is saved as it came.
  const text = typeof body === 'string' ? body : `${JSON.stringify(body)}\n`;
  saveText(text, 'application/x-ndjson;charset=utf-8', `audit-chain-${sponsorId}-${f.fromDate}-to-${f.toDate}.ndjson`);
}

/** Walks the chosen portal's audit chain on the server: whole, or the first broken entry and the gaps. */
export function useVerifyAuditChain(sponsorId: number) {
  return useMutation({
    mutationKey: ['operations', sponsorId, 'audit-verify'],
    mutationFn: () => api<AuditVerifyResponse>('GET', '/api/v1/audit/verify', { query: { sponsorid: sponsorId } }),
  });
}

/* App status */

/** Specification section 4: /service-status only with a sponsor; only status 200 is accepted. */
export function useServiceStatus(sponsorId: number) {
  return useQuery({
    queryKey: opsKeys.status(sponsorId),
    queryFn: async ({ signal }) => {
      const res = await api<ServiceStatus>('GET', `/api/v1/admin/${sponsorId}`, { signal });
      if (res.status !== 200) throw new Error(res.message || `The status service answered ${res.status}.`);
      return res;
    },
    enabled: sponsorId > 0,
    refetchInterval: APP_STATUS_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}
