import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { useRegenerateCodes, useRemoveFactor, useSecondFactorStatus } from './api';
import { CodePrompt } from './CodePrompt';
import { IdentityCheck } from './IdentityCheck';
import { PasskeyList } from './PasskeyList';
import { RecoveryCodesView } from './RecoveryCodesView';
import { TotpEnrollment } from './TotpEnrollment';

type Pending = null | 'regenerate' | 'remove';

/** The signed-in person's account: who they are and their second factor. */
export function Component() {
  const { user } = useSession();
  const status = useSecondFactorStatus(true, true);
  const regenerate = useRegenerateCodes();
  const remove = useRemoveFactor();
  const [pending, setPending] = useState<Pending>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const s = status.data;
  // Adding a factor takes a fresh proof of identity, which lasts a few minutes on this session.
  const confirmed = !!s?.identityConfirmedUntil && Date.parse(s.identityConfirmedUntil) > Date.now();

  return (
    <>
      <PageHeader title="Your account" description={user ? `${user.firstName} ${user.lastName} · ${user.email}` : undefined} />
      <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="second-factor-title">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={3} fz="lg" id="second-factor-title">
              Second factor
            </Title>
            {s &&
              (s.enrolled ? (
                <Badge color="green" variant="light" leftSection={<IconShieldCheck size={14} />}>
                  On
                </Badge>
              ) : (
                <Badge color="gray" variant="light" leftSection={<IconShieldOff size={14} />}>
                  Off
                </Badge>
              ))}
          </Group>
          {status.isPending && <Loader size="sm" aria-label="Loading" />}
          {status.error && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(status.error)}
            </Alert>
          )}
          {/* Shown this once, whatever the status answers meanwhile. */}
          {codes && <RecoveryCodesView codes={codes} onDone={() => setCodes(null)} />}
          {s &&
            !s.enrolled &&
            !codes &&
            (s.enrollmentRequired ? (
              <Alert color="red" variant="light" title="A second factor is required" role="region" aria-label="Required">
                Your portal requires a second factor. Set it up now to continue to the portal.
              </Alert>
            ) : s.graceRemaining !== null ? (
              <Alert color="yellow" variant="light" title="A second factor is required" role="region" aria-label="Required">
                Your portal requires a second factor. You can sign in {s.graceRemaining} more {s.graceRemaining === 1 ? 'time' : 'times'}{' '}
                without one.
              </Alert>
            ) : (
              <Text size="sm">
                A second factor protects your account if your password is ever stolen: signing in then also asks for a passkey or a code
                from an app on your phone.
              </Text>
            ))}
          {s && !codes && (
            <Stack gap="lg">
              {!confirmed && <IdentityCheck status={s} />}
              {s.authenticatorApp ? (
                <div>
                  <Text size="sm" fw={500}>
                    Authenticator app
                  </Text>
                  <Text size="sm" c="dimmed">
                    Set up {s.enrolledAt ? formatDateTime(s.enrolledAt) : ''}
                  </Text>
                </div>
              ) : (
                <Stack gap="xs">
                  <Text size="sm" fw={500}>
                    Authenticator app
                  </Text>
                  <TotpEnrollment onEnrolled={setCodes} canStart={confirmed} />
                </Stack>
              )}
              <PasskeyList onFirstFactor={setCodes} canAdd={confirmed} />
            </Stack>
          )}
          {s?.enrolled && !codes && (
            <Stack gap="md">
              <div>
                <Text size="sm" fw={500}>
                  Recovery codes
                </Text>
                <Text size="sm" c={s.recoveryCodesRemaining <= 2 ? 'red' : 'dimmed'}>
                  {s.recoveryCodesRemaining} of 10 remaining
                </Text>
              </div>
              {pending === 'regenerate' && (
                <CodePrompt
                  label="Current code or a recovery code"
                  submitLabel="Create new recovery codes"
                  onCancel={() => setPending(null)}
                  onSubmit={(code) =>
                    regenerate.mutateAsync(code).then((r) => {
                      setPending(null);
                      setCodes(r.recoveryCodes);
                    })
                  }
                />
              )}
              {pending === 'remove' && (
                <CodePrompt
                  label="Current code or a recovery code"
                  submitLabel="Remove second factor"
                  color="red"
                  onCancel={() => setPending(null)}
                  onSubmit={(code) => remove.mutateAsync(code).then(() => setPending(null))}
                />
              )}
              {pending === null && (
                <Group gap="sm">
                  <Button variant="default" onClick={() => setPending('regenerate')}>
                    New recovery codes
                  </Button>
                  <Button variant="subtle" color="red" onClick={() => setPending('remove')}>
                    Remove second factor
                  </Button>
                </Group>
              )}
            </Stack>
          )}
        </Stack>
      </Card>
    </>
  );
}
