import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import type { Passkey } from '@vault/contract';
import { type FormEvent, useState } from 'react';
import { useConfirm } from '../../components/confirm-context';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { passkeysSupported } from '../../lib/passkeys';
import { usePasskeys, useRegisterPasskey, useRemovePasskey, useRenamePasskey } from './api';

const NAME_MAX = 60;

/** One passkey: its name, when it was added and last used; rename in place, remove after a confirmation. */
function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { confirm } = useConfirm();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | undefined>();

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Enter a name for the passkey');
    setError(undefined);
    try {
      await rename.mutateAsync({ id: passkey.id, name: name.trim() });
      setEditing(false);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const askRemove = () =>
    void confirm({
      title: 'Remove passkey',
      message: `Remove the passkey "${passkey.name}"? You can no longer sign in with it.`,
      okLabel: 'Remove',
      cancelLabel: 'Cancel',
      command: async () => ({ ...(await remove.mutateAsync(passkey.id)), errorMsg: null, statusType: 'success' as const }),
    });

  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={passkey.name}>
      {editing ? (
        <form onSubmit={save} noValidate>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Passkey name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
              maxLength={NAME_MAX}
              w={{ base: '100%', xs: 260 }}
              autoFocus
            />
            <Group gap="sm" mt={{ base: 0, xs: 25 }}>
              <Button type="submit" loading={rename.isPending}>
                Save
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  setEditing(false);
                  setName(passkey.name);
                  setError(undefined);
                }}
              >
                Cancel
              </Button>
            </Group>
          </Group>
        </form>
      ) : (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <IconKey size={20} aria-hidden style={{ flexShrink: 0 }} />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {passkey.name}
              </Text>
              <Text size="xs" c="dimmed">
                Added {formatDateTime(passkey.createdAt)} ·{' '}
                {passkey.lastUsedAt ? `Last used ${formatDateTime(passkey.lastUsedAt)}` : 'Not used yet'}
              </Text>
            </div>
          </Group>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setEditing(true)} aria-label={`Rename ${passkey.name}`}>
              Rename
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={askRemove} aria-label={`Remove ${passkey.name}`}>
              Remove
            </Button>
          </Group>
        </Group>
      )}
    </Paper>
  );
}

/**
 * The person's passkeys and the form that adds one. A first passkey turns the second factor on:
 * its recovery codes go to the caller to show.
 */
export function PasskeyList({ onFirstFactor, canAdd }: { onFirstFactor: (recoveryCodes: string[]) => void; canAdd: boolean }) {
  const list = usePasskeys();
  const register = useRegisterPasskey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const supported = passkeysSupported();

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Enter a name for the passkey');
    setError(undefined);
    try {
      const res = await register.mutateAsync(name.trim());
      setName('');
      if (res.recoveryCodes) onFirstFactor(res.recoveryCodes);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} id="passkeys-title">
          Passkeys
        </Text>
        <Text size="sm" c="dimmed">
          Sign in with your fingerprint, face or device PIN instead of a code.
        </Text>
      </div>
      {list.isPending && <Loader size="sm" aria-label="Loading passkeys" />}
      {list.error && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.data && list.data.passkeys.length > 0 && (
        <Stack gap="xs" component="ul" aria-labelledby="passkeys-title" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.data.passkeys.map((p) => (
            <PasskeyRow key={p.id} passkey={p} />
          ))}
        </Stack>
      )}
      {!canAdd ? null : supported ? (
        <form onSubmit={add} noValidate>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Passkey name"
              placeholder="For example: Work laptop"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
              maxLength={NAME_MAX}
              w={{ base: '100%', xs: 260 }}
            />
            <Button type="submit" mt={{ base: 0, xs: 25 }} loading={register.isPending} leftSection={<IconKey size={16} />}>
              Add a passkey
            </Button>
          </Group>
        </form>
      ) : (
        <Text size="sm" c="dimmed">
          This browser cannot use passkeys.
        </Text>
      )}
    </Stack>
  );
}
