import type { RouteObject } from 'react-router';

/** Portals, sub-portals, base packages and active packages (specification section 2). */
export const portalRoutes: RouteObject[] = [
  { path: '/sponsors', lazy: () => import('./SponsorsPage') },
  { path: '/sponsor', lazy: () => import('./SponsorFormPage') },
  { path: '/sponsor/:id', lazy: () => import('./SponsorFormPage') },
  { path: '/advisor-portal', lazy: () => import('./SubPortalsPage') },
  { path: '/advisor-portal-details/:group', lazy: () => import('./SubPortalDetailsPage') },
  { path: '/basepackages', lazy: () => import('./BasePackagesPage') },
  { path: '/packages', lazy: () => import('./ActivePackagesPage') },
];
