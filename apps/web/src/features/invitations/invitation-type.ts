import { INVITATION_TYPE_STORAGE_KEY, type InvitationType } from '@vault/contract';
import { useCallback, useState } from 'react';

/** The invitation type last chosen, kept in the browser (specification section 3). */
export function readInvitationType(): InvitationType {
  try {
    const v = localStorage.getItem(INVITATION_TYPE_STORAGE_KEY);
    return v === 'open' || v === 'strict' ? v : 'strict';
  } catch {
    return 'strict';
  }
}

export function useInvitationType(): [InvitationType, (t: InvitationType) => void] {
  const [type, setType] = useState<InvitationType>(readInvitationType);
  const choose = useCallback((t: InvitationType) => {
    setType(t);
    try {
      localStorage.setItem(INVITATION_TYPE_STORAGE_KEY, t);
    } catch {
      // Storage disabled: the choice lasts for this page only.
    }
  }, []);
  return [type, choose];
}
