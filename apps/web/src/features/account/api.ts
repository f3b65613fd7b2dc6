import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MfaStatus, Passkey, PasskeyRegistered, RecoveryCodes, TotpEnrollment } from '@vault/contract';
import { api } from '../../lib/api';
import { createPasskey } from '../../lib/passkeys';

const BASE = '/api/v1/account/second-factor';
export const accountKeys = { secondFactor: ['account', 'second-factor'] as const };

/** `fresh`: read again on mount whatever the cache holds (the account page, where a policy change shows). */
export const useSecondFactorStatus = (enabled = true, fresh = false) =>
  useQuery({
    queryKey: accountKeys.secondFactor,
    queryFn: () => api<MfaStatus>('GET', BASE),
    enabled,
    staleTime: 60_000,
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  });

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

const PASSKEYS = '/api/v1/account/passkeys';
export const passkeyKeys = { list: ['account', 'passkeys'] as const };

export const usePasskeys = () => useQuery({ queryKey: passkeyKeys.list, queryFn: () => api<{ passkeys: Passkey[] }>('GET', PASSKEYS) });

/** A change to the passkeys changes the second factor's status too. */
function usePasskeyMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: passkeyKeys.list }), qc.invalidateQueries({ queryKey: accountKeys.secondFactor })]),
  });
}

/** The server's options, the browser's prompt, then the new credential kept under its name. */
export const useRegisterPasskey = () =>
  usePasskeyMutation(async (name: string) => {
    const { options } = await api<{ options: Record<string, unknown> }>('POST', `${PASSKEYS}/options`);
    const response = await createPasskey(options);
    return api<PasskeyRegistered>('POST', PASSKEYS, { body: { name, response } });
  });
export const useRenamePasskey = () =>
  usePasskeyMutation(({ id, name }: { id: number; name: string }) => api<Passkey>('PUT', `${PASSKEYS}/${id}`, { body: { name } }));
export const useRemovePasskey = () => usePasskeyMutation((id: number) => api<{ message: string }>('DELETE', `${PASSKEYS}/${id}`));
