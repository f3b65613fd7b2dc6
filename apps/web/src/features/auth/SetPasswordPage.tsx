import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { newPasswordSchema, PASSWORD_MIN } from '@vault/contract';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { setPassword } from './api';

/** The second login-layout route: choose a new password from an e-mailed, single-use link. */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPw] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = newPasswordSchema.safeParse(password);
    const next = {
      password: checked.success ? undefined : checked.error.issues[0]?.message,
      repeat: repeat === password ? undefined : 'The two passwords are not the same',
    };
    setErrors(next);
    if (next.password || next.repeat) return;
    setLoading(true);
    setFailure(null);
    try {
      const res = await setPassword(token, password);
      setDone(res.message);
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 36 }} radius="lg" bg="white">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} fz={24}>
            Choose a new password
          </Title>
          <Text c="dimmed" size="sm">
            The link in your e-mail works once and for a limited time.
          </Text>
        </Stack>
        {!token ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="This link is incomplete">
            Open the link from your e-mail again, or ask for a new one on the sign-in screen.
          </Alert>
        ) : done ? (
          <>
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title="Password set">
              {done}
            </Alert>
            <Button component={Link} to="/login" size="md">
              Go to sign in
            </Button>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              {failure && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                  {failure}
                </Alert>
              )}
              <PasswordInput
                label="New password"
                description={`At least ${PASSWORD_MIN} characters`}
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPw(e.currentTarget.value)}
                error={errors.password}
                maxLength={256}
                required
                autoFocus
              />
              <PasswordInput
                label="Repeat the new password"
                autoComplete="new-password"
                value={repeat}
                onChange={(e) => setRepeat(e.currentTarget.value)}
                error={errors.repeat}
                maxLength={256}
                required
              />
              <Button type="submit" size="md" loading={loading} fullWidth>
                Set password
              </Button>
            </Stack>
          </form>
        )}
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/login">
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
