import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import type { MfaStatus } from '@vault/contract';
import { errorMessage } from '../../lib/api';
import { passkeysSupported } from '../../lib/passkeys';
import { useConfirmIdentity, useConfirmIdentityWithPasskey } from './api';
import { CodePrompt } from './CodePrompt';

/**
 * "Confirm it's you" before a second factor is added: the server refuses a new factor to a session
 * that has not just proved it is the person, so a stolen session cannot plant one.
 */
export function IdentityCheck({ status }: { status: MfaStatus }) {
  const confirm = useConfirmIdentity();
  const withPasskey = useConfirmIdentityWithPasskey();
  return (
    <Stack gap="sm" component="section" aria-labelledby="identity-check-title">
      <div>
        <Text size="sm" fw={500} id="identity-check-title">
          Confirm it's you
        </Text>
        <Text size="sm" c="dimmed">
          {status.enrolled
            ? 'Before you add a second factor, enter a code from your authenticator app or a recovery code, or use one of your passkeys.'
            : 'Before you add a second factor, enter your password.'}
        </Text>
      </div>
      {status.enrolled ? (
        <>
          <CodePrompt label="Current code or a recovery code" submitLabel="Confirm" onSubmit={(code) => confirm.mutateAsync({ code })} />
          {status.passkeys > 0 && passkeysSupported() && (
            <Group>
              <Button
                variant="default"
                leftSection={<IconKey size={16} />}
                loading={withPasskey.isPending}
                onClick={() => withPasskey.mutate()}
              >
                Use a passkey
              </Button>
            </Group>
          )}
          {withPasskey.error && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(withPasskey.error)}
            </Alert>
          )}
        </>
      ) : (
        <CodePrompt label="Your password" submitLabel="Confirm" password onSubmit={(password) => confirm.mutateAsync({ password })} />
      )}
    </Stack>
  );
}
