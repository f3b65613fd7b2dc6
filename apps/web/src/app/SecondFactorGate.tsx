import { IconShieldLock } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Alert } from '../components/light/feedback';
import { LightButton, LightButtonLink } from '../components/light/LightButton';
import { Group } from '../components/light/layout';
import { Text } from '../components/light/text';
import { useSecondFactorStatus } from '../features/account/api';
import { useBackgroundCallsAllowed } from '../lib/first-screen';
import { useSession } from '../lib/session';

const DISMISSED = 'second_factor_prompt_dismissed';
const OPEN_PATHS = new Set(['/account', '/logout']);

/**
 * The second-factor policy in the portal (the server enforces it too): a session that must
 * enroll sees only the account page; without a factor, staff and administrators under a
 * policy's grace period are asked to set one up, and may put it off.
 */
export function SecondFactorGate({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  // Asked once the first screen's rows are in (the server enforces the policy on every call anyway).
  const { data } = useSecondFactorStatus(useBackgroundCallsAllowed());
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED) === '1');

  if (data?.enrollmentRequired && !OPEN_PATHS.has(pathname)) return <Navigate to="/account" replace />;
  const ask = data && !data.enrolled && !dismissed && !OPEN_PATHS.has(pathname) && (user?.role === 'staff' || data.graceRemaining !== null);
  const later = () => {
    sessionStorage.setItem(DISMISSED, '1');
    setDismissed(true);
  };
  return (
    <>
      {ask && (
        <Alert
          color="vault"
          icon={<IconShieldLock size={18} />}
          title="Protect your account with a second factor"
          role="region"
          aria-label="Second factor"
          mb="lg"
        >
          <Text style={{ marginBottom: 'var(--mantine-spacing-sm)' }}>
            {data.graceRemaining !== null
              ? `Your portal requires a second factor. You can sign in ${data.graceRemaining} more ${data.graceRemaining === 1 ? 'time' : 'times'} without one.`
              : 'Signing in will also ask for a passkey or a code from an app on your phone, so a stolen password alone is not enough.'}
          </Text>
          <Group gap="sm">
            <LightButtonLink to="/account" size="xs">
              Set up now
            </LightButtonLink>
            <LightButton variant="subtle" size="xs" onClick={later}>
              Not now
            </LightButton>
          </Group>
        </Alert>
      )}
      {children}
    </>
  );
}
