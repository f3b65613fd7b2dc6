import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivePackage,
  AssignPackageBody,
  AuditLegalHoldBody,
  AuditRetention,
  AuditRetentionBody,
  BasePackage,
  BasePackageBody,
  GroupAdvisor,
  GroupVault,
  ListResponse,
  PackageHolder,
  RepricePackageBody,
  ServerMessage,
  SponsorCategoriesResponse,
  SponsorCreateBody,
  SponsorDetail,
  SponsorGroup,
  SponsorMfaResetPreview,
  SponsorPackageItem,
  SponsorRow,
  SponsorUpdateBody,
  SsoSettings,
  SsoSettingsBody,
  SubPortal,
  SubPortalCreateBody,
  SubPortalMoveBody,
  SubPortalUpdateBody,
} from '@vault/contract';
import { api } from '../../lib/api';
import type { ListSort } from '../../lib/list-state';
import { shellKeys } from '../../lib/sponsors';

/**
 * Query keys of portals, sub-portals and packages. Sponsor-scoped keys name the chosen sponsor,
 * so choosing another sponsor loads that sponsor's data.
 */
export const portalKeys = {
  sponsors: ['portals', 'sponsors'] as const,
  sponsorList: (offset: number, limit: number, search: string, sort: ListSort | null) =>
    ['portals', 'sponsors', 'list', { offset, limit, search, sort }] as const,
  sponsor: (id: number) => ['portals', 'sponsors', 'detail', id] as const,
  categories: (sponsorId: number) => ['portals', 'sponsors', 'categories', sponsorId] as const,
  mfaPreview: (code: string) => ['portals', 'sponsors', 'mfa-preview', code] as const,
  statuses: ['portals', 'statuses'] as const,
  groups: (sponsorCode: string) => ['portals', 'groups', sponsorCode] as const,
  group: (sponsorCode: string, group: string) => ['portals', 'groups', sponsorCode, 'detail', group] as const,
  members: (sponsorCode: string, group: string, kind: 'advisors' | 'vaults', q: MemberQuery) =>
    ['portals', 'groups', sponsorCode, 'members', group, kind, q] as const,
  base: ['packages', 'base'] as const,
  baseList: (offset: number, limit: number, includeRetired: boolean, sort: ListSort | null) =>
    ['packages', 'base', 'list', { offset, limit, includeRetired, sort }] as const,
  active: (sponsorId: number) => ['packages', 'active', sponsorId] as const,
  activeList: (sponsorId: number, offset: number, limit: number) => ['packages', 'active', sponsorId, 'list', { offset, limit }] as const,
  catalogue: (sponsorId: number) => ['packages', 'active', sponsorId, 'catalogue'] as const,
  holders: (sponsorId: number, packageId: number, offset: number, limit: number) =>
    ['packages', 'active', sponsorId, 'holders', packageId, { offset, limit }] as const,
};

export interface MemberQuery {
  member: boolean;
  offset: number;
  limit: number;
  search: string;
}

// ---------- portals (sponsors) ----------

export function useSponsorList(offset: number, limit: number, search: string, sort: ListSort | null) {
  return useQuery({
    queryKey: portalKeys.sponsorList(offset, limit, search, sort),
    queryFn: ({ signal }) =>
      api<ListResponse<SponsorRow>>('GET', '/api/v1/sponsors/list', { query: { offset, limit, search, ...sort }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSponsorDetail(id: number) {
  return useQuery({
    queryKey: portalKeys.sponsor(id),
    queryFn: ({ signal }) => api<SponsorDetail>('GET', `/api/v1/sponsors/${id}`, { signal }),
    enabled: id > 0,
  });
}

/** Sponsor categories (specification section 7) with the hasCategory flag. */
export function useSponsorCategories(sponsorId: number) {
  return useQuery({
    queryKey: portalKeys.categories(sponsorId),
    queryFn: ({ signal }) =>
      api<SponsorCategoriesResponse>('GET', '/api/v1/fvcore/sponsors/permission/list', {
        query: { sponsorId, group: '', sponsorOnly: true },
        signal,
      }),
    enabled: sponsorId > 0,
  });
}

export function useStatusList() {
  return useQuery({
    queryKey: portalKeys.statuses,
    queryFn: ({ signal }) => api<ListResponse<{ id: number; name: string }>>('GET', '/api/v1/status/list', { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useMfaPreview(sponsorCode: string, enabled: boolean) {
  return useQuery({
    queryKey: portalKeys.mfaPreview(sponsorCode),
    queryFn: ({ signal }) =>
      api<SponsorMfaResetPreview>('GET', `/api/v1/sponsors/${encodeURIComponent(sponsorCode)}/reset-mfa`, { signal }),
    enabled: enabled && sponsorCode !== '',
    staleTime: 0,
  });
}

export function useSaveSponsor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number | null; body: SponsorCreateBody | SponsorUpdateBody }) =>
      v.id === null
        ? api<SponsorDetail>('POST', '/api/v1/sponsors', { body: v.body })
        : api<SponsorDetail>('PUT', `/api/v1/sponsors/${v.id}`, { body: v.body }),
    onSuccess: (saved) => {
      qc.setQueryData(portalKeys.sponsor(saved.id), saved);
      void qc.invalidateQueries({ queryKey: portalKeys.sponsors });
      // The header dropdown lists the new or renamed sponsor at once.
      void qc.invalidateQueries({ queryKey: shellKeys.mySponsors });
    },
  });
}

// ---------- sub-portals ----------

export function useGroups(sponsorCode: string) {
  return useQuery({
    queryKey: portalKeys.groups(sponsorCode),
    queryFn: ({ signal }) =>
      api<ListResponse<SponsorGroup>>('GET', `/api/v1/sponsors/${encodeURIComponent(sponsorCode)}/sponsor-group`, { signal }),
    enabled: sponsorCode !== '',
  });
}

const groupPath = (sponsorCode: string, group?: string) =>
  `/api/v1/sponsors/${encodeURIComponent(sponsorCode)}/sponsor-group${group === undefined ? '' : `/${encodeURIComponent(group)}`}`;

export function useGroup(sponsorCode: string, group: string) {
  return useQuery({
    queryKey: portalKeys.group(sponsorCode, group),
    queryFn: ({ signal }) => api<SubPortal>('GET', groupPath(sponsorCode, group), { signal }),
    enabled: sponsorCode !== '' && group !== '',
  });
}

export function useGroupMembers<K extends 'advisors' | 'vaults'>(
  sponsorCode: string,
  group: string,
  kind: K,
  q: MemberQuery,
  enabled = true,
) {
  return useQuery({
    queryKey: portalKeys.members(sponsorCode, group, kind, q),
    queryFn: ({ signal }) =>
      api<ListResponse<K extends 'advisors' ? GroupAdvisor : GroupVault>>('GET', `${groupPath(sponsorCode, group)}/${kind}`, {
        query: { member: q.member, offset: q.offset, limit: q.limit, search: q.search },
        signal,
      }),
    enabled: enabled && sponsorCode !== '' && group !== '',
    placeholderData: keepPreviousData,
  });
}

export function useGroupMutations(sponsorCode: string) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: portalKeys.groups(sponsorCode) });
  return {
    create: useMutation({
      mutationFn: (body: SubPortalCreateBody) => api<SubPortal>('POST', groupPath(sponsorCode), { body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (v: { code: string; body: SubPortalUpdateBody }) =>
        api<SubPortal>('PUT', groupPath(sponsorCode, v.code), { body: v.body }),
      onSuccess: refresh,
    }),
    remove: (code: string) => api<ServerMessage>('DELETE', groupPath(sponsorCode, code)),
    move: useMutation({
      mutationFn: (body: SubPortalMoveBody) => api<ServerMessage>('POST', `${groupPath(sponsorCode)}/move`, { body }),
      onSuccess: refresh,
    }),
    refresh,
  };
}

// ---------- base packages ----------

export function useBasePackages(offset: number, limit: number, includeRetired: boolean, sort: ListSort | null) {
  return useQuery({
    queryKey: portalKeys.baseList(offset, limit, includeRetired, sort),
    queryFn: ({ signal }) =>
      api<ListResponse<BasePackage>>('GET', '/api/v1/basepackages', { query: { offset, limit, includeRetired, ...sort }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBasePackageMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: ['packages'] });
  return {
    save: useMutation({
      mutationFn: (v: { id: number | null; body: BasePackageBody }) =>
        v.id === null
          ? api<BasePackage>('POST', '/api/v1/basepackages', { body: v.body })
          : api<BasePackage>('PUT', `/api/v1/basepackages/${v.id}`, { body: v.body }),
      onSuccess: refresh,
    }),
    retire: useMutation({
      mutationFn: (v: { id: number; retired: boolean }) =>
        api<BasePackage>('POST', `/api/v1/basepackages/${v.id}/${v.retired ? 'retire' : 'restore'}`),
      onSuccess: refresh,
    }),
    remove: (id: number) => api<ServerMessage>('DELETE', `/api/v1/basepackages/${id}`),
    refresh,
  };
}

// ---------- active packages ----------

/** The sponsor's packages (specification section 7: GET /api/v1/packages?sponsorId&offset&limit). */
export function useActivePackages(sponsorId: number, offset: number, limit: number) {
  return useQuery({
    queryKey: portalKeys.activeList(sponsorId, offset, limit),
    queryFn: ({ signal }) => api<ListResponse<ActivePackage>>('GET', '/api/v1/packages', { query: { sponsorId, offset, limit }, signal }),
    enabled: sponsorId > 0,
    placeholderData: keepPreviousData,
  });
}

/** The base packages as this sponsor sees them (assigned or not): fetched with the packages when a sponsor is chosen. */
export function useSponsorCatalogue(sponsorId: number) {
  return useQuery({
    queryKey: portalKeys.catalogue(sponsorId),
    queryFn: ({ signal }) =>
      api<ListResponse<SponsorPackageItem>>('GET', '/api/v1/sponsors/getSponsorPackageList', {
        query: { id: sponsorId, offset: 0, limit: 100 },
        signal,
      }),
    enabled: sponsorId > 0,
  });
}

export function usePackageHolders(sponsorId: number, packageId: number, offset: number, limit: number) {
  return useQuery({
    queryKey: portalKeys.holders(sponsorId, packageId, offset, limit),
    queryFn: ({ signal }) =>
      api<ListResponse<PackageHolder>>('GET', '/api/v1/vaultholders/users', { query: { sponsorId, packageId, offset, limit }, signal }),
    enabled: sponsorId > 0 && packageId > 0,
    placeholderData: keepPreviousData,
  });
}

export function useActivePackageMutations(sponsorId: number) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: ['packages'] });
  return {
    assign: (body: AssignPackageBody) => api<ActivePackage>('POST', '/api/v1/packagesponsor', { body }),
    reprice: useMutation({
      mutationFn: (body: RepricePackageBody) => api<ActivePackage>('PUT', '/api/v1/packagesponsor', { body }),
      onSuccess: refresh,
    }),
    unassign: (packageSponsorId: number) => api<ServerMessage>('DELETE', `/api/v1/packagesponsor/${packageSponsorId}`),
    refresh,
    sponsorId,
  };
}

export const ssoKeys = {
  settings: (sponsorCode: string) => ['portals', 'sso', sponsorCode] as const,
};

/** The portal's single sign-on settings (staff, or "Manage sign-in settings"). */
export const useSsoSettings = (sponsorCode: string, enabled: boolean) =>
  useQuery({
    queryKey: ssoKeys.settings(sponsorCode),
    queryFn: ({ signal }) => api<SsoSettings>('GET', `/api/v1/sponsors/${encodeURIComponent(sponsorCode)}/sso`, { signal }),
    enabled: enabled && sponsorCode !== '',
  });

export function useSaveSsoSettings(sponsorCode: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSettingsBody) => api<SsoSettings>('PUT', `/api/v1/sponsors/${encodeURIComponent(sponsorCode)}/sso`, { body }),
    onSuccess: (saved) => {
      qc.setQueryData(ssoKeys.settings(sponsorCode), saved);
      // The administrators list shows how each signs in.
      void qc.invalidateQueries({ queryKey: ['people'] });
    },
  });
}

/** A one-time "Test sign-in" address for a new tab. */
export const ssoTestTicket = (sponsorCode: string) =>
  api<{ url: string }>('POST', `/api/v1/sponsors/${encodeURIComponent(sponsorCode)}/sso/test`);

export const retentionKeys = {
  retention: (sponsorCode: string) => ['portals', 'audit-retention', sponsorCode] as const,
};

const retentionPath = (sponsorCode: string) => `/api/v1/sponsors/${encodeURIComponent(sponsorCode)}/audit-retention`;

/** The portal's audit retention period and legal hold (any administrator of the portal reads it). */
export const useAuditRetention = (sponsorCode: string) =>
  useQuery({
    queryKey: retentionKeys.retention(sponsorCode),
    queryFn: ({ signal }) => api<AuditRetention>('GET', retentionPath(sponsorCode), { signal }),
    enabled: sponsorCode !== '',
  });

/** Changes the period (staff, or "Manage administrators"); the answer replaces the cached one. */
export function useSaveAuditRetention(sponsorCode: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AuditRetentionBody) => api<AuditRetention>('PUT', retentionPath(sponsorCode), { body }),
    onSuccess: (saved) => qc.setQueryData(retentionKeys.retention(sponsorCode), saved),
  });
}

/** Sets or lifts the legal hold (staff only). */
export function useSetLegalHold(sponsorCode: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AuditLegalHoldBody) => api<AuditRetention>('PUT', `${retentionPath(sponsorCode)}/hold`, { body }),
    onSuccess: (saved) => qc.setQueryData(retentionKeys.retention(sponsorCode), saved),
  });
}
