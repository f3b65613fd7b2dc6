import { Button, Group, Stack, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { BlockingModal } from './dialog-parts';
import { type DialogMessage, MessageList } from './MessageList';

const TONES = {
  info: { color: 'vault', Icon: IconInfoCircle },
  warning: { color: 'yellow', Icon: IconAlertTriangle },
  error: { color: 'red', Icon: IconCircleX },
  success: { color: 'teal', Icon: IconCircleCheck },
} as const;

export interface AlertDialogProps {
  opened: boolean;
  /** Defaults to "Alert". */
  title?: string;
  message: DialogMessage;
  /** The dismissing button: Close (default), Cancel or No. */
  closeLabel?: 'Close' | 'Cancel' | 'No';
  /** The accepting button, shown only with onOk: OK (default) or Yes. */
  okLabel?: 'OK' | 'Yes';
  /** An icon beside the message. */
  tone?: keyof typeof TONES;
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
  tone,
  onClose,
  onOk,
  okLoading,
}: AlertDialogProps) {
  const t = tone ? TONES[tone] : null;
  return (
    <BlockingModal
      opened={opened}
      onClose={onClose}
      title={title}
      size="md"
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="lg">
        <Group align="flex-start" wrap="nowrap" gap="md">
          {t && (
            <ThemeIcon color={t.color} variant="light" size={40} radius="xl" style={{ flexShrink: 0 }}>
              <t.Icon size={22} stroke={1.7} />
            </ThemeIcon>
          )}
          <div style={{ flex: 1, paddingTop: t ? 9 : 0 }}>
            <MessageList message={message} />
          </div>
        </Group>
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
    </BlockingModal>
  );
}
