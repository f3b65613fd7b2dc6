import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { emailSchema } from '@vault/contract';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { FormModal } from '../../components/dialog-parts';
import { errorMessage } from '../../lib/api';
import { contractRules } from '../../lib/form';
import { forgotPassword } from './api';

const forgotForm = z.object({ email: emailSchema });

/** Asks for a link to choose a new password; the answer never tells whether the address exists. */
export function ForgotPasswordDialog({ opened, onClose, initialEmail }: { opened: boolean; onClose: () => void; initialEmail: string }) {
  const form = useForm({ initialValues: { email: '' }, validate: contractRules(forgotForm) });
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: start over each time the dialog opens
  useEffect(() => {
    if (opened) {
      form.setValues({ email: initialEmail });
      form.clearErrors();
      setSent(null);
      setError(null);
    }
  }, [opened, initialEmail]);

  const submit = async ({ email }: typeof form.values) => {
    setLoading(true);
    setError(null);
    try {
      const res = await forgotPassword(email.trim());
      setSent(res.message);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setLoading(false);
    }
  };

  return (
    <FormModal opened={opened} onClose={onClose} title="Reset your password">
      {sent ? (
        <Stack gap="lg">
          <Alert color="teal" variant="light">
            {sent}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Enter the e-mail address of your administrator account. We will send you a link to choose a new password.
            </Text>
            {error && (
              <Alert color="red" variant="light">
                {error}
              </Alert>
            )}
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="email"
              {...form.getInputProps('email')}
              maxLength={254}
              required
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={loading}>
                Send link
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </FormModal>
  );
}
