import type { ServerMessage } from '@vault/contract';
import { useSyncExternalStore } from 'react';
import { api, errorMessage } from './api';

/**
 * The one MFA reset request state of the portal (specification sections 3 and 4): idle, then
 * loading, then success or error with a message; a reset returns it to idle. Vault holders,
 * sponsors, representatives and trusted collaborators all go through it, so whichever screen
 * started a reset, the user sees the same state.
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

export type MfaResetStatus = 'idle' | 'loading' | 'success' | 'error';

export interface MfaResetState {
  status: MfaResetStatus;
  /** The specification's names for the same state. */
  fetching: boolean;
  success: boolean;
  error: string | null;
  /** The server's message on success, the error text on failure. */
  message: string | null;
  result: ServerMessage | null;
  target: MfaResetTarget | null;
}

export const MFA_IDLE: MfaResetState = {
  status: 'idle',
  fetching: false,
  success: false,
  error: null,
  message: null,
  result: null,
  target: null,
};

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

export type MfaRequester = (path: string, query: Record<string, number | string> | undefined) => Promise<ServerMessage>;
const defaultRequester: MfaRequester = (path, query) => api<ServerMessage>('POST', path, { query, body: {} });

let state: MfaResetState = MFA_IDLE;
let run = 0;
const listeners = new Set<() => void>();
function set(next: MfaResetState) {
  state = next;
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const getMfaResetState = () => state;

/** Back to idle (closing the dialog, leaving the screen). A request still running is forgotten. */
export function resetMfaState() {
  run++;
  set(MFA_IDLE);
}

/**
 * Runs one MFA reset: loading, then success with the server's message or error with the reason.
 * Resolves with the final state; never throws.
 */
export async function requestMfaReset(target: MfaResetTarget, request: MfaRequester = defaultRequester): Promise<MfaResetState> {
  const mine = ++run;
  set({ ...MFA_IDLE, status: 'loading', fetching: true, target });
  const { path, query } = mfaResetRequest(target);
  let next: MfaResetState;
  try {
    const result = await request(path, query);
    next =
      result?.statusType === 'error'
        ? {
            ...MFA_IDLE,
            status: 'error',
            error: result.errorMsg || result.message,
            message: result.errorMsg || result.message,
            result,
            target,
          }
        : { ...MFA_IDLE, status: 'success', success: true, message: result?.message || 'MFA was reset.', result: result ?? null, target };
  } catch (err) {
    const text = errorMessage(err);
    next = { ...MFA_IDLE, status: 'error', error: text, message: text, target };
  }
  if (mine === run) set(next);
  return next;
}

/** The shared MFA reset state with its two actions. */
export function useMfaReset() {
  const current = useSyncExternalStore(subscribe, getMfaResetState, getMfaResetState);
  return { state: current, request: requestMfaReset, reset: resetMfaState };
}
