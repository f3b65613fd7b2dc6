import { Alert, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { archiveBody, REASON_MAX, type ServerMessage } from '@vault/contract';
import { useEffect } from 'react';
import { contractRules } from '../lib/form';
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
 * trimming, checked with the archive call's own schema; otherwise the input is flagged, focused and
 * nothing is sent. The text is cleared after a successful confirm or a cancel.
 */
export function ArchiveReasonDialog({
  phase,
  documentCount,
  title = 'Archive Vault',
  result,
  onConfirm,
  onClose,
}: ArchiveReasonDialogProps) {
  const form = useForm({
    name: 'archive-reason',
    initialValues: { deleteReason: '' },
    validate: contractRules(archiveBody),
    // A flagged reason stays flagged until it is long enough, not at the first key.
    clearInputErrorOnChange: false,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: clear when the dialog closes or the archive went through
  useEffect(() => {
    if (phase === 'closed' || (phase === 'done' && result?.statusType !== 'error')) form.reset();
  }, [phase, result]);

  const confirm = () => {
    const checked = form.validate();
    if (checked.hasErrors) {
      form.getInputNode('deleteReason')?.focus();
      return;
    }
    onConfirm(form.getValues().deleteReason.trim());
  };

  const cancel = () => {
    form.reset();
    onClose();
  };

  const invalid = Boolean(form.errors.deleteReason);
  const field = form.getInputProps('deleteReason');
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
        disabled={phase === 'running'}
        {...field}
        onChange={(e) => {
          field.onChange(e);
          if (invalid) form.validateField('deleteReason');
        }}
        description={invalid ? undefined : `Between 20 and ${REASON_MAX} characters.`}
        data-autofocus
      />
    </ConfirmDialog>
  );
}
