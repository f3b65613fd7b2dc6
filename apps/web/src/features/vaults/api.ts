import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BulkAction,
  BulkResult,
  HolderListFilters,
  ImportPreview,
  ImportResult,
  ListResponse,
  PackageOption,
  PortalUser,
  ServerMessage,
  SponsoredAdvisorItem,
  SponsorGroup,
  SponsorPackageItem,
  Template,
  VaultCreateBody,
  VaultCreated,
  VaultDetails,
  VaultHolderList,
  VaultSearchBody,
} from '@vault/contract';
import { ApiError, api, buildUrl, requestHeaders } from '../../lib/api';
import type { ListSort } from '../../lib/list-state';
import { invalidateInPortal, scopeQuery } from '../../lib/portal-scope';
import { saveFile } from '../../lib/save-file';
import { getToken } from '../../lib/session';
import { VAULT_LIST_PATH, vaultListGetQuery } from './list-request';

/** Query keys: each names the chosen sponsor, so changing the sponsor reloads the screen's data. */
export const vaultKeys = {
  all: (sponsorId: number) => ['vaults', sponsorId] as const,
  /** `sponsorId` 'all': every portal (staff, decision 0052). */
  list: (
    sponsorId: number | 'all',
    offset: number,
    limit: number,
    search: VaultSearchBody | null,
    sort: ListSort | null,
    filters: HolderListFilters | null = null,
  ) => ['vaults', sponsorId, 'list', { offset, limit, search, sort, ...(filters ? { filters } : {}) }] as const,
  details: (sponsorId: number, vaultId: number) => ['vaults', sponsorId, 'details', vaultId] as const,
  user: (sponsorId: number, id: number) => ['vaults', sponsorId, 'user', id] as const,
  packages: (sponsorId: number) => ['vaults', sponsorId, 'form', 'packages'] as const,
  basePackages: (sponsorId: number) => ['vaults', sponsorId, 'form', 'base-packages'] as const,
  advisors: (sponsorId: number, sponsorCode: string) => ['vaults', sponsorId, 'form', 'advisors', sponsorCode] as const,
  groups: (sponsorId: number, sponsorCode: string) => ['vaults', sponsorId, 'form', 'groups', sponsorCode] as const,
  templates: (sponsorId: number, sponsorCode: string) => ['vaults', sponsorId, 'form', 'templates', sponsorCode] as const,
};

// ---------------------------------------------------------------- list and details

/** Specification section 4: the vault list fetches with sponsor_id, offset and limit; a search posts fieldName/fieldValue. */
/** One page of the vault list: the key and the call, shared by the screen and the prefetch that starts with the app. */
export const vaultListQuery = (
  sponsorId: number | 'all',
  offset: number,
  limit: number,
  search: VaultSearchBody | null,
  sort: ListSort | null = null,
  filters: HolderListFilters | null = null,
) => ({
  queryKey: vaultKeys.list(sponsorId, offset, limit, search, sort, filters),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    search
      ? api<VaultHolderList>('POST', '/api/v1/vaultholders/search', {
          query: { ...scopeQuery(sponsorId), offset, limit, ...sort, ...filters },
          body: search,
          signal,
        })
      : api<VaultHolderList>('GET', VAULT_LIST_PATH, {
          query: {
            ...(sponsorId === 'all' ? { limit, offset, allPortals: 'true' } : vaultListGetQuery(sponsorId, offset, limit)),
            ...sort,
            ...filters,
          },
          signal,
        }),
});

export function useVaultList(
  sponsorId: number | 'all',
  offset: number,
  limit: number,
  search: VaultSearchBody | null,
  sort: ListSort | null,
  filters: HolderListFilters | null,
) {
  return useQuery({
    ...vaultListQuery(sponsorId, offset, limit, search, sort, filters),
    enabled: sponsorId === 'all' || sponsorId > 0,
    placeholderData: keepPreviousData,
  });
}

export function useVaultDetails(sponsorId: number, vaultId: number) {
  return useQuery({
    queryKey: vaultKeys.details(sponsorId, vaultId),
    queryFn: ({ signal }) => api<VaultDetails>('GET', `/api/v1/vaults/${vaultId}/details`, { query: { sponsorid: sponsorId }, signal }),
    enabled: sponsorId > 0 && vaultId > 0,
    retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 2,
  });
}

export function usePortalUser(sponsorId: number, id: number) {
  return useQuery({
    queryKey: vaultKeys.user(sponsorId, id),
    queryFn: ({ signal }) => api<PortalUser>('GET', `/api/v1/users/${id}`, { query: { sponsorid: sponsorId }, signal }),
    enabled: sponsorId > 0 && id > 0,
  });
}

export function useSetTestAccount(sponsorId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ user, testAccount }: { user: PortalUser; testAccount: boolean }) =>
      api<PortalUser>('PUT', `/api/v1/users/${user.id}`, {
        query: { sponsorid: sponsorId, testaccount: testAccount },
        body: { ...user, testAccount },
      }),
    onSuccess: () => invalidateInPortal(qc, vaultKeys.all(sponsorId)),
  });
}

// ---------------------------------------------------------------- row actions

export type VaultAction = 'deactivate' | 'activate' | 'resetpassword' | 'resendactivation' | 'delete';

/** The call behind each confirmation (specification section 7). */
export function vaultCommand(
  action: VaultAction,
  sponsorId: number,
  h: { id: number; vaultId: number; firstName: string; lastName: string; email: string },
) {
  return (): Promise<ServerMessage> => {
    switch (action) {
      case 'activate':
      case 'deactivate':
        return api<ServerMessage>('PUT', '/api/v1/users/activate', {
          query: { sponsorid: sponsorId },
          body: { id: h.id, statusId: action === 'activate' ? 1 : 2 },
        });
      case 'resetpassword':
        return api<ServerMessage>('PUT', '/api/v1/users/resetpassword', {
          query: { sponsorid: sponsorId },
          body: { id: h.id, firstName: h.firstName, lastName: h.lastName, email: h.email },
        });
      case 'resendactivation':
        return api<ServerMessage>('PUT', `/api/v1/users/${h.id}/resendactivationemail`, { query: { sponsorid: sponsorId } });
      case 'delete':
        return api<ServerMessage>('DELETE', '/api/v1/vaults', { query: { ownerId: h.vaultId, sponsorId } });
    }
  };
}

export const fetchDocumentCount = (sponsorId: number, vaultId: number) =>
  api<{ count: number }>('GET', `/api/v1/vaults/${vaultId}/count`, { query: { sponsorid: sponsorId } });

export const archiveVault = (sponsorId: number, vaultId: number, deleteReason: string) =>
  api<ServerMessage>('POST', `/api/v1/vaults/${vaultId}`, { query: { sponsorid: sponsorId }, body: { deleteReason } });

export function useBulk(sponsorId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { action: BulkAction; ids?: number[]; search?: VaultSearchBody }) =>
      api<BulkResult>('POST', '/api/v1/vaultholders/bulk', { query: { sponsorId }, body }),
    onSettled: () => invalidateInPortal(qc, vaultKeys.all(sponsorId)),
  });
}

// ---------------------------------------------------------------- downloads

function fileNameOf(res: Response, fallback: string) {
  const m = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return m?.[1] ?? fallback;
}

export { saveFile };

/** GETs a CSV with the session's headers and saves it. */
export async function downloadCsv(path: string, query: Record<string, string | number | undefined>, fallbackName: string) {
  const res = await fetch(buildUrl(path, query), {
    headers: { ...requestHeaders('GET', getToken(), false), Accept: 'text/csv' },
    credentials: 'same-origin',
  });
  if (!res.ok) {
    let message = `The download failed (${res.status}).`;
    try {
      message = ((await res.json()) as { message?: string }).message ?? message;
    } catch {
      // not JSON
    }
    throw new ApiError(res.status, { message });
  }
  saveFile(await res.blob(), fileNameOf(res, fallbackName));
}

// ---------------------------------------------------------------- CSV import

/**
 * Uploads the CSV for preview (multipart) with upload progress: fetch cannot report it, so this
 * one call uses XMLHttpRequest with the same headers as lib/api.
 */
export function uploadImport(
  sponsorId: number,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ImportPreview> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('/api/v1/users/import', { sponsorId }));
    for (const [k, v] of Object.entries(requestHeaders('POST', getToken(), false))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ImportPreview);
      else {
        const message =
          (body as { message?: string } | null)?.message ??
          (xhr.status === 413 ? 'The file is larger than 10 MB.' : `The upload failed (${xhr.status}).`);
        reject(
          new ApiError(xhr.status, { message, details: (body as { details?: { field: string; message: string }[] } | null)?.details }),
        );
      }
    };
    xhr.onerror = () => reject(new ApiError(0, { message: 'The server cannot be reached. Check your connection and try again.' }));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export function useConfirmImport(sponsorId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { jobId: string; sendActivationEmail: boolean }) =>
      api<ImportResult>('POST', '/api/v1/users/import-vault', { query: { sponsorId }, body }),
    onSuccess: () => invalidateInPortal(qc, vaultKeys.all(sponsorId)),
  });
}

// ---------------------------------------------------------------- New Vault form

/** Specification section 4: /vault fetches packages (and base packages when a sponsor is chosen) and the trusted advisors. */
export function usePackageOptions(sponsorId: number) {
  return useQuery({
    queryKey: vaultKeys.packages(sponsorId),
    queryFn: ({ signal }) => api<ListResponse<PackageOption>>('GET', '/api/v1/packages/filter', { query: { sponsorId }, signal }),
    enabled: sponsorId > 0,
  });
}

export function useBasePackages(sponsorId: number) {
  return useQuery({
    queryKey: vaultKeys.basePackages(sponsorId),
    queryFn: ({ signal }) =>
      api<ListResponse<SponsorPackageItem>>('GET', '/api/v1/sponsors/getSponsorPackageList', {
        query: { id: sponsorId, offset: 0, limit: 100 },
        signal,
      }),
    enabled: sponsorId > 0,
  });
}

export function useTrustedAdvisors(sponsorId: number, sponsorCode: string) {
  return useQuery({
    queryKey: vaultKeys.advisors(sponsorId, sponsorCode),
    queryFn: ({ signal }) =>
      api<ListResponse<SponsoredAdvisorItem>>('GET', '/api/v1/sponsoredadvisor', { query: { sponsorCode, offset: 0, limit: 100 }, signal }),
    enabled: sponsorId > 0 && sponsorCode !== '',
  });
}

export function useGroups(sponsorId: number, sponsorCode: string) {
  return useQuery({
    queryKey: vaultKeys.groups(sponsorId, sponsorCode),
    queryFn: ({ signal }) =>
      api<ListResponse<SponsorGroup>>('GET', `/api/v1/sponsors/${encodeURIComponent(sponsorCode)}/sponsor-group`, { signal }),
    enabled: sponsorId > 0 && sponsorCode !== '',
  });
}

export function useTemplates(sponsorId: number, sponsorCode: string) {
  return useQuery({
    queryKey: vaultKeys.templates(sponsorId, sponsorCode),
    queryFn: ({ signal }) => api<ListResponse<Template>>('GET', `/api/v1/sponsors/template/${encodeURIComponent(sponsorCode)}`, { signal }),
    enabled: sponsorId > 0 && sponsorCode !== '',
  });
}

export function useCreateVault(sponsorId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: VaultCreateBody) => api<VaultCreated>('POST', '/api/v1/users', { query: { sponsorId }, body }),
    onSuccess: () => invalidateInPortal(qc, vaultKeys.all(sponsorId)),
  });
}
