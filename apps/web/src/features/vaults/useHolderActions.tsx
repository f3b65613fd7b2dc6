import { IconCircleCheck, IconCircleOff, IconKey, IconMailForward, IconShieldOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { failureMessage, useConfirm } from '../../components/confirm-context';
import { WhenOpened } from '../../components/deferred/WhenOpened';
import type { MfaResetTarget } from '../../lib/mfa-reset';
import { fullName } from '../../lib/person-name';
import { invalidateInPortal } from '../../lib/portal-scope';
import { archiveVault, fetchDocumentCount, type VaultAction, vaultCommand, vaultKeys } from './api';
import { actionsFor } from './holder-status-actions';

// The MFA reset dialog loads when it is first opened.
const MfaResetDialog = lazy(() => import('../../components/MfaResetDialog').then((m) => ({ default: m.MfaResetDialog })));

export interface HolderRef {
  id: number;
  vaultId: number;
  firstName: string;
  lastName: string;
  email: string;
}

/** Specification section 4: the confirmation titles. */
export const DIALOGS: Record<VaultAction, { title: string; message: (h: HolderRef) => string; ok?: string }> = {
  deactivate: {
    title: 'Account Deactivation Confirmation',
    message: (h) => `Deactivate the account of ${fullName(h)} (${h.email})? They are signed out and cannot sign in until activated again.`,
  },
  activate: { title: 'Account Activation Confirmation', message: (h) => `Activate the account of ${fullName(h)} (${h.email})?` },
  resetpassword: {
    title: 'Password Reset Confirmation',
    message: (h) => `Send ${fullName(h)} a link to choose a new password (to ${h.email})?`,
  },
  resendactivation: {
    title: 'Resend Activation Email',
    message: (h) => `Send the activation e-mail to ${fullName(h)} again (to ${h.email})?`,
  },
  delete: {
    title: 'Delete Vault Holder',
    // Says what is lost, and the way to keep it.
    message: (h) =>
      `Delete ${fullName(h)} (${h.email}) for good? Their sign-in account, vault ${h.vaultId} with its folders, and the links to their advisors are removed. This cannot be undone. To keep them, archive the vault instead; a vault that still holds documents can only be archived.`,
    ok: 'Delete',
  },
};

/**
 * Every row action of a holder behind its dialog: the confirmations with "Server Confirmation",
 * the archive flow (document count first, then the reason) and the MFA reset dialog.
 */
export function useHolderActions(sponsorId: number, onChanged?: (action: VaultAction | 'archive' | 'mfa') => void) {
  const { confirm, archive, alert } = useConfirm();
  const qc = useQueryClient();
  const [mfaTarget, setMfaTarget] = useState<MfaResetTarget | null>(null);
  const refresh = () => invalidateInPortal(qc, vaultKeys.all(sponsorId));

  const run = (action: VaultAction, h: HolderRef) =>
    confirm({
      title: DIALOGS[action].title,
      message: DIALOGS[action].message(h),
      okLabel: DIALOGS[action].ok,
      command: vaultCommand(action, sponsorId, h),
      onDone: () => {
        void refresh();
        onChanged?.(action);
      },
    });

  const startArchive = async (h: HolderRef) => {
    let count: number;
    try {
      count = (await fetchDocumentCount(sponsorId, h.vaultId)).count;
    } catch (err) {
      await alert({ title: 'Archive Vault', message: failureMessage(err).message });
      return;
    }
    await archive({
      documentCount: count,
      title: 'Archive Vault',
      command: (reason) => archiveVault(sponsorId, h.vaultId, reason),
      onDone: () => {
        void refresh();
        onChanged?.('archive');
      },
    });
  };

  const startMfa = (h: HolderRef) => setMfaTarget({ kind: 'vault', vaultId: h.vaultId, sponsorId, label: `${fullName(h)} (${h.email})` });

  const dialogs = (
    <WhenOpened opened={mfaTarget !== null}>
      <MfaResetDialog
        target={mfaTarget}
        onClose={() => setMfaTarget(null)}
        onDone={() => {
          void refresh();
          onChanged?.('mfa');
        }}
      />
    </WhenOpened>
  );

  return { run, startArchive, startMfa, dialogs };
}

/**
 * The account actions of a holder, as the detail page's buttons and the list row's menu show them:
 * each enabled as the status and the caller's rights allow.
 */
export function accountActions(
  h: HolderRef & { statusId: number },
  actions: Pick<ReturnType<typeof useHolderActions>, 'run' | 'startMfa'>,
  canResetMfa: boolean,
) {
  const allowed = actionsFor(h.statusId);
  return [
    { label: 'Activate', Icon: IconCircleCheck, enabled: allowed.activate, onClick: () => actions.run('activate', h) },
    { label: 'Deactivate', Icon: IconCircleOff, enabled: allowed.deactivate, onClick: () => actions.run('deactivate', h) },
    { label: 'Password reset', Icon: IconKey, enabled: allowed.resetpassword, onClick: () => actions.run('resetpassword', h) },
    {
      label: 'Resend activation email',
      Icon: IconMailForward,
      enabled: allowed.resendactivation,
      onClick: () => actions.run('resendactivation', h),
    },
    { label: 'Reset MFA', Icon: IconShieldOff, enabled: canResetMfa, onClick: () => actions.startMfa(h) },
  ];
}
