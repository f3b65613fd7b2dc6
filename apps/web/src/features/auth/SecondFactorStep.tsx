import { Alert, Anchor, Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';
import type { LoginResponse, SecondFactorChallenge } from '@vault/contract';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { AuthHeading } from './AuthHeading';
import { passkeySecondFactor, verifySecondFactor } from './api';

interface Props {
  challengeToken: string;
  methods: SecondFactorChallenge['methods'];
  onSignedIn: (res: LoginResponse) => void;
  /** Back to the password: the challenge expired or the person wants another account. */
  onRestart: (message: string | null) => void;
}

const HELP = {
  totp: 'Enter the 6-digit code your authenticator app shows for this portal. Lost your phone? Enter one of your recovery codes instead.',
  passkey: 'Use your passkey. Lost it? Enter one of your recovery codes instead.',
  both: 'Use your passkey, or enter the 6-digit code your authenticator app shows for this portal. Lost both? Enter one of your recovery codes.',
};

/** Second sign-in step: a passkey, a code from the authenticator app, or one of the recovery codes. */
export function SecondFactorStep({ challengeToken, methods, onSignedIn, onRestart }: Props) {
  const withPasskey = methods.includes('passkey');
  const withApp = methods.includes('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);

  const failed = (err: unknown) => {
    const message = errorMessage(err);
    if (err instanceof ApiError && err.status === 401 && /expired/i.test(message)) onRestart(message);
    else setError(message);
  };

  const usePasskey = async () => {
    setLoading(true);
    setError(null);
    try {
      onSignedIn(await passkeySecondFactor(challengeToken));
    } catch (err) {
      failed(err);
    } finally {
      setLoading(false);
    }
  };

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
      failed(err);
      setCode('');
    } finally {
      setLoading(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <AuthHeading title="Second factor" order={2}>
          {withPasskey && withApp ? HELP.both : withPasskey ? HELP.passkey : HELP.totp}
        </AuthHeading>
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Sign-in failed" role="alert">
            {error}
          </Alert>
        )}
        {withPasskey && (
          <>
            <Button size="md" leftSection={<IconKey size={18} />} loading={loading} onClick={usePasskey} fullWidth>
              Use a passkey
            </Button>
            <Divider label="or enter a code" labelPosition="center" />
          </>
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
          autoFocus={!withPasskey}
        />
        <Button type="submit" size="md" variant={withPasskey ? 'default' : 'filled'} loading={loading} fullWidth>
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
