import { Button, Group, Modal, Stack } from '@mantine/core';
import { type DialogMessage, MessageList } from './MessageList';

export interface AlertDialogProps {
  opened: boolean;
  /** Defaults to "Alert". */
  title?: string;
  message: DialogMessage;
  /** The dismissing button: Close (default), Cancel or No. */
  closeLabel?: 'Close' | 'Cancel' | 'No';
  /** The accepting button, shown only with onOk: OK (default) or Yes. */
  okLabel?: 'OK' | 'Yes';
  onClose: () => void;
  onOk?: () => void;
  okLoading?: boolean;
}

/**
 * The generic alert (specification section 2): static backdrop, no keyboard or outside close;
 * only its buttons close it.
 */
export function AlertDialog({
  opened,
  title = 'Alert',
  message,
  closeLabel = 'Close',
  okLabel = 'OK',
  onClose,
  onOk,
  okLoading,
}: AlertDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      size="md"
      styles={{ title: { fontWeight: 650 } }}
    >
      <Stack gap="lg">
        <MessageList message={message} />
        <Group justify="flex-end" gap="sm">
          <Button variant={onOk ? 'default' : 'filled'} onClick={onClose} disabled={okLoading}>
            {closeLabel}
          </Button>
          {onOk && (
            <Button onClick={onOk} loading={okLoading}>
              {okLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
