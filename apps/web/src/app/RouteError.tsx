import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a screen fails to load (e.g. a new version was deployed) or throws. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const chunk =
    error instanceof Error && /dynamically imported module|Failed to fetch|Importing a module script failed/i.test(error.message);
  return (
    <Center py={80} px="md">
      <Paper withBorder p="xl" maw={480} w="100%">
        <Stack gap="sm">
          <Title order={1} fz={20}>
            {notFound ? 'Page not found' : 'This screen could not be shown'}
          </Title>
          <Text c="dimmed" size="sm">
            {notFound
              ? 'The address does not match any screen of the portal.'
              : chunk
                ? 'A newer version of the portal may be available. Reload the page to continue.'
                : 'Something went wrong while showing this screen. Reload the page or go back to the start.'}
          </Text>
          <Stack gap="xs" mt="sm" style={{ flexDirection: 'row' }}>
            <Button onClick={() => window.location.reload()}>Reload</Button>
            <Button component={Link} to="/" variant="default">
              Go to the start
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Center>
  );
}

export function NotFound() {
  return (
    <Center py={80}>
      <Stack align="center" gap="xs">
        <Title order={1} fz={20}>
          Page not found
        </Title>
        <Text c="dimmed" size="sm">
          The address does not match any screen of the portal.
        </Text>
        <Button component={Link} to="/" variant="light" mt="sm">
          Go to the start
        </Button>
      </Stack>
    </Center>
  );
}
