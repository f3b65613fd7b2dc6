import type { RouteObject } from 'react-router';

/** The Overview screen (issue 35, decision 0046): its code and the charts load when it is first opened. */
export const overviewRoutes: RouteObject[] = [{ path: '/overview', lazy: () => import('./OverviewPage') }];
