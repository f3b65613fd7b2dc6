import type { RouteObject } from 'react-router';
import { accountRoutes } from '../features/account/routes';
import { invitationRoutes } from '../features/invitations/routes';
import { messageRoutes } from '../features/messages/routes';
import { operationRoutes } from '../features/operations/routes';
import { overviewRoutes } from '../features/overview/routes';
import { peopleRoutes } from '../features/people/routes';
import { portalRoutes } from '../features/portals/routes';
import { vaultRoutes } from '../features/vaults/routes';
import { AppLoading } from './AppLoading';
import { BlankLayout } from './layouts/BlankLayout';
import { MainLayout } from './layouts/MainLayout';
import { NotFound, RouteError } from './RouteError';

/**
 * The three layout groups of specification section 2. The main layout and the vault list (the screen
 * most users land on) come with the entry, so it needs no second round of chunks; every other screen
 * loads lazily.
 */
const layoutGroups: RouteObject[] = [
  {
    // Only the signed-out screens use it: it loads with them, not with the first screen.
    lazy: () => import('./layouts/LoginLayout').then((m) => ({ Component: m.LoginLayout })),
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppLoading />,
    children: [
      { path: '/login', lazy: () => import('../features/auth/LoginPage') },
      { path: '/set-password', lazy: () => import('../features/auth/SetPasswordPage') },
      { path: '/sso/complete', lazy: () => import('../features/auth/SsoCompletePage') },
    ],
  },
  {
    element: <BlankLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppLoading />,
    children: [{ path: '/health', lazy: () => import('../features/health/HealthPage') }],
  },
  {
    path: '/',
    Component: MainLayout,
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppLoading />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...vaultRoutes,
          ...overviewRoutes,
          ...peopleRoutes,
          ...portalRoutes,
          ...invitationRoutes,
          ...operationRoutes,
          ...messageRoutes,
          ...accountRoutes,
          { path: '/logout', lazy: () => import('../features/auth/LogoutPage') },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

/** Every lazy screen also loads the stylesheets the first screen left out (once; later screens find them loaded). */
function withLaterStyles(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const { lazy, children } = route;
    const wrapped = { ...route } as RouteObject;
    if (typeof lazy === 'function') {
      wrapped.lazy = (() => Promise.all([import('./layouts/later-styles'), lazy()]).then(([, m]) => m)) as typeof lazy;
    }
    if (children) wrapped.children = withLaterStyles(children);
    return wrapped;
  });
}

/** The route table the browser's router and the server's first screen both use. */
export const routes = withLaterStyles(layoutGroups);
