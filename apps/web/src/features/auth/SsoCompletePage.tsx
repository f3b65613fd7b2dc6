import { Alert, Anchor, Badge, Code, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type LoginResponse, type SecondFactorChallenge, SSO_ERRORS, type SsoTestResult } from '@vault/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { startSession } from '../../lib/session';
import { AuthHeading } from './AuthHeading';
import { finishSso } from './api';
import { SecondFactorStep } from './SecondFactorStep';

const showValue = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** "Test sign-in": what the identity provider sent, and what a real sign-in would do. */
function TestResult({ result }: { result: SsoTestResult }) {
  return (
    <Stack gap="md">
      <AuthHeading title="Test sign-in">Nobody was signed in. This is what the identity provider sent.</AuthHeading>
      <Alert color={result.outcome.allowed ? 'green' : 'yellow'} variant="light" role="status">
        {result.outcome.message}
      </Alert>
      <Group gap="xs">
        <Badge variant="light">{result.protocol.toUpperCase()}</Badge>
        <Badge variant="light" color={result.secondFactorAsserted ? 'green' : 'gray'}>
          {result.secondFactorAsserted ? 'Second factor asserted' : 'No second factor asserted'}
        </Badge>
      </Group>
      <Table.ScrollContainer minWidth={300}>
        <Table striped withTableBorder>
          <Table.Caption>Claims the identity provider sent</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Claim</Table.Th>
              <Table.Th scope="col">Value</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {Object.entries(result.claims).map(([name, value]) => (
              <Table.Tr key={name}>
                <Table.Th scope="row">
                  <Code>{name}</Code>
                </Table.Th>
                <Table.Td style={{ wordBreak: 'break-all' }}>{showValue(value)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/**
 * Where the identity provider's answer lands (/sso/complete): the page collects the checked sign-in
 * once (POST /api/v1/sso/finish) and opens the session, or the second-factor step, or shows a test.
 */
export function Component() {
  const [params] = useSearchParams();
  const code = params.get('sso_error');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<
    | { kind: 'loading' }
    | { kind: 'error'; message: string }
    | { kind: 'test'; result: SsoTestResult }
    | { kind: 'challenge'; challenge: SecondFactorChallenge }
  >({ kind: 'loading' });
  const asked = useRef(false);

  const signedIn = (res: LoginResponse) => {
    queryClient.clear();
    startSession(res.accessToken, res.user);
    navigate('/', { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: collected once, on arrival
  useEffect(() => {
    if (code || asked.current) return;
    // Once: the hand-over works a single time (React's development double effect must not spend it).
    asked.current = true;
    finishSso()
      .then((res) => {
        if ('test' in res) setState({ kind: 'test', result: res });
        else if ('challengeToken' in res) setState({ kind: 'challenge', challenge: res });
        else signedIn(res);
      })
      .catch((err) => setState({ kind: 'error', message: errorMessage(err) }));
  }, [code]);

  // A refused test shows here; a refused sign-in on the login page.
  if (code) {
    const message = SSO_ERRORS[code as keyof typeof SSO_ERRORS];
    if (!message) return <Navigate to="/login" replace />;
    return (
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 36 }} radius="lg" bg="white">
        <Stack gap="md">
          <AuthHeading title="Single sign-on">The identity provider’s answer was not accepted.</AuthHeading>
          <Alert color="red" variant="light" role="alert">
            {message}
          </Alert>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 36 }} radius="lg" bg="white">
      {state.kind === 'loading' && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">Signing you in…</Text>
        </Group>
      )}
      {state.kind === 'error' && (
        <Stack gap="md">
          <AuthHeading title="Single sign-on">The sign-in could not be finished.</AuthHeading>
          <Alert color="red" variant="light" role="alert">
            {state.message}
          </Alert>
          <Anchor component={Link} to="/login">
            Back to sign-in
          </Anchor>
        </Stack>
      )}
      {state.kind === 'test' && <TestResult result={state.result} />}
      {state.kind === 'challenge' && (
        <SecondFactorStep
          challengeToken={state.challenge.challengeToken}
          methods={state.challenge.methods}
          onSignedIn={signedIn}
          onRestart={(message) => setState({ kind: 'error', message: message ?? 'Start again with "Sign in with SSO".' })}
        />
      )}
    </Paper>
  );
}
