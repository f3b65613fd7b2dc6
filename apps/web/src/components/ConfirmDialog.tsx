import { Stack } from '@mantine/core';
import type { ServerMessage } from '@vault/contract';
import type { ReactNode } from 'react';
import { AnswerButtons, BlockingModal, BusyNote } from './dialog-parts';
import { type DialogMessage, MessageList } from './MessageList';
import { ServerMessageView } from './ServerMessageView';

/** asking → running (blocked) → done (server message shown); closing resets to closed. */
export type ConfirmPhase = 'closed' | 'asking' | 'running' | 'done';

export interface ConfirmDialogProps {
  phase: ConfirmPhase;
  title: string;
  message?: DialogMessage;
  result: ServerMessage | null;
  okLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
  /** Extra content under the message while asking (e.g. the archive reason). */
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

/** The confirmation dialog of specification section 4: static backdrop, blocked while the request runs. */
export function ConfirmDialog({
  phase,
  title,
  message,
  result,
  okLabel = 'Yes',
  cancelLabel = 'No',
  onConfirm,
  onClose,
  children,
  size = 'md',
}: ConfirmDialogProps) {
  const running = phase === 'running';
  return (
    <BlockingModal opened={phase !== 'closed'} onClose={() => !running && onClose()} title={title} size={size}>
      <Stack gap="lg" aria-busy={running}>
        {phase === 'done' && result ? (
          <ServerMessageView result={result} />
        ) : (
          <>
            {message !== undefined && <MessageList message={message} />}
            {children}
            {running && <BusyNote />}
          </>
        )}
        <AnswerButtons
          answered={phase === 'done'}
          running={running}
          onClose={onClose}
          onConfirm={onConfirm}
          okLabel={okLabel}
          cancelLabel={cancelLabel}
        />
      </Stack>
    </BlockingModal>
  );
}
