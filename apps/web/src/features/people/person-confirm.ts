import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { ServerMessage } from '@vault/contract';
import { useConfirm } from '../../components/confirm-context';
import { fullName } from '../../lib/person-name';
import { invalidateInPortal } from '../../lib/portal-scope';

/** The confirmation of one account action: its title and its question about the person. */
export interface PersonDialog {
  title: string;
  message: (name: string, email: string) => string;
}

/**
 * Asks before an account action on a person (administrator, representative, trusted collaborator),
 * runs it in the confirmation dialog, then refreshes the lists the action changes.
 */
export function usePersonConfirm() {
  const { confirm } = useConfirm();
  const qc = useQueryClient();
  return (
    dialog: PersonDialog,
    person: { firstName: string; lastName: string; email: string },
    command: () => Promise<ServerMessage>,
    refresh: QueryKey[],
  ) =>
    confirm({
      title: dialog.title,
      message: dialog.message(fullName(person), person.email),
      command,
      onDone: () => {
        for (const queryKey of refresh) void invalidateInPortal(qc, queryKey);
      },
    });
}
