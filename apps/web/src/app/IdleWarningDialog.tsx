import '../components/modal-styles';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { IdleWarning } from './session-watch';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Two minutes before the idle timeout: how long is left, and a way to keep the session. */
export function IdleWarningDialog({ warning }: { warning: IdleWarning }) {
  const { secondsLeft, staySignedIn, staying } = warning;
  return (
    <Modal
      opened={secondsLeft !== null}
      onClose={() => void staySignedIn()}
      title="Your session is about to end"
      closeOnClickOutside={false}
      withCloseButton={false}
    >
      <Stack gap="lg">
        <Text size="sm">
          You have been inactive for a while. For your security the session ends in <strong>{clock(secondsLeft ?? 0)}</strong>. Anything not
          saved will be lost.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to="/logout">
            Sign out
          </Button>
          <Button onClick={() => void staySignedIn()} loading={staying} data-autofocus>
            Stay signed in
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
