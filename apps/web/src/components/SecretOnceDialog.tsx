import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { FormModal } from './dialog-parts';

export interface SecretOnce {
  /** What the secret is for ("CRM", "https://siem.example/in"). */
  name: string;
  message: string;
  secret: string;
}

/**
 * A secret the server answers once (an API key, a webhook signing secret): shown with a copy
 * button, kept nowhere in the browser, gone when the dialog closes.
 */
export function SecretOnceDialog({
  title,
  issued,
  rotateHint,
  testId,
  onClose,
}: {
  title: string;
  issued: SecretOnce | null;
  /** What to do when it is lost ("rotate the key"). */
  rotateHint: string;
  testId: string;
  onClose: () => void;
}) {
  return (
    <FormModal opened={!!issued} onClose={onClose} title={title} closeOnEscape={false} size="lg">
      {issued && (
        <Stack gap="md">
          <Text size="sm">{issued.message}</Text>
          <Alert color="yellow" title="Shown only once">
            Store this for {issued.name} in a safe place now. It cannot be shown again; if it is lost, {rotateHint}.
          </Alert>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid={testId}>
              {issued.secret}
            </Code>
            <CopyButton value={issued.secret}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'filled' : 'light'}
                  color={copied ? 'teal' : 'blue'}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      )}
    </FormModal>
  );
}
