import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MfaStatus, RecoveryCodes, TotpEnrollment } from '@vault/contract';
import { api } from '../../lib/api';

const BASE = '/api/v1/account/second-factor';
export const accountKeys = { secondFactor: ['account', 'second-factor'] as const };

export const useSecondFactorStatus = (enabled = true) =>
  useQuery({ queryKey: accountKeys.secondFactor, queryFn: () => api<MfaStatus>('GET', BASE), enabled, staleTime: 60_000 });

/** Every change answers the new state; the status is fetched again after each. */
function useAccountMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.secondFactor }) });
}

export const useStartTotp = () => useMutation({ mutationFn: () => api<TotpEnrollment>('POST', `${BASE}/totp`) });
export const useConfirmTotp = () =>
  useAccountMutation((code: string) => api<RecoveryCodes>('POST', `${BASE}/totp/confirm`, { body: { code } }));
export const useRegenerateCodes = () =>
  useAccountMutation((code: string) => api<RecoveryCodes>('POST', `${BASE}/recovery-codes`, { body: { code } }));
export const useRemoveFactor = () => useAccountMutation((code: string) => api<{ message: string }>('DELETE', BASE, { body: { code } }));
