import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { type MfaResetTarget, useMfaReset } from '../lib/mfa-reset';

export interface MfaResetDialogProps {
  /** Whose MFA to reset; null keeps the dialog closed. */
  target: MfaResetTarget | null;
  onClose: () => void;
  /** After a successful reset (e.g. refresh the list). */
  onDone?: () => void;
}

/**
 * Asks, then shows the shared MFA reset state (lib/mfa-reset): loading while the request runs,
 * then the server's message or the error. Closing returns the state to idle.
 */
export function MfaResetDialog({ target, onClose, onDone }: MfaResetDialogProps) {
  const { state, request, reset } = useMfaReset();
  const opened = target !== null;

  // A dialog opened for a new person starts from idle.
  useEffect(() => {
    if (opened) reset();
  }, [opened, reset]);

  const close = () => {
    if (state.status === 'loading') return;
    reset();
    onClose();
  };
  const confirm = async () => {
    if (!target) return;
    const final = await request(target);
    if (final.status === 'success') onDone?.();
  };
  const who = target?.label ?? 'this person';

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Reset MFA"
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      styles={{ title: { fontWeight: 650 } }}
    >
      <Stack gap="lg" aria-busy={state.status === 'loading'} data-testid="mfa-reset" data-state={state.status}>
        {state.status === 'success' && (
          <Alert color="teal" variant="light" title="MFA reset" role="status">
            {state.message}
          </Alert>
        )}
        {state.status === 'error' && (
          <Alert color="red" variant="light" title="MFA reset failed" role="alert">
            {state.error}
          </Alert>
        )}
        {(state.status === 'idle' || state.status === 'loading') && (
          <Text size="sm">
            Reset multi-factor authentication for <b>{who}</b>? They are signed out everywhere and set up MFA again at their next sign-in.
          </Text>
        )}
        {state.status === 'loading' && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Resetting MFA…
            </Text>
          </Group>
        )}
        <Group justify="flex-end" gap="sm">
          {state.status === 'success' || state.status === 'error' ? (
            <Button onClick={close}>Close</Button>
          ) : (
            <>
              <Button variant="default" onClick={close} disabled={state.status === 'loading'}>
                No
              </Button>
              <Button color="red" onClick={confirm} loading={state.status === 'loading'}>
                Reset MFA
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
