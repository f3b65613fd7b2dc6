import { Alert, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { errorMessage } from '../lib/api';
import { type MfaResetTarget, useMfaReset } from '../lib/mfa-reset';
import { AnswerButtons, BlockingModal, BusyNote } from './dialog-parts';

export interface MfaResetDialogProps {
  /** Whose MFA to reset; null keeps the dialog closed. */
  target: MfaResetTarget | null;
  onClose: () => void;
  /** After a successful reset (e.g. refresh the list). */
  onDone?: () => void;
}

/** The request's state as the dialog shows it (and as `data-state` names it). */
const STATES = { idle: 'idle', pending: 'loading', success: 'success', error: 'error' } as const;

/**
 * Asks, then shows the MFA reset request: loading while it runs, then the server's message or the
 * error. Closing forgets the request, so the next person starts from the question.
 */
export function MfaResetDialog({ target, onClose, onDone }: MfaResetDialogProps) {
  const reset = useMfaReset();
  const opened = target !== null;
  const state = STATES[reset.status];

  // A dialog opened for a new person starts from idle.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens or closes
  useEffect(() => {
    reset.reset();
  }, [opened]);

  const close = () => {
    if (reset.isPending) return;
    reset.reset();
    onClose();
  };
  const confirm = () => {
    if (target) reset.mutate(target, { onSuccess: () => onDone?.() });
  };
  const who = target?.label ?? 'this person';

  return (
    <BlockingModal opened={opened} onClose={close} title="Reset MFA">
      <Stack gap="lg" aria-busy={reset.isPending} data-testid="mfa-reset" data-state={state}>
        {reset.isSuccess && (
          <Alert color="teal" variant="light" title="MFA reset" role="status">
            {reset.data?.message || 'MFA was reset.'}
          </Alert>
        )}
        {reset.isError && (
          <Alert color="red" variant="light" title="MFA reset failed" role="alert">
            {errorMessage(reset.error)}
          </Alert>
        )}
        {(reset.isIdle || reset.isPending) && (
          <Text size="sm">
            Reset multi-factor authentication for <b>{who}</b>? They are signed out everywhere and set up MFA again at their next sign-in.
          </Text>
        )}
        {reset.isPending && <BusyNote>Resetting MFA…</BusyNote>}
        <AnswerButtons
          answered={reset.isSuccess || reset.isError}
          running={reset.isPending}
          onClose={close}
          onConfirm={confirm}
          okLabel="Reset MFA"
          okColor="red"
        />
      </Stack>
    </BlockingModal>
  );
}
