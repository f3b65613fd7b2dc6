import { Alert, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isValidReason, REASON_MAX, REASON_MESSAGE, type ServerMessage } from '@vault/contract';
import { useEffect, useState } from 'react';
import { ConfirmDialog, type ConfirmPhase } from './ConfirmDialog';

export interface ArchiveReasonDialogProps {
  phase: ConfirmPhase;
  documentCount: number;
  title?: string;
  result: ServerMessage | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

export const archiveWarning = (n: number) => `Warning. You are about to archive a vault containing ${n} documents.`;
export const ARCHIVE_REASON_LABEL = 'Reason for Archive & Ticket Number (If applicable):';

/**
 * The archive variant (specification sections 2, 5 and 8): a reason of 20 to 1024 characters after
 * trimming; otherwise the input is flagged and nothing is sent. The text is cleared after a
 * successful confirm or a cancel.
 */
export function ArchiveReasonDialog({
  phase,
  documentCount,
  title = 'Archive Vault',
  result,
  onConfirm,
  onClose,
}: ArchiveReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    if (phase === 'closed' || (phase === 'done' && result?.statusType !== 'error')) {
      setReason('');
      setInvalid(false);
    }
  }, [phase, result]);

  const confirm = () => {
    if (!isValidReason(reason)) {
      setInvalid(true);
      return;
    }
    onConfirm(reason.trim());
  };

  const cancel = () => {
    setReason('');
    setInvalid(false);
    onClose();
  };

  return (
    <ConfirmDialog
      phase={phase}
      title={title}
      size="lg"
      message={
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          {archiveWarning(documentCount)}
        </Alert>
      }
      result={result}
      okLabel="Archive"
      cancelLabel="Cancel"
      onConfirm={confirm}
      onClose={cancel}
    >
      <Textarea
        label={ARCHIVE_REASON_LABEL}
        placeholder="Enter reason"
        required
        autosize
        minRows={3}
        maxRows={8}
        maxLength={REASON_MAX + 200}
        value={reason}
        disabled={phase === 'running'}
        onChange={(e) => {
          setReason(e.currentTarget.value);
          if (invalid && isValidReason(e.currentTarget.value)) setInvalid(false);
        }}
        error={invalid ? REASON_MESSAGE : undefined}
        description={invalid ? undefined : `Between 20 and ${REASON_MAX} characters.`}
        data-autofocus
      />
    </ConfirmDialog>
  );
}
