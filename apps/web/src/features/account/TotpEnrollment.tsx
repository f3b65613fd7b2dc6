import { Alert, Button, Code, Image, List, Stack, Text } from '@mantine/core';
import type { TotpEnrollment as Enrollment } from '@vault/contract';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useConfirmTotp, useStartTotp } from './api';
import { CodePrompt } from './CodePrompt';

/** Scan (or type) the secret and confirm with a first code; the recovery codes go to the caller to show. */
export function TotpEnrollment({ onEnrolled, canStart }: { onEnrolled: (recoveryCodes: string[]) => void; canStart: boolean }) {
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  if (!enrollment && !canStart)
    return (
      <Text size="sm" c="dimmed">
        Not set up.
      </Text>
    );
  if (!enrollment)
    return (
      <Stack gap="sm" align="flex-start">
        {start.error && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(start.error)}
          </Alert>
        )}
        <Button loading={start.isPending} onClick={() => start.mutate(undefined, { onSuccess: setEnrollment })}>
          Set up authenticator app
        </Button>
      </Stack>
    );
  return (
    <Stack gap="md">
      <List type="ordered" spacing="xs" size="sm">
        <List.Item>
          Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password).
        </List.Item>
        <List.Item>Scan this QR code, or enter the secret key by hand.</List.Item>
        <List.Item>Enter the 6-digit code the app shows.</List.Item>
      </List>
      <Image src={enrollment.qrCode} alt="QR code for your authenticator app" w={200} h={200} fit="contain" />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="totp-secret-label">
          Secret key
        </Text>
        <Code fz="md" aria-labelledby="totp-secret-label" style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
          {enrollment.secret}
        </Code>
      </Stack>
      <CodePrompt
        label="Code from the app"
        submitLabel="Confirm"
        onSubmit={(code) => confirm.mutateAsync(code).then((r) => onEnrolled(r.recoveryCodes))}
      />
    </Stack>
  );
}
