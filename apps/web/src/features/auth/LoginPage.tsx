import { Alert, Anchor, Button, Divider, Group, Paper, PasswordInput, Stack, TextInput } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle, IconBuildingSkyscraper, IconClockHour4, IconKey } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { LOGIN_FAILED_MESSAGE, type LoginResponse, type SecondFactorChallenge, SSO_ERRORS } from '@vault/contract';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api';
import { passkeysSupported } from '../../lib/passkeys';
import { clearSession, startSession, useSession } from '../../lib/session';
import { AuthHeading } from './AuthHeading';
import { login, passkeySignIn, ssoStartUrl } from './api';
import { SecondFactorStep } from './SecondFactorStep';

// The dialog (and Mantine's Modal) loads only when asked for, keeping the first screen small.
const ForgotPasswordDialog = lazy(() => import('./ForgotPasswordDialog').then((m) => ({ default: m.ForgotPasswordDialog })));

/** Where to go after signing in: the screen the user was sent away from, else the start. */
function target(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/logout') ? from : '/';
}

/** "Sign in with SSO": the work e-mail's domain picks the portal's identity provider (GET /api/v1/sso/start). */
function SsoEntry({ error, onBack }: { error: string | null; onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [going, setGoing] = useState(false);
  return (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 36 }} radius="lg" bg="white">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.trim())) return setInvalid('Enter your work e-mail address');
          setGoing(true);
          window.location.assign(ssoStartUrl(email));
        }}
      >
        <Stack gap="md">
          <AuthHeading title="Sign in with SSO">
            Your firm’s identity provider signs you in. Enter your work e-mail to go there.
          </AuthHeading>
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Single sign-on failed" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Work e-mail"
            name="email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setInvalid(null);
            }}
            error={invalid}
            maxLength={254}
            required
            autoFocus
          />
          <Button type="submit" size="md" loading={going} fullWidth>
            Continue
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            Sign in with a password instead
          </Anchor>
        </Stack>
      </form>
    </Paper>
  );
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
  const [params] = useSearchParams();
  // Only a code the portal knows picks a message: nothing in the address is shown as such.
  const ssoError = SSO_ERRORS[params.get('sso_error') as keyof typeof SSO_ERRORS] ?? null;
  const [sso, setSso] = useState(ssoError !== null);

  if (token) return <Navigate to={target(location.state)} replace />;
  if (sso) return <SsoEntry error={ssoError} onBack={() => setSso(false)} />;

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
          <Divider label="or" labelPosition="center" />
          {passkeysSupported() && (
            <Button variant="default" size="md" leftSection={<IconKey size={18} />} loading={passkeyBusy} onClick={withPasskey} fullWidth>
              Sign in with a passkey
            </Button>
          )}
          <Button variant="default" size="md" leftSection={<IconBuildingSkyscraper size={18} />} onClick={() => setSso(true)} fullWidth>
            Sign in with SSO
          </Button>
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
