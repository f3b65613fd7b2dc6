import { Alert, Anchor, Button, Divider, Group, Paper, PasswordInput, Stack, TextInput } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle, IconClockHour4, IconKey } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { LOGIN_FAILED_MESSAGE, type LoginResponse, type SecondFactorChallenge } from '@vault/contract';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api';
import { passkeysSupported } from '../../lib/passkeys';
import { clearSession, startSession, useSession } from '../../lib/session';
import { AuthHeading } from './AuthHeading';
import { login, passkeySignIn } from './api';
import { SecondFactorStep } from './SecondFactorStep';

// The dialog (and Mantine's Modal) loads only when asked for, keeping the first screen small.
const ForgotPasswordDialog = lazy(() => import('./ForgotPasswordDialog').then((m) => ({ default: m.ForgotPasswordDialog })));

/** Where to go after signing in: the screen the user was sent away from, else the start. */
function target(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/logout') ? from : '/';
}

export function Component() {
  const { token, expiredMessage } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The sign-in screen is a first screen: its two "required" checks are written here rather than
  // loading the contract's schemas with it.
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (v) => (v.trim() ? null : 'Enter your e-mail or username'),
      password: isNotEmpty('Enter your password'),
    },
  });
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [forgotOpened, forgot] = useDisclosure(false);
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);

  if (token) return <Navigate to={target(location.state)} replace />;

  const signedIn = (res: LoginResponse) => {
    // Nothing cached for an earlier session may show for this one.
    queryClient.clear();
    startSession(res.accessToken, res.user);
    navigate(target(location.state), { replace: true });
  };

  if (challenge)
    return (
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 36 }} radius="lg" bg="white">
        <SecondFactorStep
          challengeToken={challenge.challengeToken}
          methods={challenge.methods}
          onSignedIn={signedIn}
          onRestart={(message) => {
            setChallenge(null);
            setError(message);
          }}
        />
      </Paper>
    );

  const submit = async ({ username, password }: typeof form.values) => {
    setLoading(true);
    setError(null);
    try {
      const res = await login(username.trim(), password);
      form.setFieldValue('password', '');
      if ('challengeToken' in res) setChallenge(res);
      else signedIn(res);
    } catch (err) {
      // A failed sign-in clears the user (specification section 4).
      clearSession(null);
      setError(err instanceof ApiError && err.status === 401 ? LOGIN_FAILED_MESSAGE : errorMessage(err));
      form.setFieldValue('password', '');
    } finally {
      setLoading(false);
    }
  };

  const withPasskey = async () => {
    setPasskeyBusy(true);
    setError(null);
    try {
      signedIn(await passkeySignIn());
    } catch (err) {
      clearSession(null);
      setError(errorMessage(err));
    } finally {
      setPasskeyBusy(false);
    }
  };

  return (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 36 }} radius="lg" bg="white">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <AuthHeading title="Sign in">Use your administrator account to manage portals, vaults and people.</AuthHeading>

          {expiredMessage && !error && (
            <Alert color="yellow" variant="light" icon={<IconClockHour4 size={18} />} title="Session ended" role="status">
              {expiredMessage}
            </Alert>
          )}
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Sign-in failed" role="alert">
              {error}
            </Alert>
          )}

          <TextInput
            label="E-mail or username"
            name="username"
            autoComplete="username"
            {...form.getInputProps('username')}
            maxLength={254}
            required
            data-autofocus
            autoFocus
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            {...form.getInputProps('password')}
            maxLength={1024}
            required
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component="button" type="button" size="sm" onClick={forgot.open}>
              Forgot your password?
            </Anchor>
          </Group>
          <Button type="submit" size="md" loading={loading} fullWidth>
            Sign in
          </Button>
          {passkeysSupported() && (
            <>
              <Divider label="or" labelPosition="center" />
              <Button variant="default" size="md" leftSection={<IconKey size={18} />} loading={passkeyBusy} onClick={withPasskey} fullWidth>
                Sign in with a passkey
              </Button>
            </>
          )}
        </Stack>
      </form>
      {forgotOpened && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            opened
            onClose={forgot.close}
            initialEmail={form.values.username.includes('@') ? form.values.username.trim() : ''}
          />
        </Suspense>
      )}
    </Paper>
  );
}
