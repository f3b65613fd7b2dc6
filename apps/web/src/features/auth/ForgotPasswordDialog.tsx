import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { EMAIL_PATTERN } from '@vault/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { forgotPassword } from './api';

/** Asks for a link to choose a new password; the answer never tells whether the address exists. */
export function ForgotPasswordDialog({ opened, onClose, initialEmail }: { opened: boolean; onClose: () => void; initialEmail: string }) {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (opened) {
      setEmail(initialEmail);
      setSent(null);
      setError(null);
      setInvalid(false);
    }
  }, [opened, initialEmail]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!EMAIL_PATTERN.test(email.trim())) {
      setInvalid(true);
      return;
    }
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
    <Modal
      opened={opened}
      onClose={onClose}
      title="Reset your password"
      closeOnClickOutside={false}
      styles={{ title: { fontWeight: 650 } }}
    >
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
        <form onSubmit={submit} noValidate>
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
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setInvalid(false);
              }}
              error={invalid ? 'Enter a valid e-mail address' : undefined}
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
    </Modal>
  );
}
