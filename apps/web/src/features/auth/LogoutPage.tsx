import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { clearSession, NO_SPONSOR, setSponsor } from '../../lib/session';
import { logout } from './api';

/** /logout: revokes the session on the server, forgets it in the browser and goes to /login. */
export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout()
      .catch(() => undefined)
      .finally(() => {
        clearSession(null);
        setSponsor(NO_SPONSOR);
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
