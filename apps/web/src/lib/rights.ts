import type { AdminFlag } from '@vault/contract';
import { useSession } from './session';

/**
 * What the signed-in user may do: staff everything, a sponsor administrator what their access
 * flags allow. The server checks again; this only decides what the screens offer.
 */
export function useRights() {
  const { user } = useSession();
  const staff = user?.role === 'staff';
  const has = (flag: AdminFlag) => staff || user?.permissions?.[flag] === true;
  return {
    staff,
    userId: user?.id ?? 0,
    has,
    canArchive: has('hasArchiveVaultAccess'),
    canResetMfa: has('hasManageMfaAccess'),
  };
}
