import './main-styles';
import { AppShell, Box, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AlertDialog } from '../../components/AlertDialog';
import { ConfirmProvider } from '../../components/confirm-context';
import { useSession, useSponsor } from '../../lib/session';
import { Brand, PRODUCT_NAME } from '../Brand';
import { IdleWarningDialog } from '../IdleWarningDialog';
import { LazyNotifications } from '../LazyNotifications';
import { Navigation } from '../Navigation';
import { activeNavItem, MISSING_SPONSOR_MESSAGE, MISSING_SPONSOR_TITLE, needsSponsor } from '../nav';
import { RouteProgress } from '../RouteProgress';
import { SecondFactorGate } from '../SecondFactorGate';
import { SkipLink } from '../SkipLink';
import { SponsorSelect } from '../SponsorSelect';
import { useSessionWatch } from '../session-watch';
import { UserMenu } from '../UserMenu';

/** Header, left navigation and content; only for a signed-in user (specification section 2). */
export function MainLayout() {
  const { token } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Shell />;
}

function Shell() {
  const [menuOpened, menu] = useDisclosure(false);
  const [warning, setWarning] = useState(false);
  const { sponsorId } = useSponsor();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const idle = useSessionWatch();

  // Opening a sponsor screen by its address without a chosen sponsor is stopped the same way.
  useEffect(() => {
    if (sponsorId === 0 && pathname !== '/' && needsSponsor(pathname)) setWarning(true);
  }, [sponsorId, pathname]);

  useEffect(() => {
    const item = activeNavItem(pathname);
    document.title = item && item.label !== 'Logout' ? `${item.label} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [pathname]);

  const closeWarning = () => {
    setWarning(false);
    menu.close();
    navigate('/');
  };

  return (
    <ModalsProvider>
      <ConfirmProvider>
        <LazyNotifications />
        <AppShell
          header={{ height: 64 }}
          navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
          padding={{ base: 'md', md: 'xl' }}
          styles={{ main: { background: 'var(--mantine-color-gray-0)' } }}
        >
          <SkipLink target="main-content" />
          <AppShell.Header px={{ base: 'sm', sm: 'lg' }} style={{ boxShadow: '0 1px 2px rgba(16, 24, 40, 0.04)' }}>
            <RouteProgress />
            <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap">
                <Burger
                  opened={menuOpened}
                  onClick={menu.toggle}
                  hiddenFrom="sm"
                  size="sm"
                  aria-label={menuOpened ? 'Hide menu' : 'Show menu'}
                  aria-expanded={menuOpened}
                  aria-controls="main-navigation"
                />
                <Brand />
              </Group>
              <Group gap="md" wrap="nowrap">
                <SponsorSelect onChanged={menu.close} />
                <UserMenu />
              </Group>
            </Group>
          </AppShell.Header>
          <AppShell.Navbar id="main-navigation" style={{ display: 'flex', flexDirection: 'column' }}>
            <Navigation onBlocked={() => setWarning(true)} onNavigate={menu.close} />
          </AppShell.Navbar>
          <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
            <Box maw={1400} mx="auto">
              <SecondFactorGate>
                <Outlet />
              </SecondFactorGate>
            </Box>
          </AppShell.Main>
        </AppShell>
        <IdleWarningDialog warning={idle} />
        <AlertDialog
          opened={warning}
          tone="warning"
          title={MISSING_SPONSOR_TITLE}
          message={MISSING_SPONSOR_MESSAGE}
          onClose={closeWarning}
        />
      </ConfirmProvider>
    </ModalsProvider>
  );
}

export { MainLayout as Component };
