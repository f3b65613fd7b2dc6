import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { LoginResponse } from '@vault/contract';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { verifySecondFactor } from './api';

interface Props {
  challengeToken: string;
  onSignedIn: (res: LoginResponse) => void;
  /** Back to the password: the challenge expired or the person wants another account. */
  onRestart: (message: string | null) => void;
}

/** Second sign-in step: a code from the authenticator app, or one of the recovery codes. */
export function SecondFactorStep({ challengeToken, onSignedIn, onRestart }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setMissing('Enter the code from your authenticator app');
      return;
    }
    setMissing(undefined);
    setLoading(true);
    setError(null);
    try {
      onSignedIn(await verifySecondFactor(challengeToken, code.trim()));
    } catch (err) {
      const message = errorMessage(err);
      if (err instanceof ApiError && err.status === 401 && /expired/i.test(message)) onRestart(message);
      else setError(message);
      setCode('');
    } finally {
      setLoading(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz={24}>
            Second factor
          </Title>
          <Text c="dimmed" size="sm">
            Enter the 6-digit code your authenticator app shows for this portal. Lost your phone? Enter one of your recovery codes instead.
          </Text>
        </Stack>
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Sign-in failed" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label="Authentication code"
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={missing}
          maxLength={24}
          required
          autoFocus
        />
        <Button type="submit" size="md" loading={loading} fullWidth>
          Verify
        </Button>
        <Group justify="center">
          <Anchor component="button" type="button" size="sm" onClick={() => onRestart(null)}>
            Back to sign in
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
