import { Alert, type ModalProps, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormButtons, FormModal } from '../../components/dialog-parts';
import { ApiError, errorMessage } from '../../lib/api';

export interface FormDialogProps {
  opened: boolean;
  title: ReactNode;
  size?: ModalProps['size'];
  /** While saving, the dialog cannot be closed and Cancel is disabled. */
  pending: boolean;
  onClose: () => void;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  /** The error of the whole form (not of one field), shown above the fields. */
  formError?: string;
  submitLabel: ReactNode;
  children: ReactNode;
}

/** A portal edit dialog: the fields, a form-level error above them, and Cancel / submit below. */
export function FormDialog({ opened, title, size, pending, onClose, onSubmit, formError, submitLabel, children }: FormDialogProps) {
  return (
    <FormModal opened={opened} onClose={() => !pending && onClose()} title={title} size={size}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          {children}
          <FormButtons busy={pending} onCancel={onClose} submitLabel={submitLabel} />
        </Stack>
      </form>
    </FormModal>
  );
}

/** The messages of a failed save: the whole message for the form, and each field's own message. */
export function saveErrors(err: unknown): Record<string, string> {
  const next: Record<string, string> = { form: errorMessage(err) };
  if (err instanceof ApiError) for (const d of err.body.details ?? []) next[d.field] ??= d.message;
  return next;
}
