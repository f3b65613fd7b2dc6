import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { beginSignOut, clearSession } from '../../lib/session';
import { logout } from './api';

/** /logout: revokes the session on the server, forgets it in the browser and goes to /login. */
export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    beginSignOut();
    logout()
      .catch(() => undefined)
      .finally(() => {
        // A plain sign-out: the login screen shows no "session ended" message.
        clearSession(null);
        queryClient.clear();
        navigate('/login', { replace: true });
      });
  }, [navigate, queryClient]);

  return (
    <Center py={80}>
      <Stack align="center" gap="sm">
        <Loader size="sm" />
        <Text c="dimmed" size="sm">
          Signing out…
        </Text>
      </Stack>
    </Center>
  );
}
