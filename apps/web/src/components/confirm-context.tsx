import type { ServerMessage } from '@vault/contract';
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../lib/api';
import type { AlertDialogProps } from './AlertDialog';
import type { ConfirmPhase } from './ConfirmDialog';
import type { DialogMessage } from './MessageList';

export interface ConfirmOptions {
  title: string;
  message: DialogMessage;
  command: () => Promise<ServerMessage>;
  okLabel?: string;
  cancelLabel?: string;
  /** Runs after the server answered without an error (e.g. invalidate the list). */
  onDone?: (result: ServerMessage) => void;
}

export interface ArchiveOptions {
  documentCount: number;
  title?: string;
  command: (reason: string) => Promise<ServerMessage>;
  onDone?: (result: ServerMessage) => void;
}

export type AlertOptions = Omit<AlertDialogProps, 'opened' | 'onClose' | 'onOk' | 'okLoading'> & { withOk?: boolean };

export interface ConfirmApi {
  /** Asks, runs the command while blocked, shows the server message; resolves with it (null if cancelled). */
  confirm: (opts: ConfirmOptions) => Promise<ServerMessage | null>;
  /** The archive variant: asks for the reason first. */
  archive: (opts: ArchiveOptions) => Promise<ServerMessage | null>;
  /** The alert dialog; resolves true for OK/Yes, false for Close/Cancel/No. */
  alert: (opts: AlertOptions) => Promise<boolean>;
}

type Pending = { kind: 'confirm'; opts: ConfirmOptions } | { kind: 'archive'; opts: ArchiveOptions };

const ConfirmContext = createContext<ConfirmApi | null>(null);

// The dialogs load when first asked for, not with every screen (the archive one holds a form).
const ConfirmDialog = lazy(() => import('./ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));
const AlertDialog = lazy(() => import('./AlertDialog').then((m) => ({ default: m.AlertDialog })));
const ArchiveReasonDialog = lazy(() => import('./ArchiveReasonDialog').then((m) => ({ default: m.ArchiveReasonDialog })));

/** A command's failure shown the same way as a server message. */
export const failureMessage = (err: unknown): ServerMessage => ({ message: errorMessage(err), errorMsg: null, statusType: 'error' });

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [phase, setPhase] = useState<ConfirmPhase>('closed');
  const [result, setResult] = useState<ServerMessage | null>(null);
  const resolveRef = useRef<((r: ServerMessage | null) => void) | null>(null);
  const [alertState, setAlertState] = useState<AlertOptions | null>(null);
  const alertResolve = useRef<((ok: boolean) => void) | null>(null);

  const open = useCallback((p: Pending) => {
    resolveRef.current?.(null);
    return new Promise<ServerMessage | null>((resolve) => {
      resolveRef.current = resolve;
      setPending(p);
      setResult(null);
      setPhase('asking');
    });
  }, []);

  const run = useCallback(async (command: () => Promise<ServerMessage>, onDone?: (r: ServerMessage) => void) => {
    setPhase('running');
    let r: ServerMessage;
    try {
      r = await command();
      if (r.statusType !== 'error') onDone?.(r);
    } catch (err) {
      r = failureMessage(err);
    }
    setResult(r);
    setPhase('done');
    resolveRef.current?.(r);
    resolveRef.current = null;
  }, []);

  const close = useCallback(() => {
    resolveRef.current?.(null);
    resolveRef.current = null;
    setPhase('closed');
    setResult(null);
    setPending(null);
  }, []);

  const api = useMemo<ConfirmApi>(
    () => ({
      confirm: (opts) => open({ kind: 'confirm', opts }),
      archive: (opts) => open({ kind: 'archive', opts }),
      alert: (opts) =>
        new Promise<boolean>((resolve) => {
          alertResolve.current?.(false);
          alertResolve.current = resolve;
          setAlertState(opts);
        }),
    }),
    [open],
  );

  const endAlert = (ok: boolean) => {
    alertResolve.current?.(ok);
    alertResolve.current = null;
    setAlertState(null);
  };

  return (
    <ConfirmContext.Provider value={api}>
      {children}
      {pending?.kind === 'confirm' && (
        <Suspense fallback={null}>
          <ConfirmDialog
            phase={phase}
            title={pending.opts.title}
            message={pending.opts.message}
            result={result}
            okLabel={pending.opts.okLabel}
            cancelLabel={pending.opts.cancelLabel}
            onConfirm={() => run(pending.opts.command, pending.opts.onDone)}
            onClose={close}
          />
        </Suspense>
      )}
      {pending?.kind === 'archive' && (
        <Suspense fallback={null}>
          <ArchiveReasonDialog
            phase={phase}
            documentCount={pending.opts.documentCount}
            title={pending.opts.title}
            result={result}
            onConfirm={(reason) => run(() => pending.opts.command(reason), pending.opts.onDone)}
            onClose={close}
          />
        </Suspense>
      )}
      {alertState && (
        <Suspense fallback={null}>
          <AlertDialog
            opened
            title={alertState.title}
            message={alertState.message}
            closeLabel={alertState.closeLabel}
            okLabel={alertState.okLabel}
            onClose={() => endAlert(false)}
            onOk={alertState.withOk ? () => endAlert(true) : undefined}
          />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

/** Confirmation, archive and alert dialogs for any page of the main layout. */
export function useConfirm(): ConfirmApi {
  const ctx = useContext(ConfirmContext);
  if (!ctx) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return ctx;
}
