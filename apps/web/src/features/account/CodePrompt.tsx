import { Button, Group, PasswordInput, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api';

interface Props {
  label: string;
  submitLabel: string;
  onSubmit: (code: string) => Promise<unknown>;
  onCancel?: () => void;
  color?: string;
  /** The account's password instead of a code (the proof of identity before a first factor). */
  password?: boolean;
}

/**
 * One code field and its button: confirming enrollment, and the changes that ask for a current code
 * (or, with `password`, the password).
 */
export function CodePrompt({ label, submitLabel, onSubmit, onCancel, color, password }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(password ? 'Enter your password' : 'Enter a code');
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(password ? code : code.trim());
    } catch (err) {
      setError(errorMessage(err));
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        {password ? (
          <PasswordInput
            label={label}
            autoComplete="current-password"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={error}
            w={{ base: '100%', xs: 240 }}
            required
          />
        ) : (
          <TextInput
            label={label}
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={error}
            maxLength={24}
            w={{ base: '100%', xs: 240 }}
            required
          />
        )}
        <Group gap="sm" mt={{ base: 0, xs: 25 }}>
          <Button type="submit" loading={busy} color={color}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Group>
    </form>
  );
}
