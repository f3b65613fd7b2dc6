import './modal-styles';
import { Button, Group, Loader, Modal, type ModalProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A dialog with a static backdrop: only its own buttons close it, so a running request cannot be walked away from. */
export function BlockingModal({ styles, ...props }: Omit<ModalProps, 'closeOnClickOutside' | 'closeOnEscape' | 'withCloseButton'>) {
  return (
    <Modal
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      styles={styles ?? { title: { fontWeight: 650 } }}
      {...props}
    />
  );
}

/** The "request running" line of a dialog, announced as a status. */
export function BusyNote({ children = 'Please wait…' }: { children?: ReactNode }) {
  return (
    <Group gap="xs" role="status">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}

export interface AnswerButtonsProps {
  /** Once answered (result or error shown) only Close remains. */
  answered: boolean;
  running: boolean;
  onClose: () => void;
  onConfirm: () => void;
  okLabel?: string;
  cancelLabel?: string;
  okColor?: string;
}

/** The No / Yes row of a confirmation, which becomes a single Close once the server has answered. */
export function AnswerButtons({ answered, running, onClose, onConfirm, okLabel = 'Yes', cancelLabel = 'No', okColor }: AnswerButtonsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      {answered ? (
        <Button onClick={onClose}>Close</Button>
      ) : (
        <>
          <Button variant="default" onClick={onClose} disabled={running}>
            {cancelLabel}
          </Button>
          <Button color={okColor} onClick={onConfirm} disabled={running} loading={running}>
            {okLabel}
          </Button>
        </>
      )}
    </Group>
  );
}

/** A dialog holding a form: a click beside it does not close it (typed input would be lost); Escape and × still do. */
export function FormModal({ styles, ...props }: Omit<ModalProps, 'closeOnClickOutside'>) {
  return <Modal closeOnClickOutside={false} styles={styles ?? { title: { fontWeight: 650 } }} {...props} />;
}

/** The Cancel / submit row under a dialog's form; both wait while the form is being sent. */
export function FormButtons({
  busy,
  onCancel,
  submitLabel,
  mt,
}: {
  busy: boolean;
  onCancel: () => void;
  submitLabel: ReactNode;
  mt?: 'sm';
}) {
  return (
    <Group justify="flex-end" gap="sm" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </Group>
  );
}
