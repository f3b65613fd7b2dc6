import type { CSSProperties } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Center } from '../components/light/feedback';
import { LightButton, LightButtonLink } from '../components/light/LightButton';
import { Paper, Stack } from '../components/light/layout';
import { Text, Title } from '../components/light/text';

const TITLE_SIZE = { fontSize: 'calc(1.25rem * var(--mantine-scale))' };

/** Shown when a screen fails to load (e.g. a new version was deployed) or throws. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const chunk =
    error instanceof Error && /dynamically imported module|Failed to fetch|Importing a module script failed/i.test(error.message);
  return (
    <Center style={{ paddingBlock: 'calc(5rem * var(--mantine-scale))', paddingInline: 'var(--mantine-spacing-md)' }}>
      <Paper style={{ padding: 'var(--mantine-spacing-xl)', maxWidth: 'calc(30rem * var(--mantine-scale))', width: '100%' }}>
        <Stack gap="sm">
          <Title style={TITLE_SIZE}>{notFound ? 'Page not found' : 'This screen could not be shown'}</Title>
          <Text dimmed>
            {notFound
              ? 'The address does not match any screen of the portal.'
              : chunk
                ? 'A newer version of the portal may be available. Reload the page to continue.'
                : 'Something went wrong while showing this screen. Reload the page or go back to the start.'}
          </Text>
          <Stack gap="xs" style={{ flexDirection: 'row', marginTop: 'var(--mantine-spacing-sm)' }}>
            <LightButton onClick={() => window.location.reload()}>Reload</LightButton>
            <LightButtonLink to="/" variant="default">
              Go to the start
            </LightButtonLink>
          </Stack>
        </Stack>
      </Paper>
    </Center>
  );
}

export function NotFound() {
  return (
    <Center style={{ paddingBlock: 'calc(5rem * var(--mantine-scale))' }}>
      <Stack gap="xs" style={{ '--stack-align': 'center' } as CSSProperties}>
        <Title style={TITLE_SIZE}>Page not found</Title>
        <Text dimmed>The address does not match any screen of the portal.</Text>
        <LightButtonLink to="/" variant="light" style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
          Go to the start
        </LightButtonLink>
      </Stack>
    </Center>
  );
}
