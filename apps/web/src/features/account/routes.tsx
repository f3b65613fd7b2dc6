import type { RouteObject } from 'react-router';

/** The signed-in person's own account. */
export const accountRoutes: RouteObject[] = [{ path: '/account', lazy: () => import('./AccountPage') }];
