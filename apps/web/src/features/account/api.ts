import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfirmIdentityBody,
  IdentityConfirmed,
  MfaStatus,
  Passkey,
  PasskeyRegistered,
  RecoveryCodes,
  TotpEnrollment,
} from '@vault/contract';
import { api } from '../../lib/api';
import { createPasskey, getPasskey } from '../../lib/passkeys';

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

/** A refusal may mean the proof of identity ran out: the status read again shows the check. */
function useFactorAddition<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onError: () => qc.invalidateQueries({ queryKey: accountKeys.secondFactor }) });
}

export const useStartTotp = () => useFactorAddition(() => api<TotpEnrollment>('POST', `${BASE}/totp`));

const CONFIRM = '/api/v1/account/confirm-identity';
export const useConfirmIdentity = () =>
  useAccountMutation((body: ConfirmIdentityBody) => api<IdentityConfirmed>('POST', CONFIRM, { body }));
/** The server's challenge limited to the person's passkeys, the browser's prompt, then the proof. */
export const useConfirmIdentityWithPasskey = () =>
  useAccountMutation(async () => {
    const { options } = await api<{ options: Record<string, unknown> }>('POST', `${CONFIRM}/passkey/options`);
    const response = await getPasskey(options);
    return api<IdentityConfirmed>('POST', `${CONFIRM}/passkey`, { body: { response } });
  });
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
    onError: () => qc.invalidateQueries({ queryKey: accountKeys.secondFactor }),
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
