import { screen, waitFor, within } from '@testing-library/react';
import { REASON_MESSAGE, type ServerMessage } from '@vault/contract';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { renderWithPortal } from '../test/render';
import { ARCHIVE_REASON_LABEL } from './ArchiveReasonDialog';
import { type AlertOptions, type ArchiveOptions, type ConfirmOptions, ConfirmProvider, useConfirm } from './confirm-context';

type Ask = { confirm?: ConfirmOptions; archive?: ArchiveOptions; alert?: AlertOptions };

/** A screen with one button that opens the dialog under test and shows what the dialog resolved with. */
function Screen({ ask }: { ask: Ask }) {
  const dialogs = useConfirm();
  const [outcome, setOutcome] = useState('');
  const open = async () => {
    const r = ask.confirm
      ? await dialogs.confirm(ask.confirm)
      : ask.archive
        ? await dialogs.archive(ask.archive)
        : await dialogs.alert(ask.alert!);
    setOutcome(JSON.stringify(r));
  };
  return (
    <>
      <button type="button" onClick={open}>
        Open
      </button>
      <output aria-label="outcome">{outcome}</output>
    </>
  );
}

const renderScreen = (ask: Ask) =>
  renderWithPortal(
    <ConfirmProvider>
      <Screen ask={ask} />
    </ConfirmProvider>,
  );

const deferred = <T,>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('confirmation dialog', () => {
  it('asks, blocks while the command runs, then shows the Server Confirmation and reports it', async () => {
    const answer = deferred<ServerMessage>();
    const command = vi.fn(() => answer.promise);
    const onDone = vi.fn();
    const { user } = renderScreen({
      confirm: { title: 'Deactivate', message: ['Deactivate ann@example.com?', 'They can no longer sign in.'], command, onDone },
    });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Deactivate ann@example.com?', 'They can no longer sign in.']);

    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(command).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Please wait…');
    expect(within(dialog).getByRole('button', { name: 'No' })).toBeDisabled();

    answer.resolve({ message: 'The user was deactivated.', errorMsg: null, statusType: 'success' });
    const confirmation = await within(dialog).findByTestId('server-confirmation');
    expect(confirmation).toHaveTextContent('Server Confirmation');
    expect(confirmation).toHaveTextContent('The user was deactivated.');
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ message: 'The user was deactivated.' }));
    expect(screen.getByLabelText('outcome')).toHaveTextContent('The user was deactivated.');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a failed command as the server confirmation, without onDone', async () => {
    const onDone = vi.fn();
    const { user } = renderScreen({
      confirm: {
        title: 'Activate',
        message: 'Activate?',
        command: async () => {
          throw new ApiError(409, { message: 'This user is already active.' });
        },
        onDone,
      },
    });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await within(dialog).findByTestId('server-confirmation')).toHaveTextContent('This user is already active.');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('No closes without running the command and resolves with null', async () => {
    const command = vi.fn();
    const { user } = renderScreen({ confirm: { title: 'Reset password', message: 'Send a link?', command } });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reset password' })).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(command).not.toHaveBeenCalled();
    expect(screen.getByLabelText('outcome')).toHaveTextContent('null');
  });

  it('is not closed by Escape', async () => {
    const { user } = renderScreen({ confirm: { title: 'Deactivate', message: 'Sure?', command: vi.fn() } });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: 'Deactivate' });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Deactivate' })).toBeVisible();
  });
});

describe('alert dialog', () => {
  it('titles itself Alert by default, lists the messages and Close resolves false', async () => {
    const { user } = renderScreen({ alert: { message: ['First problem', 'Second problem'] } });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alert' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).queryByRole('button', { name: 'OK' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(dialog).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByLabelText('outcome')).toHaveTextContent('false'));
  });

  it('offers Cancel and Yes when asked, and Yes resolves true', async () => {
    const { user } = renderScreen({
      alert: { title: 'Resend', message: 'Resend the invitation?', closeLabel: 'Cancel', okLabel: 'Yes', withOk: true },
    });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByLabelText('outcome')).toHaveTextContent('true'));
  });
});

describe('archive reason dialog', () => {
  it('warns with the document count, refuses a short reason, then sends the trimmed reason', async () => {
    const command = vi.fn(async (reason: string) => ({ message: `Archived: ${reason}`, errorMsg: null, statusType: 'success' as const }));
    const { user } = renderScreen({ archive: { documentCount: 12, command } });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive Vault' });
    expect(dialog).toHaveTextContent('Warning. You are about to archive a vault containing 12 documents.');
    const reason = within(dialog).getByLabelText(ARCHIVE_REASON_LABEL, { exact: false });

    await user.type(reason, 'too short');
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(command).not.toHaveBeenCalled();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    expect(reason).toHaveAccessibleDescription(REASON_MESSAGE);

    await user.type(reason, ' but now long enough, ticket 42   ');
    expect(reason).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(command).toHaveBeenCalledWith('too short but now long enough, ticket 42');
    expect(await within(dialog).findByTestId('server-confirmation')).toHaveTextContent('Archived: too short but now long enough');
  });

  it('starts empty again after a cancel', async () => {
    const { user } = renderScreen({ archive: { documentCount: 0, command: vi.fn() } });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    let dialog = await screen.findByRole('dialog', { name: 'Archive Vault' });
    await user.type(within(dialog).getByLabelText(ARCHIVE_REASON_LABEL, { exact: false }), 'something typed here');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Open' }));
    dialog = await screen.findByRole('dialog', { name: 'Archive Vault' });
    expect(within(dialog).getByLabelText(ARCHIVE_REASON_LABEL, { exact: false })).toHaveValue('');
  });
});
