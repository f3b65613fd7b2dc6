import './main-styles';
import { useDisclosure } from '@mantine/hooks';
import { lazy, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ConfirmProvider } from '../../components/confirm-context';
import { loadInteractiveOnFirstUse } from '../../components/deferred/load-interactive';
import { WhenOpened } from '../../components/deferred/WhenOpened';
import { LightBurger } from '../../components/light/header-parts';
import { Group } from '../../components/light/layout';
import { PlainLinks } from '../../components/light/PlainLink';
import { useSession, useSponsor } from '../../lib/session';
import { Brand, PRODUCT_NAME } from '../Brand';
import { LazyNotifications } from '../LazyNotifications';
import { Navigation } from '../Navigation';
import { activeNavItem, MISSING_SPONSOR_MESSAGE, MISSING_SPONSOR_TITLE, needsSponsor } from '../nav';
import { RouteProgress } from '../RouteProgress';
import { SecondFactorGate } from '../SecondFactorGate';
import { SkipLink } from '../SkipLink';
import { SponsorSelect } from '../SponsorSelect';
import { useSessionWatch } from '../session-watch';
import { UserMenu } from '../UserMenu';
import classes from './MainLayout.module.css';

// Dialogs the layout opens by itself, rarely: loaded when first opened.
const AlertDialog = lazy(() => import('../../components/AlertDialog').then((m) => ({ default: m.AlertDialog })));
const IdleWarningDialog = lazy(() => import('../IdleWarningDialog').then((m) => ({ default: m.IdleWarningDialog })));

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
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const idle = useSessionWatch();

  // The dropdowns, menus and tooltips load at the user's first move, not with the first screen.
  useEffect(() => loadInteractiveOnFirstUse(), []);

  // Opening a sponsor screen by its address without a chosen sponsor is stopped the same way.
  useEffect(() => {
    if (sponsorId === 0 && pathname !== '/' && needsSponsor(pathname, search)) setWarning(true);
  }, [sponsorId, pathname, search]);

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
    <ConfirmProvider>
      <PlainLinks>
        <LazyNotifications />
        <div className={classes.shell} data-nav-open={menuOpened || undefined}>
          <SkipLink target="main-content" />
          <header className={classes.header}>
            <RouteProgress />
            <Group justify="space-between" wrap="nowrap" gap="sm" style={{ height: '100%' }}>
              <Group gap="sm" wrap="nowrap">
                <LightBurger
                  opened={menuOpened}
                  onClick={menu.toggle}
                  className="mantine-hidden-from-sm"
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
          </header>
          <div id="main-navigation" className={classes.navbar}>
            <Navigation onBlocked={() => setWarning(true)} onNavigate={menu.close} />
          </div>
          <main id="main-content" tabIndex={-1} className={classes.main}>
            <div className={classes.content}>
              <SecondFactorGate>
                <Outlet />
              </SecondFactorGate>
            </div>
          </main>
        </div>
        <WhenOpened opened={idle.secondsLeft !== null}>
          <IdleWarningDialog warning={idle} />
        </WhenOpened>
        <WhenOpened opened={warning}>
          <AlertDialog
            opened={warning}
            tone="warning"
            title={MISSING_SPONSOR_TITLE}
            message={MISSING_SPONSOR_MESSAGE}
            onClose={closeWarning}
          />
        </WhenOpened>
      </PlainLinks>
    </ConfirmProvider>
  );
}

export { MainLayout as Component };
