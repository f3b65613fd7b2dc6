import { useMutation } from '@tanstack/react-query';
import type { ServerMessage } from '@vault/contract';
import { api } from './api';

/**
 * Whose multi-factor authentication to reset (specification sections 3 and 4): vault holders,
 * sponsors, representatives and trusted collaborators all go through one request state.
 */
export type MfaResetTarget =
  /** POST /api/v1/vaults/reset-mfa?ownerId={vaultId}&sponsorId={sponsorId} */
  | { kind: 'vault'; vaultId: number; sponsorId: number; label?: string }
  /** POST /api/v1/sponsors/{sponsorCode}/reset-mfa */
  | { kind: 'sponsor'; sponsorCode: string; label?: string }
  /** POST /api/v1/sponsoredadvisor/{userId}/reset-mfa?sponsorId={sponsorId} */
  | { kind: 'sponsoredAdvisor'; userId: number; sponsorId: number; label?: string }
  /** POST /api/v1/advisors/{userId}/reset-mfa?sponsorId={sponsorId} */
  | { kind: 'advisor'; userId: number; sponsorId: number; label?: string };

/** Method, path and query of each kind of MFA reset, exactly as specification section 7 lists them. */
export function mfaResetRequest(target: MfaResetTarget): { path: string; query?: Record<string, number | string> } {
  switch (target.kind) {
    case 'vault':
      return { path: '/api/v1/vaults/reset-mfa', query: { ownerId: target.vaultId, sponsorId: target.sponsorId } };
    case 'sponsor':
      return { path: `/api/v1/sponsors/${encodeURIComponent(target.sponsorCode)}/reset-mfa` };
    case 'sponsoredAdvisor':
      return { path: `/api/v1/sponsoredadvisor/${target.userId}/reset-mfa`, query: { sponsorId: target.sponsorId } };
    case 'advisor':
      return { path: `/api/v1/advisors/${target.userId}/reset-mfa`, query: { sponsorId: target.sponsorId } };
  }
}

/** An answer whose statusType is "error" arrived with 200, yet the reset did not happen. */
export class MfaResetRefused extends Error {
  constructor(readonly result: ServerMessage) {
    super(result.errorMsg || result.message);
    this.name = 'MfaResetRefused';
  }
}

/** Runs one reset; an answer that says "error" fails like a failed call. */
export async function resetMfa(target: MfaResetTarget): Promise<ServerMessage> {
  const { path, query } = mfaResetRequest(target);
  const result = await api<ServerMessage>('POST', path, { query, body: {} });
  if (result?.statusType === 'error') throw new MfaResetRefused(result);
  return result;
}

/** The MFA reset request: pending while it runs, then the server's message or the reason it failed. */
export function useMfaReset() {
  return useMutation({ mutationKey: ['mfa-reset'], mutationFn: resetMfa });
}
