import type { RouteObject } from 'react-router';

/** The Messages screen (issue 34, decision 0044): loads when first opened. */
export const messageRoutes: RouteObject[] = [{ path: '/messages', lazy: () => import('./MessagesPage') }];
