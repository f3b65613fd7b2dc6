import { STATUS } from '@vault/contract';

/** Which account actions fit a holder's status. */
export const actionsFor = (statusId: number) => ({
  activate: statusId === STATUS.inactive || statusId === STATUS.pending,
  deactivate: statusId === STATUS.active || statusId === STATUS.pending,
  resetpassword: statusId === STATUS.active,
  resendactivation: statusId === STATUS.pending,
  archive: statusId !== STATUS.archived,
});
