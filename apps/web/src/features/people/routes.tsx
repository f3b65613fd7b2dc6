import type { RouteObject } from 'react-router';

/** People screens (specification section 2): administrators, representatives, trusted collaborators. */
export const peopleRoutes: RouteObject[] = [
  { path: '/sponsor-admin', lazy: () => import('./AdminListPage') },
  { path: '/sponsor-admin/:id/said/:said', lazy: () => import('./AdminDetailPage') },
  { path: '/sponsor-trusted-advisors', lazy: () => import('./RepresentativeListPage') },
  { path: '/sponsor-trusted-advisors/:id/staid/:staid', lazy: () => import('./RepresentativeDetailPage') },
  { path: '/trusted-advisors', lazy: () => import('./TrustedCollaboratorsPage') },
  { path: '/trusted-advisor/:id', lazy: () => import('./TrustedCollaboratorDetailPage') },
];
