import { statusName } from '../../lib/status-name.js';

/** Name, e-mail and status of a person's user record, as every people answer carries them. */
export const personFields = (user: { email: string; firstName: string; lastName: string; statusId: number }) => ({
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  statusId: user.statusId,
  status: statusName(user.statusId),
});

/** The access flags `flags` read from a record, for an answer. */
export const flagValues = <F extends string>(flags: readonly F[], record: Record<F, boolean>) =>
  Object.fromEntries(flags.map((f) => [f, record[f]])) as Record<F, boolean>;
