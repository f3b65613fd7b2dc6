import { Box, Center, Container, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PlainLinks } from '../../components/light/PlainLink';
import { Brand, PRODUCT_NAME } from '../Brand';

/** A header with the brand only; the sponsor dropdown and the navigation are hidden. */
export function LoginLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `${pathname.startsWith('/set-password') ? 'Choose a new password' : 'Sign in'} · ${PRODUCT_NAME}`;
  }, [pathname]);
  return (
    <Box
      mih="100vh"
      style={{
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(180deg, var(--mantine-color-vault-0) 0%, var(--mantine-color-gray-0) 55%)',
      }}
    >
      <Box
        component="header"
        h={64}
        px={{ base: 'md', sm: 'xl' }}
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group h="100%">
          <PlainLinks>
            <Brand to="/login" />
          </PlainLinks>
        </Group>
      </Box>
      <Center component="main" style={{ flex: 1 }} py="xl" px="md">
        <Container size={440} w="100%" p={0}>
          <Outlet />
        </Container>
      </Center>
      <Text component="footer" ta="center" size="xs" c="dimmed" py="md">
        Authorised administrators only. Activity in this portal is recorded.
      </Text>
    </Box>
  );
}
