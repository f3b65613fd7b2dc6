import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { newPasswordSchema, PASSWORD_MIN } from '@vault/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { errorMessage } from '../../lib/api';
import { contractRules } from '../../lib/form';
import { AuthHeading } from './AuthHeading';
import { setPassword } from './api';

/** The server's password rules, and the repeat typed the same. */
const newPasswordForm = z
  .object({ password: newPasswordSchema, repeat: z.string() })
  .refine((f) => f.repeat === f.password, { path: ['repeat'], message: 'The two passwords are not the same' });

/** The second login-layout route: choose a new password from an e-mailed, single-use link. */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm({ initialValues: { password: '', repeat: '' }, validate: contractRules(newPasswordForm) });
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const submit = async ({ password }: typeof form.values) => {
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
        <AuthHeading title="Choose a new password">The link in your e-mail works once and for a limited time.</AuthHeading>
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
          <form onSubmit={form.onSubmit(submit)} noValidate>
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
                {...form.getInputProps('password')}
                maxLength={256}
                required
                autoFocus
              />
              <PasswordInput
                label="Repeat the new password"
                autoComplete="new-password"
                {...form.getInputProps('repeat')}
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
