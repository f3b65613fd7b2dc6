import { type ServerMessage, STATUS } from '@vault/contract';
import type { Db } from '../../db/client.js';
import { type AccountRef, resendActivation, resetMfa, sendPasswordReset, setAccountStatus } from '../../lib/accounts.js';
import type { Actor } from '../../plugins/types.js';

/** The confirmation-dialog actions every kind of person has (administrator, representative, trusted collaborator). */
export type PersonAction = 'activate' | 'deactivate' | 'resetpassword' | 'activation-email' | 'reset-mfa';

/** Runs one account action in the caller's transaction; it audits itself and answers the server message. */
export function runAccountAction(
  db: Db,
  ctx: { actor: Actor; sponsorId: number | null; targetType: string; publicUrl: string },
  account: AccountRef,
  action: PersonAction,
): Promise<ServerMessage> {
  const { publicUrl, ...c } = ctx;
  switch (action) {
    case 'activate':
      return setAccountStatus(db, c, account, STATUS.active);
    case 'deactivate':
      return setAccountStatus(db, c, account, STATUS.inactive);
    case 'resetpassword':
      return sendPasswordReset(db, { ...c, publicUrl }, account);
    case 'activation-email':
      return resendActivation(db, { ...c, publicUrl }, account);
    case 'reset-mfa':
      return resetMfa(db, { ...c, publicUrl }, [account]);
  }
}
